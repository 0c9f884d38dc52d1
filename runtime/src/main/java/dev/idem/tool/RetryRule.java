package dev.idem.tool;

import dev.idem.ErrorType;

/**
 * The decision table of a failed body run: whether the body runs again. The one place that
 * decides it (DESIGN.md section 3).
 *
 * <table>
 *   <caption>re-run the body when</caption>
 *   <tr><td>raised a retryable type the policy names</td><td>restart-safe, attempts left, budget left</td></tr>
 *   <tr><td>exceeded its wall-clock timeout (it may still be running)</td><td>idempotent, TIMEOUT named, attempts left, budget left</td></tr>
 *   <tr><td>returned normally (any value)</td><td>never (not a failure; never reaches this class)</td></tr>
 *   <tr><td>binding error, terminal type or verdict, permission denied, circuit open</td><td>never</td></tr>
 *   <tr><td>UNKNOWN</td><td>only when the policy names UNKNOWN</td></tr>
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
 */
final class RetryRule {

    private RetryRule() {}

    /** The most body runs one call of this tool may get: the policy's cap, or 1 when nothing may run it again. */
    static int maxBodyRuns(ToolDescriptor tool, RetryPolicy policy) {
        boolean reDrivable = tool.idempotent() && policy.retries(ErrorType.TIMEOUT);
        return tool.restartSafe() || reDrivable ? policy.maxAttempts() : 1;
    }

    /**
     * Whether the body runs again, and why (the reason is logged and names the rule that decided).
     *
     * @param attemptsMade body runs so far, the failed one included
     * @param budgetLeft   whether the executor-wide retry budget allows one more retry
     */
    static Verdict decide(ToolDescriptor tool, RetryPolicy policy, Failure failure, int attemptsMade,
            boolean budgetLeft) {
        Verdict byRule = byRule(tool, policy, failure);
        if (!byRule.runAgain()) {
            return byRule;
        }
        int maxBodyRuns = maxBodyRuns(tool, policy);
        if (attemptsMade >= maxBodyRuns) {
            return Verdict.no("no attempts left (" + attemptsMade + " of " + maxBodyRuns + ")");
        }
        if (!budgetLeft) {
            return Verdict.no("the executor's retry budget is spent (too many recent failures)");
        }
        return byRule;
    }

    /** {@link #decide}, without the reason. */
    static boolean runAgain(ToolDescriptor tool, RetryPolicy policy, Failure failure, int attemptsMade,
            boolean budgetLeft) {
        return decide(tool, policy, failure, attemptsMade, budgetLeft).runAgain();
    }

    /** The rows of the table that look at the failure and the flags, before attempts and budget. */
    private static Verdict byRule(ToolDescriptor tool, RetryPolicy policy, Failure failure) {
        ErrorType type = failure.type();
        if (failure.timedOut()) {
            if (!tool.idempotent()) {
                return Verdict.no("it overran its timeout and may still be running; the tool is not idempotent,"
                        + " so it is never driven again");
            }
            return policy.retries(ErrorType.TIMEOUT)
                    ? Verdict.yes("it overran its timeout and the tool is idempotent")
                    : Verdict.no("TIMEOUT is not in the policy's retryOn");
        }
        if (!failure.retryable() || !type.isRetryable()) {
            return Verdict.no(type + " is not retryable");
        }
        if (!policy.retries(type)) {
            return Verdict.no(type + " is not in the policy's retryOn");
        }
        if (tool.restartSafe()) {
            return Verdict.yes(type + " is transient and the tool is restart-safe");
        }
        if (type == ErrorType.TIMEOUT && tool.idempotent()) {
            return Verdict.yes("TIMEOUT leaves the outcome unknown and the tool is idempotent");
        }
        return Verdict.no("the tool is not restart-safe: never started again after it failed");
    }

    /**
     * The decision after one failed body run.
     *
     * @param runAgain whether the body runs again
     * @param reason   the rule that decided, in words
     */
    record Verdict(boolean runAgain, String reason) {
        static Verdict yes(String reason) {
            return new Verdict(true, reason);
        }

        static Verdict no(String reason) {
            return new Verdict(false, reason);
        }
    }
}
