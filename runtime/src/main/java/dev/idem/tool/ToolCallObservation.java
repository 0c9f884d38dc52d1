package dev.idem.tool;

/**
 * Observes one tool call from its start to its outcome: what a
 * {@link ToolExecutionListener#onCallStarted} returns, and the one way a call's events reach
 * tracing, metrics and audit (the executor's own decision log hears the same events). Every method
 * has a default that does nothing; they must be quick and must not throw (an exception is logged
 * and otherwise ignored).
 *
 * <p>{@link #attemptStarted} runs on the thread that runs the body, whichever that is (the caller's,
 * a pool thread under a timeout, the thread that ends a retry's delay), so an observation can make
 * the call's trace context current there and the body's own work (an HTTP client, a database
 * driver) is traced as part of the call.
 *
 * <pre>{@code
 * public ToolCallObservation onCallStarted(ToolCall call, ToolDescriptor tool) {
 *     Span span = tracer.spanBuilder("execute_tool " + call.name()).startSpan();
 *     return new ToolCallObservation() {
 *         public Scope attemptStarted(int attempt) { return span.makeCurrent()::close; }
 *         public void finished(ToolResult result) { span.end(); }
 *     };
 * }
 * }</pre>
 */
public interface ToolCallObservation {

    /**
     * Body attempt {@code attempt} starts on this thread; the scope returned is closed on this thread
     * when the body's synchronous part returned or threw.
     *
     * @param attempt 1-based number of the attempt
     * @return what to close after the attempt's synchronous part, never {@code null}
     */
    default Scope attemptStarted(int attempt) {
        return Scope.NONE;
    }

    /** The call's tool is journaled: the journal decides whether its body runs at all (claim, replay or refusal). */
    default void journaled() {}

    /**
     * Body attempt {@code attempt} failed and the call goes on after {@code delayMs}.
     *
     * @param attempt     1-based number of the attempt that failed
     * @param maxAttempts the most body runs this call may get
     * @param delayMs     the pause before the next attempt
     * @param failure     the failure, classified (its {@link ToolFailure#error()} is a
     *                    {@link java.util.concurrent.TimeoutException} for a wall-clock timeout)
     * @param rule        the rule that let the body run again
     */
    default void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure, RetryDecision.Reason rule) {}

    /**
     * Body attempt {@code attempt} failed and the retry rule ends the call with it.
     *
     * @param attempt 1-based number of the attempt that failed
     * @param failure the failure, classified
     * @param rule    the rule that stopped the call
     */
    default void stopped(int attempt, ToolFailure failure, RetryDecision.Reason rule) {}

    /**
     * The tool's verifier answered where the call's outcome would have been unknown (what the call
     * then does with the answer is in docs/running-tools.md, "Verifying unknown outcomes").
     *
     * @param verdict the verifier's answer
     */
    default void verified(Verification.Verdict verdict) {}

    /**
     * The call finished with {@code result}; called once, on every path.
     *
     * @param result the call's result
     */
    default void finished(ToolResult result) {}

    /** What {@link #attemptStarted} opens on a thread and the executor closes there. */
    @FunctionalInterface
    interface Scope extends AutoCloseable {

        /** A scope with nothing to close. */
        Scope NONE = () -> {};

        /** Closes the scope; never throws. */
        @Override
        void close();
    }
}
