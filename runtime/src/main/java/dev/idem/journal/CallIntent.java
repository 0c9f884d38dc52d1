package dev.idem.journal;

import java.util.Objects;

/**
 * What a claim is about: one call intent, named by its idempotency key, with what the key was
 * derived from so that a claim of the same key for another tool or other arguments is told apart
 * ({@link Claim.Conflict}).
 *
 * @param key           the idempotency key every attempt of the intent shares
 * @param intentId      the run's intent id (the click, the ticket)
 * @param tool          the tool name
 * @param argumentsHash a hash of the canonical arguments (hex SHA-256 in the executor)
 */
public record CallIntent(String key, String intentId, String tool, String argumentsHash) {

    /**
     * Checks that every component is present and the key is not empty.
     *
     * @param key           the idempotency key every attempt of the intent shares
     * @param intentId      the run's intent id (the click, the ticket)
     * @param tool          the tool name
     * @param argumentsHash a hash of the canonical arguments (hex SHA-256 in the executor)
     * @throws IllegalArgumentException when the key is empty
     */
    public CallIntent {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(intentId, "intentId");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(argumentsHash, "argumentsHash");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key must not be empty");
        }
    }

    /**
     * Whether {@code record} was claimed for this same intent (tool, arguments and intent id).
     *
     * @param record a record found under this intent's key
     * @return whether its tool, arguments hash and intent id are this intent's
     */
    public boolean matches(CallRecord record) {
        return record.intentId().equals(intentId) && record.tool().equals(tool)
                && record.argumentsHash().equals(argumentsHash);
    }
}
