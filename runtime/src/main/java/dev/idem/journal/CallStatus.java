package dev.idem.journal;

/** Where a journaled call intent stands. */
public enum CallStatus {
    /** Claimed by an owner whose lease says it is (or was) running the body; no outcome yet. */
    STARTED,
    /** The body returned; the record holds its exact result. */
    SUCCEEDED,
    /** The call failed and nothing took effect; the record holds the error. */
    FAILED,
    /**
     * An attempt may have taken effect but nobody knows: it timed out, failed without saying, or
     * its owner died (or lost its lease) before recording an outcome.
     */
    OUTCOME_UNKNOWN;

    /**
     * Whether the call has an outcome (a later claim never waits for it).
     *
     * @return whether the call has an outcome
     */
    public boolean isCompleted() {
        return this != STARTED;
    }
}
