package dev.idem.tool;

import dev.idem.ErrorType;

/**
 * The decision table of a failed body run: whether the body runs again. The one place that
 * decides it (DESIGN.md section 3).
 *
 * <table>
 *   <caption>re-run the body when</caption>
 *   <tr><td>raised a retryable type the policy names</td><td>restart-safe, attempts left, budget left</td></tr>
 *   <tr><td>exceeded its wall-clock timeout</td><td>restart-safe, idempotent, TIMEOUT named, attempts left, budget left</td></tr>
 *   <tr><td>returned normally (any value)</td><td>never (not a failure; never reaches this class)</td></tr>
 *   <tr><td>binding error, terminal type or verdict, permission denied, circuit open</td><td>never</td></tr>
 *   <tr><td>UNKNOWN</td><td>only when the policy names UNKNOWN</td></tr>
 * </table>
 *
 * <p>A tool that is not restart-safe runs at most once per call, whatever the policy says: so
 * it is not re-driven after a timeout either, even when idempotent. The retry budget guards the
 * timeout row too: re-driving timed-out calls is exactly how a slow dependency gets more load.
 */
final class RetryRule {

    private RetryRule() {}

    /** The most body runs one call of this tool may get: the policy's cap, or 1 when not restart-safe. */
    static int maxBodyRuns(ToolDescriptor tool, RetryPolicy policy) {
        return tool.restartSafe() ? policy.maxAttempts() : 1;
    }

    /**
     * @param attemptsMade body runs so far, the failed one included
     * @param budgetLeft   whether the executor-wide retry budget allows one more retry
     */
    static boolean runAgain(ToolDescriptor tool, RetryPolicy policy, Failure failure, int attemptsMade,
            boolean budgetLeft) {
        if (!tool.restartSafe() || attemptsMade >= maxBodyRuns(tool, policy) || !budgetLeft) {
            return false;
        }
        if (failure.timedOut()) {
            return tool.idempotent() && policy.retries(ErrorType.TIMEOUT);
        }
        return failure.retryable() && policy.retries(failure.type());
    }
}
