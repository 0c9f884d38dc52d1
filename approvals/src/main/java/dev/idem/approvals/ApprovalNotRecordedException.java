package dev.idem.approvals;

/**
 * An approval request or decision whose journal write failed and was withdrawn: nothing of it is
 * in the journal, so the call stands as it did before (a decision not recorded leaves the call
 * undecided, decidable by anyone at once). Giving it again is safe: a record is written once.
 *
 * <pre>{@code
 * try {
 *     approvals.decide(ApprovalDecision.approve(key, "ana", "invoice 311 checked"));
 * } catch (ApprovalNotRecordedException journalDown) {
 *     tell("not recorded, try again: " + journalDown.getMessage());
 * }
 * }</pre>
 */
public final class ApprovalNotRecordedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * A record that was not written.
     *
     * @param message what was not recorded, and why
     * @param cause   the journal's failure
     */
    public ApprovalNotRecordedException(String message, Throwable cause) {
        super(message, cause);
    }
}
