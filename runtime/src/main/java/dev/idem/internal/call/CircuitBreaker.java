package dev.idem.internal.call;

import java.util.concurrent.atomic.AtomicReference;

/**
 * One tool's circuit breaker: opens after {@code failureThreshold} consecutive transient
 * failures, stays open for {@code openMillis}, then lets exactly one probe through (half-open);
 * the probe's success closes it, its failure opens it again.
 *
 * <p>Only transient failures (timeouts, rate limits, connection errors, unknown) count: a
 * returned value or a terminal answer (rejected, permission denied, a bug) means the dependency
 * answered, and counts as a success.
 *
 * <p>Shared by every call of the tool on any thread: the state is one immutable value swapped
 * with compare-and-set, so no lock is held while bodies run.
 */
public final class CircuitBreaker {

    private enum Phase { CLOSED, OPEN, HALF_OPEN }

    private record State(Phase phase, int consecutiveFailures, long openedAtMillis) {}

    private static final State CLOSED = new State(Phase.CLOSED, 0, 0);

    private final int failureThreshold;
    private final long openMillis;
    private final AtomicReference<State> state = new AtomicReference<>(CLOSED);

    public CircuitBreaker(int failureThreshold, long openMillis) {
        this.failureThreshold = failureThreshold;
        this.openMillis = openMillis;
    }

    /** Whether a body run may start now; when half-open, true for exactly one caller (the probe). */
    public boolean tryAcquire(long nowMillis) {
        while (true) {
            State current = state.get();
            switch (current.phase()) {
                case CLOSED:
                    return true;
                case HALF_OPEN:
                    return false;
                default:
                    if (nowMillis - current.openedAtMillis() < openMillis) {
                        return false;
                    }
                    State probing = new State(Phase.HALF_OPEN, current.consecutiveFailures(), current.openedAtMillis());
                    if (state.compareAndSet(current, probing)) {
                        return true;
                    }
            }
        }
    }

    public void onSuccess() {
        // Nearly every call succeeds on a closed breaker: read, and write only when there is
        // something to reset, so calls on many threads do not fight over this one cache line.
        if (state.get() != CLOSED) {
            state.set(CLOSED);
        }
    }

    public void onFailure(long nowMillis) {
        state.updateAndGet(current -> {
            if (current.phase() == Phase.HALF_OPEN) {
                return new State(Phase.OPEN, current.consecutiveFailures() + 1, nowMillis);
            }
            if (current.phase() == Phase.OPEN) {
                return current;
            }
            int failures = current.consecutiveFailures() + 1;
            return failures >= failureThreshold
                    ? new State(Phase.OPEN, failures, nowMillis)
                    : new State(Phase.CLOSED, failures, 0);
        });
    }

    public boolean isOpen(long nowMillis) {
        State current = state.get();
        return current.phase() == Phase.HALF_OPEN
                || current.phase() == Phase.OPEN && nowMillis - current.openedAtMillis() < openMillis;
    }
}
