package dev.idem.harm;

import dev.idem.journal.postgres.PostgresCallJournal;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The PostgreSQL journal the "PostgreSQL journal" rows share between their processes: an embedded
 * PostgreSQL (a real server, started once per run, fsync on), one table.
 */
public final class SharedJournal implements AutoCloseable {
    private final EmbeddedPostgres server;
    private final PostgresCallJournal journal;
    private final String jdbcUrl;

    private SharedJournal(EmbeddedPostgres server, PostgresCallJournal journal, String jdbcUrl) {
        this.server = server;
        this.journal = journal;
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * A child process's connection to the journal a parent started.
     *
     * @param jdbcUrl the parent's {@link #jdbcUrl()}
     * @return the journal, which closes nothing of the server's
     */
    public static SharedJournal connect(String jdbcUrl) {
        org.postgresql.ds.PGSimpleDataSource dataSource = new org.postgresql.ds.PGSimpleDataSource();
        dataSource.setUrl(jdbcUrl);
        return new SharedJournal(null, PostgresCallJournal.builder(dataSource).build(), jdbcUrl);
    }

    /**
     * Where the database listens.
     *
     * @return a JDBC URL with its user
     */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /**
     * Starts PostgreSQL and creates the journal's table.
     *
     * @return the journal
     */
    public static SharedJournal start() {
        try {
            EmbeddedPostgres server = EmbeddedPostgres.builder().setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on").start();
            DataSource dataSource = server.getPostgresDatabase();
            try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute(PostgresCallJournal.schemaSql());
            }
            return new SharedJournal(server, PostgresCallJournal.builder(dataSource).build(),
                    server.getJdbcUrl("postgres", "postgres"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL", e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the journal's table", e);
        }
    }

    /** A new process's handle on the journal, which its death severs. */
    SeveredJournal handle() {
        return new SeveredJournal(journal);
    }

    @Override
    public void close() {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (IOException e) {
            // its directory is temporary; the run is over
        }
    }
}
