package dev.idem.llm.failover;

import dev.idem.internal.Redaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model driver's log of its decisions, in one place: every failed attempt at INFO with what
 * the driver does next (retry after how long, rotate, surface) and the rule that decided, so a
 * model retry, a failover or a surfaced outcome-unknown is visible without a listener. The
 * provider's message is redacted first ({@link Redaction}): providers echo parts of API keys.
 * Logger: {@code dev.idem.llm.failover.ModelCallDriver}.
 */
final class ModelDecisionLog {

    private static final Logger LOG = LoggerFactory.getLogger(ModelCallDriver.class);

    private ModelDecisionLog() {}

    static void decided(int attempt, int profile, int profiles, boolean turnExposesTools, ModelFailure failure,
            FailoverDecision decision) {
        if (!LOG.isInfoEnabled()) {
            return;
        }
        String what = failure.status().isPresent()
                ? "HTTP " + failure.status().getAsInt() + " " + failure.kind()
                : failure.kind().toString();
        String where = profiles > 1 ? " (profile " + (profile + 1) + " of " + profiles + ")" : "";
        LOG.info("model call attempt {}{} failed with {}, phase {}, on a turn {} tools: {}, because {} [{}]",
                attempt, where, what, failure.phase(), turnExposesTools ? "with" : "without", next(decision, profile),
                why(failure, decision), Redaction.redact(failure.message()));
    }

    private static String next(FailoverDecision decision, int profile) {
        switch (decision.action()) {
            case RETRY:
                return "retrying in " + decision.backoffMs() + " ms";
            case ROTATE_PROFILE:
                return "rotating to profile " + (profile + 2);
            default:
                return decision.reason() == FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN
                        ? "surfaced as PROVIDER_OUTCOME_UNKNOWN, not replayed"
                        : "surfaced to the caller";
        }
    }

    private static String why(ModelFailure failure, FailoverDecision decision) {
        if (decision.decidedByKind()) {
            return byKind(failure, decision);
        }
        switch (decision.reason()) {
            case PROVIDER_OUTCOME_UNKNOWN:
                return "the provider may already have processed the request (" + failure.phase()
                        + ") on a turn that exposes tools: the model may have asked for tool calls, so the outcome is"
                        + " unknown";
            case ATTEMPTS_EXHAUSTED:
                return "no attempts left for " + failure.kind();
            case RETRY_HINT_TOO_LONG:
                return "the server asked for a longer wait than the policy allows";
            case SERVER_DECLINED_RETRY:
                return "the server said not to retry (x-should-retry: false)";
            case IDLE_TIMEOUT_BREAKER_OPEN:
                return "too many consecutive idle timeouts on this model client";
            case STREAM_FALLBACK:
                return "the stream was unusable; the same request goes once more without streaming";
            case INTERRUPTED:
                return "the wait before the next attempt was interrupted";
            default:
                return decision.reason().name();
        }
    }

    private static String byKind(ModelFailure failure, FailoverDecision decision) {
        switch (decision.action()) {
            case RETRY:
                return failure.kind() + " is transient" + (failure.retryAfterMs().isPresent()
                        ? " and the server asked to wait " + failure.retryAfterMs().getAsLong() + " ms" : "");
            case ROTATE_PROFILE:
                return failure.kind() + ": the next provider profile may be accepted";
            default:
                return failure.kind() + " will not change by sending the same request again";
        }
    }
}
