package dev.idem.llm.failover;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.failover.FailoverDecision.Reason;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Decides what to do after a failed model call: the one place that answers "retry, rotate or
 * surface, and after how long". Immutable and thread-safe.
 *
 * <p>Rules, in order, first match wins:
 * <ol>
 *   <li><b>Replay gate.</b> On a turn that exposes tools, a {@code MAYBE_PROCESSED} failure
 *       surfaces as {@link Reason#PROVIDER_OUTCOME_UNKNOWN}, whatever its kind and whatever the
 *       server says: the provider may already have acted on the request.</li>
 *   <li><b>Stream fallback.</b> A stream that was itself unusable (FORMAT_ERROR or EMPTY_RESPONSE
 *       without an HTTP status) is sent once more without streaming, at once, if attempts remain.
 *       Not an answer over the size bound (RESPONSE_TOO_LARGE): it would be over it again.</li>
 *   <li><b>Permanent kinds</b> surface at once: AUTH_PERMANENT, MODEL_NOT_FOUND, FORMAT_ERROR,
 *       RESPONSE_TOO_LARGE, BILLING, CONTEXT_OVERFLOW. Sending the same request again cannot fix them, so not even
 *       {@code x-should-retry: true} retries them (the classifier already let that header turn
 *       a kind guessed from the status alone into UNKNOWN). One exception: AUTH_PERMANENT with
 *       another provider profile configured goes on to the rules below and rotates, because the
 *       key is bad for its own profile only.</li>
 *   <li><b>{@code x-should-retry: false}</b> surfaces ({@link Reason#SERVER_DECLINED_RETRY}),
 *       rotation included: the server knows best that the request should not be sent again.</li>
 *   <li><b>Attempt cap</b>: the attempt that failed was number {@code maxAttempts} (every
 *       attempt counts, on every profile).</li>
 *   <li><b>By kind</b>:
 *     <ul>
 *       <li>AUTH rotates to the next provider profile when one is configured; otherwise it
 *           surfaces, unless the server said {@code x-should-retry: true}.</li>
 *       <li>AUTH_PERMANENT (only reached with another profile) rotates to it.</li>
 *       <li>RATE_LIMIT waits for the server's hint, else {@code rateLimitBaseMs * 2^(n-1)}
 *           capped at {@code maxBackoffMs} and spread by {@code +-jitterFactor}.</li>
 *       <li>OVERLOADED waits for the hint, else {@code 2 s, 4 s, 8 s ...} capped at 30 s.</li>
 *       <li>IDLE_TIMEOUT surfaces when the idle breaker is open, else as OVERLOADED.</li>
 *       <li>UNKNOWN and EMPTY_RESPONSE are retried at most {@code transientRetries} (2) times,
 *           more only when the server said {@code x-should-retry: true}; they wait for the
 *           hint, else {@code 1 s, 2 s ...}.</li>
 *     </ul>
 *     {@code n} counts failures of the same kind in this call. A hint above
 *     {@code maxRetryHintMs} (default 60 s) surfaces at once ({@link Reason#RETRY_HINT_TOO_LONG})
 *     instead of sleeping.</li>
 * </ol>
 *
 * <pre>{@code
 * FailoverPolicy policy = FailoverPolicy.builder().maxAttempts(3).maxRetryHintMs(10_000).build();
 * FailoverDecision decision = policy.decide(classifier.classify(error), FailoverContext.firstAttempt(false));
 * }</pre>
 */
public final class FailoverPolicy {
    /** 4 attempts, hints up to 60 s, the backoffs listed in the class comment. */
    public static final FailoverPolicy DEFAULT = builder().build();

    private final int maxAttempts;
    private final long maxRetryHintMs;
    private final long rateLimitBaseMs;
    private final long overloadBaseMs;
    private final long transientBaseMs;
    private final long maxBackoffMs;
    private final int transientRetries;
    private final double jitterFactor;
    private final DoubleSupplier random;

    private FailoverPolicy(Builder builder) {
        this.maxAttempts = builder.maxAttempts;
        this.maxRetryHintMs = builder.maxRetryHintMs;
        this.rateLimitBaseMs = builder.rateLimitBaseMs;
        this.overloadBaseMs = builder.overloadBaseMs;
        this.transientBaseMs = builder.transientBaseMs;
        this.maxBackoffMs = builder.maxBackoffMs;
        this.transientRetries = builder.transientRetries;
        this.jitterFactor = builder.jitterFactor;
        this.random = builder.random;
    }

    /**
     * A builder starting from the defaults of {@link #DEFAULT}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Cap on attempts of one call, the first included, across all profiles.
     *
     * @return the most attempts, at least 1
     */
    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * The longest server-requested wait the driver sleeps through; longer hints surface.
     *
     * @return the longest wait for a server hint, in milliseconds
     */
    public long maxRetryHintMs() {
        return maxRetryHintMs;
    }

    /**
     * Decides after one failed attempt. Never throws for valid arguments.
     *
     * @param failure what went wrong in the attempt that just failed
     * @param context the attempts and profiles of the call so far
     * @return retry, rotate to the next profile, or give up, with the wait before the next attempt
     */
    public FailoverDecision decide(ModelFailure failure, FailoverContext context) {
        Objects.requireNonNull(failure, "failure");
        Objects.requireNonNull(context, "context");
        ErrorKind kind = failure.kind();
        if (context.turnExposesTools() && failure.phase() == DispatchPhase.MAYBE_PROCESSED) {
            return FailoverDecision.surface(kind, Reason.PROVIDER_OUTCOME_UNKNOWN, false);
        }
        if (context.streamFallbackAvailable() && failure.status().isEmpty()
                && (kind == ErrorKind.FORMAT_ERROR || kind == ErrorKind.EMPTY_RESPONSE)
                && context.attempt() < maxAttempts) {
            return FailoverDecision.retry(kind, Reason.STREAM_FALLBACK, 0);
        }
        boolean rotatesAway = kind == ErrorKind.AUTH_PERMANENT && context.anotherProfileAvailable();
        if (isPermanent(kind) && !rotatesAway) {
            return FailoverDecision.surface(kind, null, false);
        }
        if (failure.serverDeclinedRetry()) {
            return FailoverDecision.surface(kind, Reason.SERVER_DECLINED_RETRY, false);
        }
        if (context.attempt() >= maxAttempts) {
            return FailoverDecision.surface(kind, Reason.ATTEMPTS_EXHAUSTED, true);
        }
        int n = context.kindFailures();
        switch (kind) {
            case AUTH:
                if (context.anotherProfileAvailable()) {
                    return FailoverDecision.rotate(kind);
                }
                return failure.serverRequestedRetry()
                        ? waitFor(failure, exponential(transientBaseMs, n))
                        : FailoverDecision.surface(kind, null, false);
            case AUTH_PERMANENT:
                return FailoverDecision.rotate(kind);
            case RATE_LIMIT:
                return waitFor(failure, jittered(exponential(rateLimitBaseMs, n)));
            case IDLE_TIMEOUT:
                if (context.idleBreakerOpen()) {
                    return FailoverDecision.surface(kind, Reason.IDLE_TIMEOUT_BREAKER_OPEN, true);
                }
                return waitFor(failure, exponential(overloadBaseMs, n));
            case OVERLOADED:
                return waitFor(failure, exponential(overloadBaseMs, n));
            default:
                if (n > transientRetries && !failure.serverRequestedRetry()) {
                    return FailoverDecision.surface(kind, Reason.ATTEMPTS_EXHAUSTED, true);
                }
                return waitFor(failure, exponential(transientBaseMs, n));
        }
    }

    /**
     * Whether sending the same request again can never fix a failure of this kind.
     *
     * @param kind the kind of failure
     * @return true when a retry cannot help
     */
    public static boolean isPermanent(ErrorKind kind) {
        switch (kind) {
            case AUTH_PERMANENT: case MODEL_NOT_FOUND: case FORMAT_ERROR: case RESPONSE_TOO_LARGE: case BILLING:
            case CONTEXT_OVERFLOW:
                return true;
            default:
                return false;
        }
    }

    /** A retry by the kind's own rule, after the server's hint when it gave one, else after {@code computedBackoffMs}. */
    private FailoverDecision waitFor(ModelFailure failure, long computedBackoffMs) {
        OptionalLong hint = failure.retryAfterMs();
        if (hint.isEmpty()) {
            return FailoverDecision.retry(failure.kind(), null, computedBackoffMs);
        }
        if (hint.getAsLong() > maxRetryHintMs) {
            return FailoverDecision.surface(failure.kind(), Reason.RETRY_HINT_TOO_LONG, true);
        }
        return FailoverDecision.retry(failure.kind(), null, hint.getAsLong());
    }

    private long exponential(long base, int n) {
        long delay = base;
        for (int i = 1; i < n && delay > 0 && delay < maxBackoffMs; i++) {
            delay = delay > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : delay * 2;
        }
        return Math.min(delay, maxBackoffMs);
    }

    private long jittered(long delay) {
        double spread = jitterFactor * (2 * random.getAsDouble() - 1);
        long result = Math.round(delay * (1 + spread));
        return Math.max(0, Math.min(result, maxBackoffMs));
    }

    /** Configuration of a {@link FailoverPolicy}; every value is checked in {@link #build()}. */
    public static final class Builder {
        private int maxAttempts = 4;
        private long maxRetryHintMs = 60_000;
        private long rateLimitBaseMs = 1_000;
        private long overloadBaseMs = 2_000;
        private long transientBaseMs = 1_000;
        private long maxBackoffMs = 30_000;
        private int transientRetries = 2;
        private double jitterFactor = 0.2;
        private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

        private Builder() {
        }

        /**
         * Attempts of one call, the first included, at least 1 (default 4).
         *
         * @param maxAttempts the most attempts
         * @return this builder
         */
        public Builder maxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
            return this;
        }

        /**
         * Longest server hint to wait for, at least 0 (default 60 000 ms).
         *
         * @param maxRetryHintMs the longest server hint to honour, in milliseconds
         * @return this builder
         */
        public Builder maxRetryHintMs(long maxRetryHintMs) {
            this.maxRetryHintMs = maxRetryHintMs;
            return this;
        }

        /**
         * First rate-limit backoff when the server gives no hint (default 1 000 ms).
         *
         * @param rateLimitBaseMs the first rate-limit backoff, in milliseconds
         * @return this builder
         */
        public Builder rateLimitBaseMs(long rateLimitBaseMs) {
            this.rateLimitBaseMs = rateLimitBaseMs;
            return this;
        }

        /**
         * First OVERLOADED / IDLE_TIMEOUT backoff (default 2 000 ms).
         *
         * @param overloadBaseMs the first overload backoff, in milliseconds
         * @return this builder
         */
        public Builder overloadBaseMs(long overloadBaseMs) {
            this.overloadBaseMs = overloadBaseMs;
            return this;
        }

        /**
         * First UNKNOWN / EMPTY_RESPONSE backoff (default 1 000 ms).
         *
         * @param transientBaseMs the first backoff of transient failures, in milliseconds
         * @return this builder
         */
        public Builder transientBaseMs(long transientBaseMs) {
            this.transientBaseMs = transientBaseMs;
            return this;
        }

        /**
         * Cap on any computed backoff (default 30 000 ms); server hints are capped by maxRetryHintMs.
         *
         * @param maxBackoffMs the cap on computed backoffs, in milliseconds
         * @return this builder
         */
        public Builder maxBackoffMs(long maxBackoffMs) {
            this.maxBackoffMs = maxBackoffMs;
            return this;
        }

        /**
         * Retries allowed for UNKNOWN and EMPTY_RESPONSE, at least 0 (default 2).
         *
         * @param transientRetries the retries of transient failures
         * @return this builder
         */
        public Builder transientRetries(int transientRetries) {
            this.transientRetries = transientRetries;
            return this;
        }

        /**
         * Relative spread of rate-limit backoffs, in [0, 1] (default 0.2).
         *
         * @param jitterFactor the relative spread, from 0 (none) to 1
         * @return this builder
         */
        public Builder jitterFactor(double jitterFactor) {
            this.jitterFactor = jitterFactor;
            return this;
        }

        /**
         * Source of uniform values in [0, 1) for jitter; tests pass a constant.
         *
         * @param random the source of jitter
         * @return this builder
         */
        public Builder random(DoubleSupplier random) {
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        /**
         * The policy.
         *
         * @return a new policy with these settings
         */
        public FailoverPolicy build() {
            requireAtLeast("maxAttempts", maxAttempts, 1);
            requireAtLeast("maxRetryHintMs", maxRetryHintMs, 0);
            requireAtLeast("rateLimitBaseMs", rateLimitBaseMs, 0);
            requireAtLeast("overloadBaseMs", overloadBaseMs, 0);
            requireAtLeast("transientBaseMs", transientBaseMs, 0);
            requireAtLeast("maxBackoffMs", maxBackoffMs, 0);
            requireAtLeast("transientRetries", transientRetries, 0);
            if (!(jitterFactor >= 0.0 && jitterFactor <= 1.0)) {
                throw new IllegalArgumentException("jitterFactor must be in [0, 1], was " + jitterFactor);
            }
            return new FailoverPolicy(this);
        }

        private static void requireAtLeast(String field, long value, long min) {
            if (value < min) {
                throw new IllegalArgumentException(field + " must be at least " + min + ", was " + value);
            }
        }
    }
}
