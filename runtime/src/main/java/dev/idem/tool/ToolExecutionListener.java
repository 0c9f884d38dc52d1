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
     * A call is about to be prepared (looked up, parsed, bound) and run; {@link #onOutcome} follows
     * once for it, on every path, with the same call id and tool name.
     *
     * @param call the model's call
     */
    default void onStart(ToolCall call) {}

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
}
