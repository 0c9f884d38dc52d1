package dev.idem.tool;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.UUID;

/**
 * Fresh intent ids for runs the caller gave none: random UUIDs (version 4), as
 * {@link UUID#randomUUID()} makes them, from a strong generator of this thread's own. The JDK's
 * shared generator takes one lock for every caller, so calls on many threads would queue there;
 * unguessable they must stay, since the intent id is part of the idempotency key services see.
 */
final class IntentIds {

    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(IntentIds::newRandom);

    private IntentIds() {}

    static String next() {
        byte[] bytes = new byte[16];
        RANDOM.get().nextBytes(bytes);
        bytes[6] = (byte) (bytes[6] & 0x0f | 0x40); // version 4
        bytes[8] = (byte) (bytes[8] & 0x3f | 0x80); // IETF variant
        long most = 0;
        long least = 0;
        for (int i = 0; i < 8; i++) {
            most = most << 8 | bytes[i] & 0xff;
            least = least << 8 | bytes[8 + i] & 0xff;
        }
        return new UUID(most, least).toString();
    }

    private static SecureRandom newRandom() {
        try {
            return SecureRandom.getInstance("DRBG"); // self-seeded from the system's entropy, one per thread
        } catch (NoSuchAlgorithmException e) {
            return new SecureRandom();
        }
    }
}
