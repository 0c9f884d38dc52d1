package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.journal.postgres.PostgresCallJournal;
import javax.sql.DataSource;

/** The PostgreSQL journal; a class of its own, loaded only when {@code idem-journal-postgres} is present. */
final class PostgresJournal {

    private PostgresJournal() {}

    static CallJournal open(JournalProperties properties, DataSource dataSource) {
        PostgresCallJournal journal = PostgresCallJournal.builder(dataSource).table(properties.table())
                .retention(properties.retention()).build();
        if (properties.createSchema()) {
            journal.createSchema();
        }
        return journal;
    }
}
