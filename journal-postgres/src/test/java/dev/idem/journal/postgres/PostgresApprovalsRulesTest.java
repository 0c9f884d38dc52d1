package dev.idem.journal.postgres;

import dev.idem.approvals.ApprovalsContract;
import dev.idem.journal.CallJournal;
import java.time.Duration;

/**
 * The approvals rules on PostgreSQL, each decider a replica of its own (a journal on the same
 * table), leases judged by the database's clock.
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
    protected void elapse(Duration duration) {
        clock.advance(duration);
        try {
            Thread.sleep(duration.toMillis()); // the database's clock judges the leases
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected int races() {
        return 100;
    }
}
