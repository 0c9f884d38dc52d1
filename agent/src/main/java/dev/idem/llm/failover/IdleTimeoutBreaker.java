package dev.idem.llm.failover;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts consecutive idle timeouts of one model client and opens after {@code threshold} of them
 * (default 3), so that a provider that went quiet is surfaced instead of being waited on forever.
 * Any successful call closes it again. Other failures neither count nor reset: they say nothing
 * about whether the connection idles. Thread-safe; one instance per model client, shared by all
 * calls through it.
 *
 * <pre>{@code
 * IdleTimeoutBreaker breaker = new IdleTimeoutBreaker(3);
 * boolean open = breaker.recordIdleTimeout(); // true on the third in a row
 * breaker.recordSuccess();                     // closed again
 * }</pre>
 */
public final class IdleTimeoutBreaker {
    private final int threshold;
    private final AtomicInteger consecutive = new AtomicInteger();

    /** A breaker that opens after 3 consecutive idle timeouts. */
    public IdleTimeoutBreaker() {
        this(3);
    }

    /**
     * A breaker that opens after {@code threshold} consecutive idle timeouts.
     *
     * @param threshold the consecutive idle timeouts that open the breaker, at least 1
     */
    public IdleTimeoutBreaker(int threshold) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1, was " + threshold);
        }
        this.threshold = threshold;
    }

    /**
     * Counts one more idle timeout; returns whether the breaker is now open.
     *
     * @return true when the breaker is open
     */
    public boolean recordIdleTimeout() {
        // Saturate rather than overflow on a client that idles for ever.
        int count = consecutive.updateAndGet(current -> current == Integer.MAX_VALUE ? current : current + 1);
        return count >= threshold;
    }

    /** A call succeeded: the count starts again from zero. */
    public void recordSuccess() {
        consecutive.set(0);
    }

    /**
     * Whether the last {@code threshold} or more outcomes were all idle timeouts.
     *
     * @return true when the breaker is open
     */
    public boolean isOpen() {
        return consecutive.get() >= threshold;
    }

    /**
     * Idle timeouts since the last success.
     *
     * @return the consecutive idle timeouts
     */
    public int consecutiveIdleTimeouts() {
        return consecutive.get();
    }

    /**
     * How many consecutive idle timeouts open the breaker.
     *
     * @return the threshold, at least 1
     */
    public int threshold() {
        return threshold;
    }
}
