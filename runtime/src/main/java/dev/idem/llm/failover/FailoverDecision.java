package dev.idem.llm.failover;

import dev.idem.llm.ErrorKind;
import java.util.Objects;

/**
 * What to do after a model call failed: the value {@link FailoverPolicy} returns and
 * {@link ModelCallListener}s see.
 *
 * <pre>{@code
 * FailoverDecision decision = policy.decide(failure, FailoverContext.firstAttempt(true));
 * if (decision.action() == FailoverDecision.Action.RETRY) { sleep(decision.backoffMs()); ... }
 * }</pre>
 *
 * @param action    retry the same profile, rotate to the next profile, or give up
 * @param reason    why
 * @param backoffMs how long to wait before the next attempt (0 when surfacing or rotating)
 * @param retryable whether the request could still succeed later and is safe to send again:
 *                  always true for RETRY and ROTATE_PROFILE; for SURFACE_ERROR, true when only a
 *                  budget ran out (attempts, wait, idle breaker), false for permanent failures and
 *                  for {@link Reason#PROVIDER_OUTCOME_UNKNOWN}
 */
public record FailoverDecision(Action action, Reason reason, long backoffMs, boolean retryable) {

    /** The three things the retry driver can do. */
    public enum Action {
        /** Wait {@code backoffMs}, then send the request again with the same profile. */
        RETRY,
        /** Send the request again at once with the next provider profile. */
        ROTATE_PROFILE,
        /** Give up and surface the failure to the caller. */
        SURFACE_ERROR
    }

    /** Why the decision was taken: the failure's kind, or a rule that overrode it. */
    public enum Reason {
        AUTH,
        AUTH_PERMANENT,
        RATE_LIMIT,
        OVERLOADED,
        CONTEXT_OVERFLOW,
        IDLE_TIMEOUT,
        BILLING,
        MODEL_NOT_FOUND,
        EMPTY_RESPONSE,
        FORMAT_ERROR,
        UNKNOWN,
        /** A turn exposing tools failed after the provider may have processed it: never replayed. */
        PROVIDER_OUTCOME_UNKNOWN,
        /** The attempt cap, or the retry limit of the kind, was reached. */
        ATTEMPTS_EXHAUSTED,
        /** The server asked for a longer wait than the policy's maximum. */
        RETRY_HINT_TOO_LONG,
        /** The server said not to retry ({@code x-should-retry: false}). */
        SERVER_DECLINED_RETRY,
        /** Too many consecutive idle timeouts on this model client. */
        IDLE_TIMEOUT_BREAKER_OPEN,
        /** The stream was unusable; the same request is sent once more without streaming. */
        STREAM_FALLBACK,
        /** The caller's thread was interrupted while waiting to retry. */
        INTERRUPTED;

        /** The reason that is simply the failure's kind. */
        public static Reason of(ErrorKind kind) {
            switch (kind) {
                case AUTH: return AUTH;
                case AUTH_PERMANENT: return AUTH_PERMANENT;
                case RATE_LIMIT: return RATE_LIMIT;
                case OVERLOADED: return OVERLOADED;
                case CONTEXT_OVERFLOW: return CONTEXT_OVERFLOW;
                case IDLE_TIMEOUT: return IDLE_TIMEOUT;
                case BILLING: return BILLING;
                case MODEL_NOT_FOUND: return MODEL_NOT_FOUND;
                case EMPTY_RESPONSE: return EMPTY_RESPONSE;
                case FORMAT_ERROR: return FORMAT_ERROR;
                default: return UNKNOWN;
            }
        }
    }

    public FailoverDecision {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(reason, "reason");
        if (backoffMs < 0) {
            throw new IllegalArgumentException("backoffMs must be at least 0, was " + backoffMs);
        }
    }

    static FailoverDecision retry(Reason reason, long backoffMs) {
        return new FailoverDecision(Action.RETRY, reason, backoffMs, true);
    }

    static FailoverDecision rotate(Reason reason) {
        return new FailoverDecision(Action.ROTATE_PROFILE, reason, 0, true);
    }

    static FailoverDecision surface(Reason reason, boolean retryable) {
        return new FailoverDecision(Action.SURFACE_ERROR, reason, 0, retryable);
    }

    /** Whether the driver sends the request again. */
    public boolean continues() {
        return action != Action.SURFACE_ERROR;
    }
}
