package dev.idem.tool;

/**
 * What the failed attempts of one call so far leave behind, handed from each attempt to the next:
 * none is {@code null} (a call's first attempt, and every call that succeeds at once, make none).
 *
 * @param last           the latest failure: the one the call reports if it stops now
 * @param abandonedBody  whether an attempt was left running at its timeout
 * @param outcomeUnknown whether an attempt may have taken effect, or another owner may run the call now
 */
record AttemptHistory(ToolFailure last, boolean abandonedBody, boolean outcomeUnknown) {

    /** The history of {@code earlier} (or none) and then {@code failure}. */
    static AttemptHistory after(AttemptHistory earlier, ToolFailure failure) {
        boolean abandoned = failure.timedOut() || earlier != null && earlier.abandonedBody;
        boolean unknown = failure.leavesOutcomeUnknown() || earlier != null && earlier.outcomeUnknown;
        return new AttemptHistory(failure, abandoned, unknown);
    }

    /**
     * The history of {@code earlier} and then a transactional attempt's {@code failure}: its
     * transaction rolled back, so nothing of it may have taken effect, unless the journal itself
     * could not settle the commit (OUTCOME_UNKNOWN). Nothing is left running either: the executor
     * waits for a transactional body to end.
     */
    static AttemptHistory rolledBack(AttemptHistory earlier, ToolFailure failure) {
        boolean unknown = failure.type() == dev.idem.ErrorType.OUTCOME_UNKNOWN
                || earlier != null && earlier.outcomeUnknown;
        return new AttemptHistory(failure, false, unknown);
    }

    /** The same, with the outcome unknown: whoever took the intent over may be running it now. */
    AttemptHistory takenOver() {
        return new AttemptHistory(last, abandonedBody, true);
    }
}
