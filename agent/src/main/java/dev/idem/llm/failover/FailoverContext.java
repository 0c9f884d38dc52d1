package dev.idem.llm.failover;

/**
 * Where a failed model call stands, as {@link FailoverPolicy} needs to know it. The retry driver
 * builds one per failed attempt.
 *
 * <pre>{@code
 * FailoverContext context = new FailoverContext(2, 2, true, false, false, false);
 * }</pre>
 *
 * @param attempt                 number of the attempt that failed, the first is 1
 * @param kindFailures            failures of this same kind so far in this call, this one included
 * @param turnExposesTools        whether the request offered tools to the model (the replay gate)
 * @param anotherProfileAvailable whether a next provider profile (key, endpoint) is configured
 * @param idleBreakerOpen         whether the model client's {@link IdleTimeoutBreaker} has tripped
 * @param streamFallbackAvailable whether the attempt was a stream with a non-streaming fallback left
 */
public record FailoverContext(
        int attempt,
        int kindFailures,
        boolean turnExposesTools,
        boolean anotherProfileAvailable,
        boolean idleBreakerOpen,
        boolean streamFallbackAvailable) {

    /**
     * Checks the counts.
     *
     * @param attempt                 number of the attempt that failed, the first is 1
     * @param kindFailures            failures of this same kind so far in this call, this one included
     * @param turnExposesTools        whether the request offered tools to the model (the replay gate)
     * @param anotherProfileAvailable whether a next provider profile (key, endpoint) is configured
     * @param idleBreakerOpen         whether the model client's {@link IdleTimeoutBreaker} has tripped
     * @param streamFallbackAvailable whether the attempt was a stream with a non-streaming fallback left
     * @throws IllegalArgumentException when {@code attempt} is below 1 or {@code kindFailures} outside [1, attempt]
     */
    public FailoverContext {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be at least 1, was " + attempt);
        }
        if (kindFailures < 1 || kindFailures > attempt) {
            throw new IllegalArgumentException("kindFailures must be in [1, attempt], was " + kindFailures);
        }
    }

    /**
     * The first attempt of a call with one profile, no stream, breaker closed.
     *
     * @param turnExposesTools whether the request offers tools to the model
     * @return the context of a first attempt
     */
    public static FailoverContext firstAttempt(boolean turnExposesTools) {
        return new FailoverContext(1, 1, turnExposesTools, false, false, false);
    }
}
