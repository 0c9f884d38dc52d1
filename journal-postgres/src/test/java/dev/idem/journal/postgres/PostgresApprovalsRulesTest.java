package dev.idem.journal.postgres;

import dev.idem.journal.ApprovalsContract;
import dev.idem.journal.CallJournal;

/**
 * The approvals rules on PostgreSQL, each decider a replica of its own (a journal on the same
 * table).
 */
class PostgresApprovalsRulesTest extends ApprovalsContract {

    private String table;

    @Override
    protected CallJournal newJournal() {
        table = TestDatabase.freshTable("approval_rules");
        return replica();
    }

    @Override
    protected CallJournal replicaOf(CallJournal journal) {
        return replica();
    }

    private CallJournal replica() {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource()).table(table).build();
        journal.createSchema();
        return journal;
    }

    @Override
    protected int races() {
        return 100;
    }
}
