package dev.idem.journal;

import java.util.List;

/**
 * An operator's view of a call journal: the calls whose outcome is unknown, and resolving one by
 * hand. Implemented by the in-memory, file and PostgreSQL journals (a journal that is not one
 * answers {@link #of} with an error); {@code idem-cli} ({@code java -jar idem-cli.jar journal ...}) puts
 * it on the command line.
 *
 * <p>Unresolved: OUTCOME_UNKNOWN, or STARTED with its lease ended (its owner died or stalled and no
 * claim has taken it over yet). A resolution applies only to such a record, atomically: a record
 * that has an outcome by then, or whose owner holds its lease again, is {@link Resolved.Refused}.
 *
 * <pre>{@code
 * JournalInspection inspection = JournalInspection.of(journal);
 * for (CallRecord record : inspection.unresolved(UnresolvedQuery.all().tool("sendPix"))) { ... }
 * inspection.resolve(key, Resolution.notApplied("ana@ops", "no such transfer at the bank"));
 * }</pre>
 */
public interface JournalInspection {

    /**
     * The unresolved records that {@code query} selects, oldest first.
     *
     * @param query which records
     * @return the records, at most {@code query.limit()}
     */
    List<CallRecord> unresolved(UnresolvedQuery query);

    /**
     * The SUCCEEDED records of {@code tool}, oldest first: what Idem keeps in the journal beside the
     * calls under a tool name of its own, such as the requests of calls awaiting approval
     * ({@code dev.idem.approvals.Approvals#pending}).
     *
     * @param tool  the records' tool name
     * @param limit the most records answered, at least 1
     * @return the records, at most {@code limit}
     */
    List<CallRecord> succeeded(String tool, int limit);

    /**
     * Resolves the unknown outcome of {@code key} as {@code resolution} says, recording who and why
     * in the record ({@link CallRecord#resolution()}): APPLIED makes it SUCCEEDED with the given
     * result, NOT_APPLIED a FAILED call that left no effect (so the next call runs).
     *
     * @param key        the intent's idempotency key
     * @param resolution the verdict, who and why
     * @return the resolved record, or why it was refused
     */
    Resolved resolve(String key, Resolution resolution);

    /**
     * The inspection of {@code journal}.
     *
     * @param journal a journal
     * @return its inspection
     * @throws IllegalArgumentException when the journal offers none
     */
    static JournalInspection of(CallJournal journal) {
        if (journal instanceof JournalInspection inspection) {
            return inspection;
        }
        throw new IllegalArgumentException("the journal " + journal.getClass().getName()
                + " does not offer an inspection of unknown outcomes");
    }
}
