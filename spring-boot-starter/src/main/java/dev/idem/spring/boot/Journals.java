package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.journal.FileCallJournal;
import javax.sql.DataSource;
import org.springframework.util.ClassUtils;

/** The one place that chooses the application's call journal from {@code idem.journal.type}. */
final class Journals {

    static final String POSTGRES_JOURNAL = "dev.idem.journal.postgres.PostgresCallJournal";

    private Journals() {}

    /**
     * The journal: with {@code auto}, PostgreSQL on {@code dataSource} when there is one and
     * {@code idem-journal-postgres} is on the class path, else a file journal.
     */
    static CallJournal open(JournalProperties properties, DataSource dataSource, ClassLoader loader) {
        boolean postgresModule = ClassUtils.isPresent(POSTGRES_JOURNAL, loader);
        switch (properties.type()) {
            case "memory":
                return CallJournal.inMemory();
            case "file":
                return file(properties);
            case "postgres":
                if (!postgresModule || dataSource == null) {
                    throw new IllegalStateException("idem.journal.type=postgres needs "
                            + (postgresModule ? "" : "dev.idem:idem-journal-postgres on the class path")
                            + (postgresModule || dataSource != null ? "" : " and ")
                            + (dataSource != null ? "" : "one DataSource bean (spring.datasource.url)"));
                }
                return PostgresJournal.open(properties, dataSource);
            default:
                return postgresModule && dataSource != null ? PostgresJournal.open(properties, dataSource) : file(properties);
        }
    }

    private static CallJournal file(JournalProperties properties) {
        return FileCallJournal.builder(properties.directory()).retention(properties.retention()).open();
    }
}
