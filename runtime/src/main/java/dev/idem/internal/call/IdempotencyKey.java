package dev.idem.internal.call;

import dev.idem.internal.canonical.CanonicalWriter;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * Derives the idempotency key of a call intent: {@code "idem-" + hex(SHA-256(intentId, tool name,
 * canonical arguments))}. Born with the intent, not with the attempt: every attempt, and the same
 * call re-issued later in the same run, gets the same key; another intent or other arguments get
 * another key.
 */
public final class IdempotencyKey {

    private static final byte[] PREFIX = "idem-".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final int DIGEST_LENGTH = 32;
    private static final int KEY_LENGTH = PREFIX.length + 2 * DIGEST_LENGTH;
    private static final int MAX_KEPT_HEADER_BYTES = 64 * 1024;

    // Never updated, only cloned: a clone is far cheaper than a provider lookup.
    private static final MessageDigest PROTOTYPE = newSha256();

    // One digest and one buffer per thread, reused call after call: nothing allocated but the key
    // itself, and nothing shared between threads. Nothing between update and digest can call back
    // in, so a thread never needs two at once.
    private static final ThreadLocal<Workspace> WORKSPACES = ThreadLocal.withInitial(Workspace::new);

    private IdempotencyKey() {}

    /** The key for canonical arguments given as text. */
    public static String derive(String intentId, String toolName, String canonicalArguments) {
        Workspace work = WORKSPACES.get();
        byte[] canonical = canonicalArguments.getBytes(StandardCharsets.UTF_8);
        header(work, intentId, toolName, canonical.length);
        work.sha256.update(canonical);
        return finish(work);
    }

    /** The key for the canonical arguments {@code canonical} holds; the same key as for their text. */
    public static String derive(String intentId, String toolName, CanonicalWriter canonical) {
        Workspace work = WORKSPACES.get();
        header(work, intentId, toolName, canonical.length());
        canonical.updateDigest(work.sha256);
        return finish(work);
    }

    /**
     * Feeds the intent id, the tool name and the length of the canonical arguments, each
     * length-prefixed so ("ab", "c") and ("a", "bc") cannot collide, to the digest in one update:
     * the digest's fixed cost per update is worth more than the copy.
     */
    private static void header(Workspace work, String intentId, String toolName, int canonicalLength) {
        work.length = 0;
        part(work, intentId);
        part(work, toolName);
        length(work, canonicalLength);
        work.sha256.update(work.header, 0, work.length);
        if (work.header.length > MAX_KEPT_HEADER_BYTES) {
            work.header = new byte[256]; // one huge intent id does not stay with the thread
        }
    }

    private static void part(Workspace work, String text) {
        int n = text.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) {
            ascii = text.charAt(i) < 0x80;
        }
        if (!ascii) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            length(work, bytes.length);
            work.ensure(bytes.length);
            System.arraycopy(bytes, 0, work.header, work.length, bytes.length);
            work.length += bytes.length;
            return;
        }
        length(work, n);
        work.ensure(n);
        byte[] header = work.header;
        int at = work.length;
        for (int i = 0; i < n; i++) {
            header[at + i] = (byte) text.charAt(i);
        }
        work.length = at + n;
    }

    /** The decimal length and a colon. */
    private static void length(Workspace work, int length) {
        work.ensure(11);
        int digits = 1;
        for (int bound = 10; digits < 10 && length >= bound; bound *= 10) {
            digits++;
        }
        int value = length;
        for (int i = work.length + digits - 1; i >= work.length; i--) {
            work.header[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        work.length += digits;
        work.header[work.length++] = ':';
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
        public final MessageDigest sha256;
        public final byte[] buffer = new byte[KEY_LENGTH + DIGEST_LENGTH];
        public byte[] header = new byte[256];
        public int length;

        public Workspace() {
            MessageDigest digest;
            try {
                digest = (MessageDigest) PROTOTYPE.clone();
            } catch (CloneNotSupportedException e) {
                digest = newSha256();
            }
            this.sha256 = digest;
        }

        public void ensure(int more) {
            if (length + more > header.length) {
                header = Arrays.copyOf(header, Math.max(header.length * 2, length + more));
            }
        }
    }
}
