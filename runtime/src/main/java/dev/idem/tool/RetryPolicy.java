package dev.idem.tool;

import dev.idem.ErrorType;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * How often and how patiently a failed tool body is run again. Immutable; invalid values are
 * rejected with a message naming the field.
 *
 * <pre>{@code
 * RetryPolicy policy = RetryPolicy.builder().maxAttempts(5).initialDelayMs(200).jitter(true).build();
 * }</pre>
 *
 * @param maxAttempts    cap on body runs for one call, the first included; at least 1
 * @param initialDelayMs delay before the first retry; at least 0
 * @param backoffFactor  multiplier per retry; at least 1.0
 * @param maxDelayMs     cap on any single delay; at least {@code initialDelayMs}
 * @param jitter         whether delays are spread by {@code +-jitterFactor}
 * @param jitterFactor   relative spread, in [0, 1]
 * @param retryOn        error types that may be retried (terminal types are never retried)
 */
public record RetryPolicy(
        int maxAttempts,
        long initialDelayMs,
        double backoffFactor,
        long maxDelayMs,
        boolean jitter,
        double jitterFactor,
        Set<ErrorType> retryOn) {

    /** 3 attempts, 1000 ms doubling up to 30000 ms, no jitter, retry on TIMEOUT, RATE_LIMIT, CONNECTION_ERROR. */
    public static final RetryPolicy DEFAULT = builder().build();

    /** One attempt, never retried. */
    public static final RetryPolicy NO_RETRY = builder().maxAttempts(1).build();

    /**
     * Checks every value's range and copies {@code retryOn}.
     *
     * @param maxAttempts    cap on body runs for one call, the first included; at least 1
     * @param initialDelayMs delay before the first retry; at least 0
     * @param backoffFactor  multiplier per retry; at least 1.0
     * @param maxDelayMs     cap on any single delay; at least {@code initialDelayMs}
     * @param jitter         whether delays are spread by {@code +-jitterFactor}
     * @param jitterFactor   relative spread, in [0, 1]
     * @param retryOn        error types that may be retried (terminal types are never retried)
     * @throws IllegalArgumentException when a value is out of range
     */
    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        }
        if (initialDelayMs < 0) {
            throw new IllegalArgumentException("initialDelayMs must be at least 0, was " + initialDelayMs);
        }
        if (!(backoffFactor >= 1.0) || Double.isInfinite(backoffFactor)) {
            throw new IllegalArgumentException("backoffFactor must be a finite number of at least 1.0, was " + backoffFactor);
        }
        if (maxDelayMs < initialDelayMs) {
            throw new IllegalArgumentException(
                    "maxDelayMs must be at least initialDelayMs (" + initialDelayMs + "), was " + maxDelayMs);
        }
        if (!(jitterFactor >= 0.0 && jitterFactor <= 1.0)) {
            throw new IllegalArgumentException("jitterFactor must be in [0, 1], was " + jitterFactor);
        }
        retryOn = retryOn.isEmpty()
                ? Collections.unmodifiableSet(EnumSet.noneOf(ErrorType.class))
                : Collections.unmodifiableSet(EnumSet.copyOf(retryOn));
    }

    /**
     * Whether this policy names the given type as retryable.
     *
     * @param type an error type
     * @return whether {@link #retryOn()} names it
     */
    public boolean retries(ErrorType type) {
        return type.isRetryable() && retryOn.contains(type);
    }

    /**
     * The delay before retry number {@code retry} (1 = the first retry):
     * {@code min(initialDelayMs * backoffFactor^(retry-1), maxDelayMs)}, then, with jitter,
     * spread by {@code (2 * random - 1) * jitterFactor} and clamped to {@code [0, maxDelayMs]}.
     *
     * @param random a uniform value in [0, 1); ignored without jitter
     * @param retry the retry's number, 1 for the first
     * @return the delay in ms, at most {@link #maxDelayMs()}
     */
    public long delayMs(int retry, double random) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry must be at least 1, was " + retry);
        }
        double base = Math.min(initialDelayMs * Math.pow(backoffFactor, retry - 1), maxDelayMs);
        if (jitter) {
            base += base * jitterFactor * (2 * random - 1);
        }
        return (long) Math.max(0, Math.min(base, maxDelayMs));
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a builder holding {@link #DEFAULT}'s values
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder starting from this policy.
     *
     * @return a builder holding this policy's values
     */
    public Builder toBuilder() {
        return new Builder()
                .maxAttempts(maxAttempts)
                .initialDelayMs(initialDelayMs)
                .backoffFactor(backoffFactor)
                .maxDelayMs(maxDelayMs)
                .jitter(jitter)
                .jitterFactor(jitterFactor)
                .retryOn(retryOn);
    }

    /** Builds a {@link RetryPolicy}; unset fields keep the defaults. */
    public static final class Builder {
        private int maxAttempts = 3;
        private long initialDelayMs = 1000;
        private double backoffFactor = 2.0;
        private long maxDelayMs = 30000;
        private boolean jitter;
        private double jitterFactor = 0.25;
        private Set<ErrorType> retryOn =
                EnumSet.of(ErrorType.TIMEOUT, ErrorType.RATE_LIMIT, ErrorType.CONNECTION_ERROR);

        private Builder() {}

        /**
         * Sets the cap on body runs.
         *
         * @param value cap on body runs for one call, the first included; at least 1
         * @return this builder
         */
        public Builder maxAttempts(int value) {
            this.maxAttempts = value;
            return this;
        }

        /**
         * Sets the delay before the first retry, in ms.
         *
         * @param value delay before the first retry; at least 0
         * @return this builder
         */
        public Builder initialDelayMs(long value) {
            this.initialDelayMs = value;
            return this;
        }

        /**
         * Sets the multiplier per retry.
         *
         * @param value multiplier per retry; at least 1.0
         * @return this builder
         */
        public Builder backoffFactor(double value) {
            this.backoffFactor = value;
            return this;
        }

        /**
         * Sets the cap on any single delay, in ms.
         *
         * @param value cap on any single delay; at least {@code initialDelayMs}
         * @return this builder
         */
        public Builder maxDelayMs(long value) {
            this.maxDelayMs = value;
            return this;
        }

        /**
         * Sets whether delays are spread.
         *
         * @param value whether delays are spread by {@code +-jitterFactor}
         * @return this builder
         */
        public Builder jitter(boolean value) {
            this.jitter = value;
            return this;
        }

        /**
         * Sets the relative spread of delays.
         *
         * @param value relative spread, in [0, 1]
         * @return this builder
         */
        public Builder jitterFactor(double value) {
            this.jitterFactor = value;
            return this;
        }

        /**
         * Sets the error types that may be retried.
         *
         * @param value error types that may be retried (terminal types are never retried)
         * @return this builder
         */
        public Builder retryOn(Set<ErrorType> value) {
            this.retryOn = value.isEmpty() ? EnumSet.noneOf(ErrorType.class) : EnumSet.copyOf(value);
            return this;
        }

        /**
         * Sets the error types that may be retried.
         *
         * @param value error types that may be retried (terminal types are never retried)
         * @return this builder
         */
        public Builder retryOn(ErrorType... value) {
            this.retryOn = EnumSet.noneOf(ErrorType.class);
            Collections.addAll(this.retryOn, value);
            return this;
        }

        /**
         * Builds the policy.
         *
         * @return the policy
         * @throws IllegalArgumentException when a value is out of range
         */
        public RetryPolicy build() {
            return new RetryPolicy(maxAttempts, initialDelayMs, backoffFactor, maxDelayMs, jitter, jitterFactor, retryOn);
        }
    }
}
