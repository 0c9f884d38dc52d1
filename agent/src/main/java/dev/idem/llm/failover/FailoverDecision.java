package dev.idem.llm.failover;

import dev.idem.llm.ErrorKind;
import java.util.Objects;

/**
 * What to do after a model call failed: the value {@link FailoverPolicy} returns and
 * {@link ModelCallListener}s see. It carries the {@link ErrorKind} of the failure it answers;
 * when a rule other than the kind's own decided (the replay gate, a cap, the server's word), the
 * {@link Reason} says which.
 *
 * <pre>{@code
 * FailoverDecision decision = policy.decide(failure, FailoverContext.firstAttempt(true));
 * if (decision.action() == FailoverDecision.Action.RETRY) { sleep(decision.backoffMs()); ... }
 * if (decision.reason() == FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN) { ... } // never replayed
 * log.info("{} because {}", decision.action(), decision.because());                // e.g. RETRY because RATE_LIMIT
 * }</pre>
 *
 * @param action    retry the same profile, rotate to the next profile, or give up
 * @param kind      the kind of the failure decided on
 * @param reason    the rule that decided instead of the kind's own rule, or {@code null} when the
 *                  kind's rule decided (see {@link #because()})
 * @param backoffMs how long to wait before the next attempt (0 when surfacing or rotating)
 * @param retryable whether the request could still succeed later and is safe to send again:
 *                  always true for RETRY and ROTATE_PROFILE; for SURFACE_ERROR, true when only a
 *                  budget ran out (attempts, wait, idle breaker), false for permanent failures and
 *                  for {@link Reason#PROVIDER_OUTCOME_UNKNOWN}
 */
public record FailoverDecision(Action action, ErrorKind kind, Reason reason, long backoffMs, boolean retryable) {

    /** The three things the retry driver can do. */
    public enum Action {
        /** Wait {@code backoffMs}, then send the request again with the same profile. */
        RETRY,
        /** Send the request again at once with the next provider profile. */
        ROTATE_PROFILE,
        /** Give up and surface the failure to the caller. */
        SURFACE_ERROR
    }

    /** The rules that decide instead of the failure kind's own rule. */
    public enum Reason {
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
        /** The caller's thread was interrupted while waiting to retry, or the wait could not happen. */
        INTERRUPTED
    }

    /**
     * Checks the fields.
     *
     * @param action    retry the same profile, rotate to the next profile, or give up
     * @param kind      the kind of the failure decided on
     * @param reason    the rule that decided instead of the kind's own rule, or {@code null} when the
     *                  kind's rule decided (see {@link #because()})
     * @param backoffMs how long to wait before the next attempt (0 when surfacing or rotating)
     * @param retryable whether the request could still succeed later and is safe to send again:
     *                  always true for RETRY and ROTATE_PROFILE; for SURFACE_ERROR, true when only a
     *                  budget ran out (attempts, wait, idle breaker), false for permanent failures and
     *                  for {@link Reason#PROVIDER_OUTCOME_UNKNOWN}
     * @throws IllegalArgumentException when {@code backoffMs} is negative
     */
    public FailoverDecision {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(kind, "kind");
        if (backoffMs < 0) {
            throw new IllegalArgumentException("backoffMs must be at least 0, was " + backoffMs);
        }
    }

    /**
     * Whether the failure's kind decided by its own rule (no other {@link Reason}).
     *
     * @return true when no other reason overrode the kind's rule
     */
    public boolean decidedByKind() {
        return reason == null;
    }

    /**
     * Why, in one word: the overriding reason's name, else the kind's.
     *
     * @return the reason's or the kind's name
     */
    public String because() {
        return reason == null ? kind.name() : reason.name();
    }

    /**
     * Whether the driver sends the request again.
     *
     * @return true for a retry or a rotation, false when the call surfaces
     */
    public boolean continues() {
        return action != Action.SURFACE_ERROR;
    }

    static FailoverDecision retry(ErrorKind kind, Reason reason, long backoffMs) {
        return new FailoverDecision(Action.RETRY, kind, reason, backoffMs, true);
    }

    static FailoverDecision rotate(ErrorKind kind) {
        return new FailoverDecision(Action.ROTATE_PROFILE, kind, null, 0, true);
    }

    static FailoverDecision surface(ErrorKind kind, Reason reason, boolean retryable) {
        return new FailoverDecision(Action.SURFACE_ERROR, kind, reason, 0, retryable);
    }
}
