package dev.idem.mcp;

import dev.idem.journal.CallJournal;
import dev.idem.journal.postgres.PostgresCallJournal;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The journals the 2026-07-28 tests run on: in memory, in files, and in PostgreSQL (an embedded
 * server from Maven jars, started once per test JVM, a fresh table per journal).
 */
final class Journals2026 {

    private static final AtomicInteger TABLES = new AtomicInteger();
    private static EmbeddedPostgres postgres; // guarded by the class

    private Journals2026() {}

    /** One argument pair per journal kind: its name and a maker of fresh journals. */
    static Stream<Arguments> all() {
        return Stream.of(
                Arguments.of("in-memory", (Supplier<CallJournal>) CallJournal::inMemory),
                Arguments.of("file", (Supplier<CallJournal>) Journals2026::file),
                Arguments.of("postgres", (Supplier<CallJournal>) Journals2026::postgres));
    }

    static CallJournal file() {
        try {
            return CallJournal.file(Files.createTempDirectory("idem-mcp-2026"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PostgresCallJournal postgres() {
        PostgresCallJournal journal = PostgresCallJournal.builder(server().getPostgresDatabase())
                .table("idem_mcp_2026_" + TABLES.incrementAndGet()).build();
        journal.createSchema();
        return journal;
    }

    /** Two journals over one fresh table, as two replicas each open their own. */
    static CallJournal[] postgresPair() {
        String table = "idem_mcp_2026_" + TABLES.incrementAndGet();
        PostgresCallJournal a = PostgresCallJournal.builder(server().getPostgresDatabase()).table(table).build();
        a.createSchema();
        PostgresCallJournal b = PostgresCallJournal.builder(server().getPostgresDatabase()).table(table).build();
        return new CallJournal[] {a, b};
    }

    private static synchronized EmbeddedPostgres server() {
        if (postgres == null) {
            try {
                postgres = EmbeddedPostgres.builder().start();
            } catch (IOException e) {
                throw new UncheckedIOException("embedded PostgreSQL did not start", e);
            }
            EmbeddedPostgres started = postgres;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException ignored) {
                    // the JVM is on its way out
                }
            }));
        }
        return postgres;
    }
}
