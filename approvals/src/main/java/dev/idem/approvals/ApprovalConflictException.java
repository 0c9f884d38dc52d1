package dev.idem.approvals;

/**
 * A decision refused because another one is recorded for the same call: a decision is recorded
 * once. (The same verdict again is not a conflict: it answers with the decision of record.)
 */
public final class ApprovalConflictException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The decision of record; not serialized. */
    private final transient ApprovalDecision recorded;

    /**
     * A conflict with {@code recorded}.
     *
     * @param refused  the decision that was refused
     * @param recorded the decision of record
     */
    public ApprovalConflictException(ApprovalDecision refused, ApprovalDecision recorded) {
        super("the call with key " + refused.idempotencyKey() + " was already " + recorded.verdict() + " by "
                + recorded.by() + " (" + recorded.reason() + "); the decision " + refused.verdict() + " by "
                + refused.by() + " was NOT recorded: a decision is recorded once");
        this.recorded = recorded;
    }

    /**
     * The decision of record.
     *
     * @return the decision that stands
     */
    public ApprovalDecision recorded() {
        return recorded;
    }
}
