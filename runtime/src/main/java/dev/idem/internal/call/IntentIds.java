package dev.idem.internal.call;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.UUID;

/**
 * Fresh intent ids for runs the caller gave none: random UUIDs (version 4), as
 * {@link UUID#randomUUID()} makes them, from a strong generator of this thread's own. The JDK's
 * shared generator takes one lock for every caller, so calls on many threads would queue there;
 * unguessable they must stay, since the intent id is part of the idempotency key services see.
 *
 * <p>The generator's fixed cost per request (reseed check, state update) outweighs its cost per
 * byte, so each thread draws the bytes of {@value #IDS_PER_DRAW} ids at once and hands them out
 * one by one: the same generator's output, each byte used once.
 */
public final class IntentIds {

    public static final int IDS_PER_DRAW = 32;
    private static final int ID_BYTES = 16;

    private static final ThreadLocal<Source> SOURCES = ThreadLocal.withInitial(Source::new);

    private IntentIds() {}

    public static String next() {
        Source source = SOURCES.get();
        byte[] bytes = source.bytes;
        if (source.next == bytes.length) {
            source.random.nextBytes(bytes);
            source.next = 0;
        }
        int at = source.next;
        source.next = at + ID_BYTES;
        long most = 0;
        long least = 0;
        for (int i = 0; i < 8; i++) {
            most = most << 8 | bytes[at + i] & 0xff;
            least = least << 8 | bytes[at + 8 + i] & 0xff;
        }
        most = most & ~0xf000L | 0x4000L; // version 4
        least = least & 0x3fffffffffffffffL | 0x8000000000000000L; // IETF variant
        return new UUID(most, least).toString();
    }

    /** One thread's generator and the part of its last draw not handed out yet. */
    private static final class Source {
        public final SecureRandom random = newRandom();
        public final byte[] bytes = new byte[IDS_PER_DRAW * ID_BYTES];
        public int next = bytes.length;

        private static SecureRandom newRandom() {
            try {
                return SecureRandom.getInstance("DRBG"); // self-seeded from the system's entropy, one per thread
            } catch (NoSuchAlgorithmException e) {
                return new SecureRandom();
            }
        }
    }
}
