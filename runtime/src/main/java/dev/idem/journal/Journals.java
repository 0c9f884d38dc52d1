package dev.idem.journal;

import java.time.Duration;
import java.util.Objects;

/** Argument checks every journal makes, with the same messages. */
final class Journals {

    private Journals() {}

    static void checkClaim(CallIntent intent, String owner, Duration lease) {
        Objects.requireNonNull(intent, "intent");
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("owner must not be blank");
        }
        requirePositive(lease, "lease");
    }

    static Duration requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
        return value;
    }
}
