package dev.idem.tool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Derives the idempotency key of a call intent: {@code "idem-" + hex(SHA-256(intentId, tool name,
 * canonical arguments))}. Born with the intent, not with the attempt: every attempt, and the same
 * call re-issued later in the same run, gets the same key; another intent or other arguments get
 * another key.
 */
final class IdempotencyKey {

    private static final String PREFIX = "idem-";

    // Never updated, only cloned: a clone is far cheaper than a provider lookup on every call.
    private static final MessageDigest PROTOTYPE = newSha256();

    private IdempotencyKey() {}

    static String derive(String intentId, String toolName, String canonicalArguments) {
        MessageDigest sha256 = freshSha256();
        // Length-prefixed parts, so ("ab", "c") and ("a", "bc") cannot collide.
        for (String part : new String[] {intentId, toolName, canonicalArguments}) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            sha256.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            sha256.update((byte) ':');
            sha256.update(bytes);
        }
        return PREFIX + HexFormat.of().formatHex(sha256.digest());
    }

    private static MessageDigest freshSha256() {
        try {
            return (MessageDigest) PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return newSha256();
        }
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must support SHA-256", e);
        }
    }
}
