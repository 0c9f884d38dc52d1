package dev.idem.internal.call;

import dev.idem.internal.Redaction;
import dev.idem.tool.RetryDecision;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.Verification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The executor's log of its decisions, in one place: every retry and every give-up of a failed
 * body run at INFO with the rule that decided (so an operator sees why a payment was or was not
 * sent again without writing a listener), the failure's message at DEBUG. Argument values are
 * logged only at DEBUG (by {@link CallPreparation}); free text passes through {@link Redaction}.
 * Logger: {@code dev.idem.tool.ToolExecutor}.
 */
public final class ToolDecisionLog {

    /** The logger of every executor stage, named after the class users know: {@code dev.idem.tool.ToolExecutor}. */
    public static final String LOGGER_NAME = "dev.idem.tool.ToolExecutor";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER_NAME);

    private ToolDecisionLog() {}

    public static void retrying(String tool, String callId, String key, int attempt, int maxAttempts, ToolFailure failure,
            long delayMs, String reason) {
        detail(tool, callId, attempt, failure);
        if (LOG.isInfoEnabled()) {
            LOG.info("tool '{}' call {} attempt {}/{} failed with {}: retrying in {} ms with the same key {}, because {}",
                    tool, callId, attempt, maxAttempts, failure.type(), delayMs, key, reason);
        }
    }

    public static void stopping(String tool, String callId, String key, int attempt, int maxAttempts, ToolFailure failure,
            String reason, boolean outcomeUnknown) {
        detail(tool, callId, attempt, failure);
        if (LOG.isInfoEnabled()) {
            LOG.info("tool '{}' call {} attempt {}/{} failed with {}: not run again, because {}{} (key {})",
                    tool, callId, attempt, maxAttempts, failure.type(), reason,
                    outcomeUnknown ? "; outcome unknown: the effect may have happened, and the model is told so" : "",
                    key);
        }
    }

    public static void circuitOpen(String tool, String callId, String key, int attemptsMade) {
        if (LOG.isInfoEnabled()) {
            LOG.info("tool '{}' call {}: {}, because its circuit breaker is open after repeated failures (key {})",
                    tool, callId, attemptsMade == 0 ? "not run" : "not run again after attempt " + attemptsMade, key);
        }
    }

    /** What the tool's verifier answered where the outcome would have been unknown, and what follows. */
    public static void verified(String tool, String callId, String key, String where, Verification<?> verification,
            String then) {
        if (LOG.isInfoEnabled()) {
            LOG.info("tool '{}' call {}: outcome unknown ({}); its verifier answered {}: {} (key {})", tool, callId,
                    where, verification, then, key);
        }
    }

    /** The rule that decided, in words, for the log line. */
    public static String because(RetryDecision decision, ToolFailure failure, int attempt, int maxAttempts) {
        String type = failure.type().name();
        return switch (decision.reason()) {
            case RETRYABLE_ERROR -> type + " is transient and the tool is restart-safe";
            case IDEMPOTENT_REDRIVE -> failure.timedOut()
                    ? "it overran its timeout and the tool is idempotent"
                    : failure.afterDispatch()
                            ? "the connection broke after the request was sent and the tool is idempotent"
                            : "TIMEOUT leaves the outcome unknown and the tool is idempotent";
            case ROLLED_BACK -> "its transaction rolled back the effect and the claim together";
            case TERMINAL_ERROR -> type + " is not retryable";
            case NOT_IN_RETRY_ON -> (failure.timedOut() ? "TIMEOUT" : type) + " is not in the policy's retryOn";
            case NOT_RESTART_SAFE -> "the tool is not restart-safe: never started again after it failed";
            case NOT_IDEMPOTENT -> failure.afterDispatch()
                    ? "the connection broke after the request was sent, so it may have taken effect; the tool is not"
                            + " idempotent, so it is never driven again"
                    : "it overran its timeout and may still be running; the tool is not idempotent,"
                            + " so it is never driven again";
            case ATTEMPTS_EXHAUSTED -> "no attempts left (" + attempt + " of " + maxAttempts + ")";
            case BUDGET_EXHAUSTED -> "the executor's retry budget is spent (too many recent failures)";
        };
    }

    private static void detail(String tool, String callId, int attempt, ToolFailure failure) {
        if (LOG.isDebugEnabled()) {
            // The message, not the exception: a stack trace would print it unredacted.
            LOG.debug("tool '{}' call {} attempt {} failed: {}: {}", tool, callId, attempt,
                    failure.error().getClass().getName(), Redaction.redact(failure.message()));
        }
    }
}
