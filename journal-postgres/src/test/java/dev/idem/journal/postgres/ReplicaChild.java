package dev.idem.journal.postgres;

import dev.idem.journal.crash.JournalWorkerChild;
import java.time.Duration;

/**
 * One replica: runs intents {@code from..to} through the PostgreSQL journal against the counting
 * service. Arguments: {@code url user password table owner port intentPrefix from to
 * ascending|descending leaseMs inFlightWaitMs}.
 */
public final class ReplicaChild {

    private ReplicaChild() {
    }

    public static void main(String[] args) {
        PostgresCallJournal journal = PostgresCallJournal.builder(
                        new ReusingDataSource(TestDatabase.dataSource(args[0], args[1], args[2])))
                .table(args[3]).build();
        JournalWorkerChild.work(journal, args[4], Duration.ofMillis(Long.parseLong(args[10])),
                Duration.ofMillis(Long.parseLong(args[11])), Integer.parseInt(args[5]), args[6],
                Integer.parseInt(args[7]), Integer.parseInt(args[8]), args[9].equals("descending"));
        System.exit(0);
    }
}
