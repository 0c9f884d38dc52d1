package dev.idem.tool;

import java.util.Objects;

/**
 * Whether a failed body run runs again, and why: the value {@link RetryRule#decide} returns, the
 * tool-side counterpart of the model side's {@code FailoverDecision}.
 *
 * <pre>{@code
 * RetryDecision decision = RetryRule.decide(tool, policy, ToolFailure.thrown(error), 1, true);
 * if (!decision.runsAgain()) log.info("stops: {}", decision.reason());   // e.g. NOT_RESTART_SAFE
 * }</pre>
 *
 * @param runsAgain whether the body runs again (after the policy's delay)
 * @param reason    which row of the decision table decided
 */
public record RetryDecision(boolean runsAgain, Reason reason) {

    /** The rows of the decision table (docs/running-tools.md, step 6). */
    public enum Reason {
        /** Runs again: a retryable error type the policy names, and the tool is restart-safe. */
        RETRYABLE_ERROR,
        /**
         * Runs again: the body timed out (abandoned, or its own client gave up) or its connection
         * broke after the request was sent, the tool is idempotent and the policy names the type;
         * the service deduplicates by the idempotency key.
         */
        IDEMPOTENT_REDRIVE,
        /**
         * Runs again: a transactional tool's attempt failed before its commit, so its transaction
         * rolled back the effect and the claim together; the policy names the type. Asks neither
         * restart-safety nor idempotency.
         */
        ROLLED_BACK,
        /** Stops: the type, or the tool's own verdict, is terminal. */
        TERMINAL_ERROR,
        /** Stops: the policy's {@code retryOn} does not name the type (TIMEOUT, for a timed-out body). */
        NOT_IN_RETRY_ON,
        /** Stops: the body failed and the tool is not restart-safe (it may have left half-done work). */
        NOT_RESTART_SAFE,
        /**
         * Stops: the body was abandoned at its timeout, or its connection broke after the request was
         * sent, and the tool is not idempotent (it may have acted, or may still act).
         */
        NOT_IDEMPOTENT,
        /** Stops: the policy's {@code maxAttempts} body runs were made. */
        ATTEMPTS_EXHAUSTED,
        /** Stops: the executor-wide retry budget is spent. */
        BUDGET_EXHAUSTED
    }

    /**
     * Checks that the reason agrees with {@code runsAgain}.
     *
     * @param runsAgain whether the body runs again (after the policy's delay)
     * @param reason    which row of the decision table decided
     * @throws IllegalArgumentException when the reason's row does not run the body again and {@code runsAgain} is true, or the other way round
     */
    public RetryDecision {
        Objects.requireNonNull(reason, "reason");
        boolean runAgainReason = reason == Reason.RETRYABLE_ERROR || reason == Reason.IDEMPOTENT_REDRIVE
                || reason == Reason.ROLLED_BACK;
        if (runsAgain != runAgainReason) {
            throw new IllegalArgumentException("reason " + reason + " does not " + (runsAgain ? "" : "not ")
                    + "run the body again");
        }
    }

    static RetryDecision runAgain(Reason reason) {
        return new RetryDecision(true, reason);
    }

    static RetryDecision stop(Reason reason) {
        return new RetryDecision(false, reason);
    }
}
