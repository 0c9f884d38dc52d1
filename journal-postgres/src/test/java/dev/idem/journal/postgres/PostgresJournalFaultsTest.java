package dev.idem.journal.postgres;

import dev.idem.journal.CallJournal;
import dev.idem.tool.ExecutorJournalFaultContract;

/** The executor's journal-fault rules on a real PostgreSQL. */
class PostgresJournalFaultsTest extends ExecutorJournalFaultContract {

    @Override
    protected CallJournal newJournal() {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource())
                .table(TestDatabase.freshTable("faults")).build();
        journal.createSchema();
        return journal;
    }
}
