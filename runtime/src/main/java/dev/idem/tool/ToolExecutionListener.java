package dev.idem.tool;

/**
 * Follows tool calls as the executor runs them, for tracing, metrics and audit: asked once per call,
 * on the caller's thread, before the call's arguments are read, it opens the call's
 * {@link ToolCallObservation} (or {@code null} to follow none), which then hears the call's events:
 * its attempts, on whatever thread they run, its retries, its verifier's verdict and its result.
 * A listener that throws is logged and otherwise ignored.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(registry)
 *         .listener((call, tool) -> new ToolCallObservation() {
 *             public void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure,
 *                     RetryDecision.Reason rule) {
 *                 retries.increment(call.name(), failure.type());
 *             }
 *         })
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface ToolExecutionListener {

    /**
     * A call starts: return a {@link ToolCallObservation} to follow this one call, or {@code null}
     * to follow none.
     *
     * @param call the model's call
     * @param tool the tool it names, or {@code null} when the registry has no such tool
     * @return the call's observation, or {@code null}
     */
    ToolCallObservation onCallStarted(ToolCall call, ToolDescriptor tool);
}
