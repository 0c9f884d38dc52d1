package dev.idem.harm;

/** What a stack told its user about one request. */
public enum Report {
    /** The payment was made. */
    DONE,
    /** The payment failed. */
    FAILED,
    /** Nobody knows yet whether the payment was made (an honest answer). */
    UNKNOWN,
    /** Nothing: the process died before it answered. */
    NONE;

    /**
     * Reads the final answer the scripted model writes ("DONE ...", "FAILED", "UNKNOWN").
     *
     * @param answer the stack's final text, or null when it threw
     * @return the report
     */
    public static Report ofAnswer(String answer) {
        if (answer == null) {
            return FAILED;
        }
        if (answer.startsWith("DONE")) {
            return DONE;
        }
        return answer.startsWith("UNKNOWN") ? UNKNOWN : FAILED;
    }
}
