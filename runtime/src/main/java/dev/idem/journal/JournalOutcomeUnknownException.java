package dev.idem.journal;

/**
 * A transactional journal cannot say whether a commit took effect: the commit's answer was lost
 * and the row could not be read afterwards either. The call's outcome is unknown.
 */
public final class JournalOutcomeUnknownException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * The commit of a call could be neither confirmed nor read back.
     *
     * @param message what was tried
     * @param cause   the last failure
     */
    public JournalOutcomeUnknownException(String message, Throwable cause) {
        super(message, cause);
    }
}
