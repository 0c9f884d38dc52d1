package dev.idem.tool;

import dev.idem.ErrorType;

/**
 * The decision table of a failed body run: whether the body runs again, and why. The one place
 * that decides it (DESIGN.md section 3); the executor asks it after every failed attempt, and a
 * reader can ask it too, without running anything.
 *
 * <table>
 *   <caption>re-run the body when</caption>
 *   <tr><td>raised a retryable type the policy names</td><td>restart-safe, attempts left, budget left</td></tr>
 *   <tr><td>exceeded its wall-clock timeout (it may still be running)</td><td>idempotent, TIMEOUT named, attempts left, budget left</td></tr>
 *   <tr><td>raised TIMEOUT itself (its own client gave up)</td><td>as the row above when idempotent, else as the first row</td></tr>
 *   <tr><td>the connection broke after the request went out (reset, EOF, premature close: it may
 *       have taken effect)</td><td>idempotent, the type named, attempts left, budget left</td></tr>
 *   <tr><td>returned normally (any value)</td><td>never (not a failure; never reaches this class)</td></tr>
 *   <tr><td>binding error, terminal type or verdict, permission denied, circuit open</td><td>never</td></tr>
 *   <tr><td>UNKNOWN</td><td>only when the policy names UNKNOWN</td></tr>
 *   <tr><td>a transactional tool's body failed, timed out or lost its connection before the commit
 *       (the transaction rolled back: neither the effect nor the claim remains)</td><td>the type named,
 *       attempts left, budget left: restart-safety and idempotency are not asked</td></tr>
 * </table>
 *
 * <p>Restart-safety and idempotency answer different questions. A tool that is not restart-safe
 * is never started again after it <em>failed</em>: the failure may have left half-done work. A
 * timed-out body has not failed, its outcome is unknown; driving it again is safe exactly when the
 * tool is idempotent (the service deduplicates by the call's idempotency key), so that row does
 * not ask for restart-safety. A body that raises TIMEOUT itself (its HTTP client gave up first)
 * is in the same position, so an idempotent tool is re-driven then too: otherwise the outcome
 * would depend on which of two nearly equal clocks fired first. A tool that is neither
 * restart-safe nor idempotent runs at most once per call, whatever the policy says. The retry
 * budget guards every row: re-driving timed-out calls is exactly how a slow dependency gets more
 * load.
 *
 * <pre>{@code
 * ToolDescriptor pay = ToolDescriptor.builder("pay").restartSafe(false).idempotent(true).build();
 * RetryDecision decision = RetryRule.decide(pay, RetryPolicy.DEFAULT,
 *         ToolFailure.thrown(new ConnectException("refused")), 1, true);
 * // runsAgain() false, reason() NOT_RESTART_SAFE
 * }</pre>
 */
public final class RetryRule {

    private RetryRule() {}

    /**
     * The most body runs one call of {@code tool} may get under {@code policy}: the policy's cap,
     * or 1 when nothing may run it again.
     *
     * @param tool   the tool
     * @param policy the policy its calls run under
     * @return the most body runs for one call, at least 1
     */
    public static int maxBodyRuns(ToolDescriptor tool, RetryPolicy policy) {
        if (tool.transactional()) {
            return policy.maxAttempts(); // every failure rolled back: nothing of an attempt remains
        }
        boolean reDrivable = tool.idempotent()
                && (policy.retries(ErrorType.TIMEOUT) || policy.retries(ErrorType.CONNECTION_ERROR));
        return tool.restartSafe() || reDrivable ? policy.maxAttempts() : 1;
    }

    /**
     * Whether the body of {@code tool} runs again after {@code failure}, and why. The table's
     * own rows are asked first, so the reason names what the tool or the failure rules out before
     * what merely ran out.
     *
     * @param tool       the tool's descriptor (its flags)
     * @param policy     the effective policy: the tool's own, else the executor's
     * @param failure    the classified failure of the attempt
     * @param attempt    body runs so far, the failed one included (the first is 1)
     * @param budgetLeft whether the executor-wide retry budget allows one more retry
     * @return whether the body runs again, and the row of the table that decided
     */
    public static RetryDecision decide(ToolDescriptor tool, RetryPolicy policy, ToolFailure failure, int attempt,
            boolean budgetLeft) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be at least 1, was " + attempt);
        }
        RetryDecision.Reason row = tool.transactional() ? rolledBackRow(policy, failure) : row(tool, policy, failure);
        if (row != RetryDecision.Reason.RETRYABLE_ERROR && row != RetryDecision.Reason.IDEMPOTENT_REDRIVE
                && row != RetryDecision.Reason.ROLLED_BACK) {
            return RetryDecision.stop(row);
        }
        if (attempt >= maxBodyRuns(tool, policy)) {
            return RetryDecision.stop(RetryDecision.Reason.ATTEMPTS_EXHAUSTED);
        }
        if (!budgetLeft) {
            return RetryDecision.stop(RetryDecision.Reason.BUDGET_EXHAUSTED);
        }
        return RetryDecision.runAgain(row);
    }

    /**
     * The row for a transactional tool: its failed attempt rolled back (effect and claim together),
     * so it is as if it never ran; only the error's own verdict and the policy decide. A failure
     * whose outcome the journal could not settle is OUTCOME_UNKNOWN, terminal.
     */
    private static RetryDecision.Reason rolledBackRow(RetryPolicy policy, ToolFailure failure) {
        if (!failure.retryable()) {
            return RetryDecision.Reason.TERMINAL_ERROR;
        }
        return policy.retries(failure.type()) ? RetryDecision.Reason.ROLLED_BACK : RetryDecision.Reason.NOT_IN_RETRY_ON;
    }

    /** The row of the table that matches, attempts and budget aside. */
    private static RetryDecision.Reason row(ToolDescriptor tool, RetryPolicy policy, ToolFailure failure) {
        if (failure.timedOut()) {
            if (!tool.idempotent()) {
                return RetryDecision.Reason.NOT_IDEMPOTENT;
            }
            return policy.retries(ErrorType.TIMEOUT)
                    ? RetryDecision.Reason.IDEMPOTENT_REDRIVE : RetryDecision.Reason.NOT_IN_RETRY_ON;
        }
        if (!failure.retryable()) {
            return RetryDecision.Reason.TERMINAL_ERROR;
        }
        if (!policy.retries(failure.type())) {
            return RetryDecision.Reason.NOT_IN_RETRY_ON;
        }
        if (failure.afterDispatch()) {
            // Like a timeout: the effect may have happened, so only the key's deduplication makes it safe.
            return tool.idempotent() ? RetryDecision.Reason.IDEMPOTENT_REDRIVE : RetryDecision.Reason.NOT_IDEMPOTENT;
        }
        if (tool.restartSafe()) {
            return RetryDecision.Reason.RETRYABLE_ERROR;
        }
        return failure.type() == ErrorType.TIMEOUT && tool.idempotent()
                ? RetryDecision.Reason.IDEMPOTENT_REDRIVE : RetryDecision.Reason.NOT_RESTART_SAFE;
    }
}
