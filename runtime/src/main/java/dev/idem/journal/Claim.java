package dev.idem.journal;

import java.time.Instant;
import java.util.Objects;

/**
 * A journal's answer to {@link CallJournal#claim}: the caller owns the intent now and may run the
 * body, or why not.
 */
public sealed interface Claim {

    /**
     * The caller owns the intent under {@code epoch} and may run the body; it must
     * {@link CallJournal#complete} with that epoch.
     *
     * @param epoch     the fencing token of this claim
     * @param takenOver whether an earlier owner may have run the body: it lost its lease before
     *                  recording an outcome, or recorded OUTCOME_UNKNOWN. Only a re-drivable claim
     *                  (an idempotent tool, same key) takes over
     */
    record Owned(long epoch, boolean takenOver) implements Claim {}

    /**
     * The intent has an outcome the caller must not run past: SUCCEEDED, terminal FAILED, or
     * OUTCOME_UNKNOWN for a claim that may not re-drive (a lost owner's record is turned into
     * OUTCOME_UNKNOWN by that claim).
     */
    record Recorded(CallRecord record) implements Claim {
        /**
         * Checks that the record is present.
         *
         * @param record the record with the outcome
         */
        public Recorded {
            Objects.requireNonNull(record, "record");
        }
    }

    /** Another owner holds a live lease on the intent: it is running the body now. */
    record InFlight(String owner, Instant leaseUntil) implements Claim {
        /**
         * Checks that the owner and the lease's end are present.
         *
         * @param owner      who holds the claim
         * @param leaseUntil when its lease ends unless renewed
         */
        public InFlight {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(leaseUntil, "leaseUntil");
        }
    }

    /** The key is recorded for another tool, other arguments or another intent id. */
    record Conflict(CallRecord existing) implements Claim {
        /**
         * Checks that the record is present.
         *
         * @param existing the record the key holds
         */
        public Conflict {
            Objects.requireNonNull(existing, "existing");
        }
    }
}
