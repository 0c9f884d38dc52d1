package dev.idem.journal;

import java.util.Objects;

/** What {@link JournalInspection#resolve} came to: the resolved record, or why the journal refused. */
public sealed interface Resolved {

    /**
     * The record is resolved; later calls of the intent see it.
     *
     * @param record the record as it is now
     */
    record Done(CallRecord record) implements Resolved {
        /**
         * Checks that the record is present.
         *
         * @param record the record as it is now
         */
        public Done {
            Objects.requireNonNull(record, "record");
        }
    }

    /**
     * The journal refused: there is no such record, or its outcome is no longer unknown (it has an
     * outcome, or its owner still holds its lease). Nothing changed.
     *
     * @param reason  why, in words
     * @param current the record as it is, or {@code null} when there is none
     */
    record Refused(String reason, CallRecord current) implements Resolved {
        /**
         * Checks that the reason is present.
         *
         * @param reason  why, in words
         * @param current the record as it is, or {@code null} when there is none
         */
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
