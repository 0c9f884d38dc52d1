package dev.idem.tool;

import dev.idem.ErrorType;

/**
 * Observes tool calls as the executor runs them, for metrics and audit. Methods are called on
 * whatever thread the executor is on at that moment; they must be quick and must not throw (an
 * exception from a listener is logged and otherwise ignored).
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(registry)
 *         .listener(new ToolExecutionListener() {
 *             public void onRetry(String tool, int attempt, int maxAttempts, long delayMs, ErrorType type, Throwable error) {
 *                 retries.increment(tool, type);
 *             }
 *         })
 *         .build();
 * }</pre>
 */
public interface ToolExecutionListener {

    /**
     * A body run failed and will be run again after {@code delayMs}.
     *
     * @param toolName    the tool
     * @param attempt     1-based number of the attempt that just failed
     * @param maxAttempts the most body runs this call may get
     * @param delayMs     the pause before the next attempt
     * @param errorType   how the failure was classified
     * @param error       the failure (a {@link java.util.concurrent.TimeoutException} for a
     *                    wall-clock timeout)
     */
    default void onRetry(String toolName, int attempt, int maxAttempts, long delayMs, ErrorType errorType,
            Throwable error) {}

    /**
     * A call finished, successfully or not; called once per call, on every path.
     *
     * @param result the call's result
     */
    default void onOutcome(ToolResult result) {}

    /**
     * A call starts, on the caller's thread, before its arguments are read: return a
     * {@link ToolCallObservation} to follow this one call (its attempts, on whatever thread they
     * run, its retries and its result), or {@code null} (the default) to follow none.
     *
     * @param call the model's call
     * @param tool the tool it names, or {@code null} when the registry has no such tool
     * @return the call's observation, or {@code null}
     */
    default ToolCallObservation onCallStarted(ToolCall call, ToolDescriptor tool) {
        return null;
    }
}
