package dev.idem;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A tool's retry policy, used as {@code @Tool(retryPolicy = @Retry(...))}. The delay before
 * retry {@code n} (1-based) is {@code min(initialDelayMs * backoffFactor^(n-1), maxDelayMs)},
 * optionally spread by {@code +-jitterFactor} and clamped to {@code [0, maxDelayMs]}.
 * Invalid values are compile errors.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({})
public @interface Retry {

    /**
     * Cap on body runs for one call, the first included; at least 1.
     *
     * @return the most runs of the body
     */
    int maxAttempts() default 3;

    /**
     * Delay before the first retry; at least 0.
     *
     * @return the first delay, in milliseconds
     */
    long initialDelayMs() default 1000;

    /**
     * Multiplier applied to the delay after each retry; at least 1.0.
     *
     * @return the delay's multiplier
     */
    double backoffFactor() default 2.0;

    /**
     * Upper bound on any single delay; at least {@code initialDelayMs}.
     *
     * @return the longest delay, in milliseconds
     */
    long maxDelayMs() default 30000;

    /**
     * Whether to spread delays randomly by {@code +-jitterFactor}.
     *
     * @return whether delays are spread randomly
     */
    boolean jitter() default false;

    /**
     * Relative spread of the jitter, in {@code [0, 1]}.
     *
     * @return the spread, as a fraction of the delay
     */
    double jitterFactor() default 0.25;

    /**
     * Error types that may be retried; anything else is terminal.
     *
     * @return the error types worth a retry
     */
    ErrorType[] retryOn() default {ErrorType.TIMEOUT, ErrorType.RATE_LIMIT, ErrorType.CONNECTION_ERROR};
}
