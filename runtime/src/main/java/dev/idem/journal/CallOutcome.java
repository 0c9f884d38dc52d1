package dev.idem.journal;

import java.util.Objects;

/**
 * What an owner records when its call ends ({@link CallJournal#complete}).
 *
 * @param status     SUCCEEDED, FAILED or OUTCOME_UNKNOWN
 * @param resultJson the exact result JSON on success, else {@code null}
 * @param error      the error otherwise, else {@code null}
 * @param attempts   how many times this owner started the body (added to the record's count)
 */
public record CallOutcome(CallStatus status, String resultJson, CallError error, int attempts) {

    /**
     * Checks that the status is an outcome and that the result or error it needs is present.
     *
     * @param status     SUCCEEDED, FAILED or OUTCOME_UNKNOWN
     * @param resultJson the exact result JSON on success, else {@code null}
     * @param error      the error otherwise, else {@code null}
     * @param attempts   how many times this owner started the body (added to the record's count)
     * @throws IllegalArgumentException when the status is STARTED or the values do not fit it
     */
    public CallOutcome {
        Objects.requireNonNull(status, "status");
        if (status == CallStatus.STARTED) {
            throw new IllegalArgumentException("an outcome cannot be STARTED");
        }
        if (status == CallStatus.SUCCEEDED) {
            Objects.requireNonNull(resultJson, "resultJson");
            error = null;
        } else {
            Objects.requireNonNull(error, "error");
            resultJson = null;
        }
        if (attempts < 0) {
            throw new IllegalArgumentException("attempts must be at least 0, was " + attempts);
        }
    }

    /**
     * The body returned {@code resultJson}.
     *
     * @param resultJson the body's result as JSON text
     * @param attempts   how many times this owner started the body
     * @return a SUCCEEDED outcome
     */
    public static CallOutcome succeeded(String resultJson, int attempts) {
        return new CallOutcome(CallStatus.SUCCEEDED, resultJson, null, attempts);
    }

    /**
     * The call failed and nothing took effect.
     *
     * @param error    what went wrong
     * @param attempts how many times this owner started the body
     * @return a FAILED outcome
     */
    public static CallOutcome failed(CallError error, int attempts) {
        return new CallOutcome(CallStatus.FAILED, null, error, attempts);
    }

    /**
     * An attempt may have taken effect.
     *
     * @param error    what went wrong
     * @param attempts how many times this owner started the body
     * @return an OUTCOME_UNKNOWN outcome
     */
    public static CallOutcome unknown(CallError error, int attempts) {
        return new CallOutcome(CallStatus.OUTCOME_UNKNOWN, null, error, attempts);
    }

    /**
     * Whether the owner keeps the claim's lease on the record: an OUTCOME_UNKNOWN whose abandoned
     * body may still be running, until it returns (docs/journal.md, "Unknown outcomes").
     *
     * @return whether the outcome is unknown and its body may still be running
     */
    public boolean holdsLease() {
        return status == CallStatus.OUTCOME_UNKNOWN && error.mayStillBeRunning();
    }
}
