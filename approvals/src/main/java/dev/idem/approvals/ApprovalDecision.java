package dev.idem.approvals;

import java.time.Instant;
import java.util.Objects;

/**
 * A person's decision on a call awaiting approval, recorded once in the journal by {@link Approvals}.
 *
 * <pre>{@code
 * agent.resume("ticket-4711", ApprovalDecision.approve(pending.idempotencyKey(), "ana", "invoice 311 checked"));
 * }</pre>
 *
 * @param idempotencyKey the key of the call decided
 * @param verdict        approved or declined
 * @param by             who decided ({@value Approvals#EXPIRY} when the approval expired)
 * @param reason         why
 * @param decidedAt      when it was recorded; {@code null} in a decision not recorded yet
 */
public record ApprovalDecision(String idempotencyKey, Verdict verdict, String by, String reason, Instant decidedAt) {

    /** Approved: the call runs, once, under its key; declined: it never runs. */
    public enum Verdict {
        /** The call may run. */
        APPROVED,
        /** The call must not run; the model is told who declined and why. */
        DECLINED
    }

    /**
     * Checks that the key, verdict and decider are present and not blank.
     *
     * @param idempotencyKey the key of the call decided
     * @param verdict        approved or declined
     * @param by             who decided
     * @param reason         why
     * @param decidedAt      when it was recorded; {@code null} in a decision not recorded yet
     */
    public ApprovalDecision {
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        Objects.requireNonNull(verdict, "verdict");
        if (by == null || by.isBlank()) {
            throw new IllegalArgumentException("by must name who decided");
        }
        reason = reason == null ? "" : reason;
    }

    /**
     * An approval, to be recorded.
     *
     * @param idempotencyKey the key of the call approved
     * @param by             who approves
     * @param reason         why
     * @return the decision
     */
    public static ApprovalDecision approve(String idempotencyKey, String by, String reason) {
        return new ApprovalDecision(idempotencyKey, Verdict.APPROVED, by, reason, null);
    }

    /**
     * A decline, to be recorded.
     *
     * @param idempotencyKey the key of the call declined
     * @param by             who declines
     * @param reason         why
     * @return the decision
     */
    public static ApprovalDecision decline(String idempotencyKey, String by, String reason) {
        return new ApprovalDecision(idempotencyKey, Verdict.DECLINED, by, reason, null);
    }

    /**
     * Whether the call may run.
     *
     * @return true when approved
     */
    public boolean approved() {
        return verdict == Verdict.APPROVED;
    }
}
