package dev.idem.tool;

import dev.idem.internal.canonical.CanonicalWriter;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Derives the idempotency key of a call intent: {@code "idem-" + hex(SHA-256(intentId, tool name,
 * canonical arguments))}. Born with the intent, not with the attempt: every attempt, and the same
 * call re-issued later in the same run, gets the same key; another intent or other arguments get
 * another key.
 */
final class IdempotencyKey {

    private static final byte[] PREFIX = "idem-".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final int DIGEST_LENGTH = 32;
    private static final int KEY_LENGTH = PREFIX.length + 2 * DIGEST_LENGTH;

    // Never updated, only cloned: a clone is far cheaper than a provider lookup.
    private static final MessageDigest PROTOTYPE = newSha256();

    // One digest and one buffer per thread, reused call after call: nothing allocated but the key
    // itself, and nothing shared between threads. Nothing between update and digest can call back
    // in, so a thread never needs two at once.
    private static final ThreadLocal<Workspace> WORKSPACES = ThreadLocal.withInitial(Workspace::new);

    private IdempotencyKey() {}

    /** The key for canonical arguments given as text. */
    static String derive(String intentId, String toolName, String canonicalArguments) {
        Workspace work = WORKSPACES.get();
        part(work, intentId);
        part(work, toolName);
        byte[] canonical = canonicalArguments.getBytes(StandardCharsets.UTF_8);
        length(work, canonical.length);
        work.sha256.update(canonical);
        return finish(work);
    }

    /** The key for the canonical arguments {@code canonical} holds; the same key as for their text. */
    static String derive(String intentId, String toolName, CanonicalWriter canonical) {
        Workspace work = WORKSPACES.get();
        part(work, intentId);
        part(work, toolName);
        length(work, canonical.length());
        canonical.updateDigest(work.sha256);
        return finish(work);
    }

    /** Length-prefixed, so ("ab", "c") and ("a", "bc") cannot collide. */
    private static void part(Workspace work, String text) {
        int n = text.length();
        if (n <= work.buffer.length) {
            boolean ascii = true;
            for (int i = 0; i < n && ascii; i++) {
                char c = text.charAt(i);
                ascii = c < 0x80;
                work.buffer[i] = (byte) c;
            }
            if (ascii) {
                length(work, n);
                work.sha256.update(work.buffer, 0, n);
                return;
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        length(work, bytes.length);
        work.sha256.update(bytes);
    }

    /** The decimal length and a colon. */
    private static void length(Workspace work, int length) {
        int n = 0;
        byte[] digits = work.digits;
        int value = length;
        do {
            digits[digits.length - 1 - n++] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value > 0);
        work.sha256.update(digits, digits.length - n, n);
        work.sha256.update((byte) ':');
    }

    private static String finish(Workspace work) {
        byte[] out = work.buffer;
        try {
            work.sha256.digest(out, KEY_LENGTH, DIGEST_LENGTH);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-256 gives 32 bytes", e);
        }
        System.arraycopy(PREFIX, 0, out, 0, PREFIX.length);
        for (int i = 0; i < DIGEST_LENGTH; i++) {
            int b = out[KEY_LENGTH + i] & 0xFF;
            out[PREFIX.length + 2 * i] = HEX[b >>> 4];
            out[PREFIX.length + 2 * i + 1] = HEX[b & 0xF];
        }
        return new String(out, 0, KEY_LENGTH, StandardCharsets.ISO_8859_1);
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must support SHA-256", e);
        }
    }

    /** A thread's digest and scratch bytes. */
    private static final class Workspace {
        final MessageDigest sha256;
        final byte[] buffer = new byte[256];
        final byte[] digits = new byte[10];

        Workspace() {
            MessageDigest digest;
            try {
                digest = (MessageDigest) PROTOTYPE.clone();
            } catch (CloneNotSupportedException e) {
                digest = newSha256();
            }
            this.sha256 = digest;
        }
    }
}
