package dev.idem.journal;

import java.time.Instant;
import java.util.Objects;

/**
 * One journaled call intent, as a journal stores it.
 *
 * @param key           the idempotency key (the record's identity)
 * @param intentId      the run's intent id
 * @param tool          the tool name
 * @param argumentsHash a hash of the canonical arguments
 * @param status        where the call stands
 * @param epoch         the fencing token: raised by every claim that (re)starts the body, so an owner
 *                      that lost its claim cannot overwrite the new owner's outcome
 * @param owner         who claimed it last (a process or replica name)
 * @param attempts      body runs recorded so far, all owners together
 * @param resultJson    the exact result JSON when SUCCEEDED, else {@code null}
 * @param error         the error when FAILED or OUTCOME_UNKNOWN, else {@code null}
 * @param createdAt     when the intent was first claimed
 * @param updatedAt     when the record last changed
 * @param leaseUntil    while STARTED, until when the owner's claim holds; while OUTCOME_UNKNOWN
 *                      with a body that may still be running, until when its owner holds it (renewed
 *                      until the body returns); otherwise {@code null}
 * @param expiresAt     from when the record may be purged; a completed record past it is forgotten
 * @param resolution    who resolved an unknown outcome by hand, how and why; {@code null} unless resolved
 */
public record CallRecord(
        String key,
        String intentId,
        String tool,
        String argumentsHash,
        CallStatus status,
        long epoch,
        String owner,
        int attempts,
        String resultJson,
        CallError error,
        Instant createdAt,
        Instant updatedAt,
        Instant leaseUntil,
        Instant expiresAt,
        Resolution resolution) {

    /**
     * Checks that the record's values are present and agree with its status.
     *
     * @param key           the idempotency key (the record's identity)
     * @param intentId      the run's intent id
     * @param tool          the tool name
     * @param argumentsHash a hash of the canonical arguments
     * @param status        where the call stands
     * @param epoch         the fencing token: raised by every claim that (re)starts the body, so an owner
     *     that lost its claim cannot overwrite the new owner's outcome
     * @param owner         who claimed it last (a process or replica name)
     * @param attempts      body runs recorded so far, all owners together
     * @param resultJson    the exact result JSON when SUCCEEDED, else {@code null}
     * @param error         the error when FAILED or OUTCOME_UNKNOWN, else {@code null}
     * @param createdAt     when the intent was first claimed
     * @param updatedAt     when the record last changed
     * @param leaseUntil    while STARTED, until when the owner's claim holds; while OUTCOME_UNKNOWN
 *                      with a body that may still be running, until when its owner holds it (renewed
 *                      until the body returns); otherwise {@code null}
     * @param expiresAt     from when the record may be purged; a completed record past it is forgotten
     * @param resolution    who resolved an unknown outcome by hand, how and why; {@code null} unless resolved
     * @throws IllegalArgumentException when they do not
     */
    public CallRecord {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(intentId, "intentId");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(argumentsHash, "argumentsHash");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (status == CallStatus.STARTED) {
            Objects.requireNonNull(leaseUntil, "leaseUntil (a STARTED record has a lease)");
        }
        if (status == CallStatus.SUCCEEDED) {
            Objects.requireNonNull(resultJson, "resultJson (a SUCCEEDED record has a result)");
        }
        if (status == CallStatus.FAILED || status == CallStatus.OUTCOME_UNKNOWN) {
            Objects.requireNonNull(error, "error (a " + status + " record has an error)");
        }
        if (epoch < 1) {
            throw new IllegalArgumentException("epoch must be at least 1, was " + epoch);
        }
    }

    /**
     * A record no one resolved by hand.
     *
     * @param key           the idempotency key (the record's identity)
     * @param intentId      the run's intent id
     * @param tool          the tool name
     * @param argumentsHash a hash of the canonical arguments
     * @param status        where the call stands
     * @param epoch         the fencing token
     * @param owner         who claimed it last
     * @param attempts      body runs recorded so far, all owners together
     * @param resultJson    the exact result JSON when SUCCEEDED, else {@code null}
     * @param error         the error when FAILED or OUTCOME_UNKNOWN, else {@code null}
     * @param createdAt     when the intent was first claimed
     * @param updatedAt     when the record last changed
     * @param leaseUntil    while STARTED, until when the owner's claim holds; while OUTCOME_UNKNOWN
 *                      with a body that may still be running, until when its owner holds it (renewed
 *                      until the body returns); otherwise {@code null}
     * @param expiresAt     from when the record may be purged
     */
    public CallRecord(String key, String intentId, String tool, String argumentsHash, CallStatus status, long epoch,
            String owner, int attempts, String resultJson, CallError error, Instant createdAt, Instant updatedAt,
            Instant leaseUntil, Instant expiresAt) {
        this(key, intentId, tool, argumentsHash, status, epoch, owner, attempts, resultJson, error, createdAt,
                updatedAt, leaseUntil, expiresAt, null);
    }

    /**
     * The intent this record was claimed for.
     *
     * @return the intent: key, intent id, tool and arguments hash
     */
    public CallIntent intent() {
        return new CallIntent(key, intentId, tool, argumentsHash);
    }

    /**
     * Whether a STARTED record's owner still holds its claim at {@code now}.
     *
     * @param now the time to judge at
     * @return whether the record is STARTED and its lease runs past {@code now}
     */
    public boolean leaseHeldAt(Instant now) {
        return status == CallStatus.STARTED && leaseUntil.isAfter(now);
    }

    /**
     * Whether a body that an attempt of this call abandoned may still reach the service at
     * {@code now}: the record is OUTCOME_UNKNOWN and its owner still holds the lease it renews until
     * that body returns. While it does, a verifier's NOT_APPLIED is no evidence.
     *
     * @param now the time to judge at
     * @return whether the record is OUTCOME_UNKNOWN and its owner's lease runs past {@code now}
     */
    public boolean abandonedBodyMayRunAt(Instant now) {
        return status == CallStatus.OUTCOME_UNKNOWN && leaseUntil != null && leaseUntil.isAfter(now);
    }
}
