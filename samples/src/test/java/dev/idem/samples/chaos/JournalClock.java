package dev.idem.samples.chaos;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that reads the real time plus a jump: a restart on a shared journal happens "after the
 * dead owner's leases ended" by moving this clock, not by waiting.
 */
final class JournalClock extends Clock {
    private volatile Duration ahead = Duration.ZERO;

    /** Moves the clock forward by {@code duration}. */
    void jump(Duration duration) {
        ahead = ahead.plus(duration);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a journal clock stays in UTC");
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(ahead);
    }
}
