package dev.idem.journal.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The journal table's DDL, written once, and what {@link PostgresCallJournal#createSchema()} does with it.
 *
 * <p>A start reads the catalog ({@code pg_attribute}, {@code pg_index}: no lock on the journal
 * table) and changes only what is missing, so a replica that starts against an up-to-date table
 * takes no lock on it and never makes the fleet's claims wait. The catalog is the record of what exists,
 * rather than a schema version row: the operator's migration tool, a restore or a hand-dropped
 * index change the table without writing such a row, and the journal's statements depend on the
 * columns and indexes themselves. When something is missing the start applies it in one
 * transaction under a {@code lock_timeout} of 2 seconds, so claims queue behind it for at most
 * that long; if it cannot get the lock it changes nothing and fails, naming the table and what is
 * missing.
 *
 * <p>To apply the DDL with your own migration tool instead, print it and do not call
 * {@code createSchema()} at start:
 *
 * <pre>{@code
 * java -cp idem-journal-postgres-0.1.0.jar dev.idem.journal.postgres.PostgresSchema idem_call_journal > V7__idem.sql
 * }</pre>
 */
public final class PostgresSchema {

    /** How long a start waits for the lock a schema change needs before it gives up. */
    static final long LOCK_TIMEOUT_MS = 2_000;

    private static final String LOCK_NOT_AVAILABLE = "55P03";
    /** The table's columns and indexes as the start finds them; names only, read from the catalog. */
    private static final String CATALOG = "SELECT 'column', attname FROM pg_attribute WHERE attrelid = to_regclass(?)"
            + " AND attnum > 0 AND NOT attisdropped UNION ALL SELECT 'index', c.relname FROM pg_index i"
            + " JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass(?)";

    /** One column; {@code added}: not in the table's first version, so the script adds it to older tables. */
    private record Column(String name, String definition, boolean added) {
    }

    /** One index, named {@code <table>_<suffix>}, and why the journal needs it. */
    private record Index(String suffix, String definition, String purpose) {
    }

    /** One missing part of the schema and the statement that makes it. */
    private record Change(String what, String ddl) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("idem_key", "text        PRIMARY KEY", false),
            new Column("intent_id", "text        NOT NULL", false),
            new Column("tool", "text        NOT NULL", false),
            new Column("arguments_hash", "text        NOT NULL", false),
            new Column("status", "text        NOT NULL CHECK (status IN ('STARTED', 'SUCCEEDED', 'FAILED',"
                    + " 'OUTCOME_UNKNOWN'))", false),
            new Column("epoch", "bigint      NOT NULL", false),
            new Column("owner", "text        NOT NULL", false),
            new Column("attempts", "integer     NOT NULL DEFAULT 0", false),
            new Column("result_json", "text", false),
            new Column("error_type", "text", false),
            new Column("error_message", "text", false),
            new Column("error_retryable", "boolean", false),
            new Column("error_may_still_run", "boolean", false),
            new Column("taken_over", "boolean     NOT NULL DEFAULT false", false),
            new Column("created_at", "timestamptz NOT NULL", false),
            new Column("updated_at", "timestamptz NOT NULL", false),
            new Column("lease_until", "timestamptz", false),
            new Column("expires_at", "timestamptz NOT NULL", false),
            // who resolved an unknown outcome by hand, how and why (JournalInspection.resolve)
            new Column("resolved_verdict", "text", true),
            new Column("resolved_by", "text", true),
            new Column("resolved_reason", "text", true));

    private static final List<Index> INDEXES = List.of(
            new Index("expires_at", "(expires_at) WHERE status <> 'STARTED'", "purge: completed rows in expiry order"),
            new Index("lease_until", "(lease_until) WHERE status = 'STARTED'", "sweep: started rows whose lease ended"));

    private final String table;
    private final String indexPrefix;

    /** The schema of {@code table}, a name {@link JournalSql} accepted. */
    PostgresSchema(String table) {
        this.table = table;
        this.indexPrefix = table.substring(table.indexOf('.') + 1) + "_";
    }

    /**
     * The DDL that creates the journal's table and indexes, for your migration tool. Every statement
     * is {@code IF NOT EXISTS}, so the same script also brings a table of an earlier release up to date.
     *
     * <pre>{@code
     * Files.writeString(Path.of("V7__idem.sql"), PostgresSchema.ddl("idem_call_journal"));
     * }</pre>
     *
     * @param table the table, as given to {@link PostgresCallJournal.Builder#table(String)}
     * @return the statements, each ending with a semicolon
     * @throws IllegalArgumentException when {@code table} is not a lower-case SQL name
     */
    public static String ddl(String table) {
        return new PostgresSchema(new JournalSql(table).table).script();
    }

    /**
     * Prints {@link #ddl(String)} for the table named by the one argument, {@code idem_call_journal}
     * without one. Exit status 2 on wrong usage.
     *
     * @param args the table, optionally
     */
    public static void main(String[] args) {
        String table = args.length == 0 ? JournalSql.DEFAULT_TABLE : args[0];
        if (args.length > 1 || table.startsWith("-")) {
            System.err.println("usage: java dev.idem.journal.postgres.PostgresSchema [table]  (prints the DDL)");
            System.exit(2);
        }
        try {
            System.out.print(ddl(table));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
    }

    /** The script {@link #ddl(String)} prints. */
    String script() {
        StringBuilder script = new StringBuilder()
                .append("-- The Idem call journal: one row per call intent (idempotency key). Times are the\n")
                .append("-- database's (now()); leases and expiry are compared with the database clock only.\n")
                .append("-- ALTER TABLE takes an ACCESS EXCLUSIVE lock even when the column exists: run this with a\n")
                .append("-- short lock_timeout (SET lock_timeout = '2s') and retry, so claims never queue behind it.\n")
                .append(createTable()).append(";\n")
                .append("-- columns added after the table's first version (older tables lack them)\n");
        for (Column column : COLUMNS) {
            if (column.added()) {
                script.append(addColumn(column)).append(";\n");
            }
        }
        for (Index index : INDEXES) {
            script.append("-- ").append(index.purpose()).append('\n').append(createIndex(index)).append(";\n");
        }
        return script.toString();
    }

    /**
     * Makes what is missing. Reads the catalog first; changes, if any, run in one transaction under
     * the lock timeout, one start at a time.
     *
     * @throws SQLException with SQLState 55P03 and a message naming what is missing, when the lock
     *         did not come in time (nothing changed)
     */
    void apply(Connection connection) throws SQLException {
        List<Change> changes = missing(connection);
        if (changes.isEmpty()) {
            return; // the common start: catalog reads only
        }
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            try (Statement statement = connection.createStatement();
                    PreparedStatement oneAtATime = connection.prepareStatement(
                            "SELECT pg_advisory_xact_lock(hashtext(?))")) {
                statement.execute("SET LOCAL lock_timeout = '" + LOCK_TIMEOUT_MS + "ms'");
                // Replicas starting together on a new database would race to create the same table.
                oneAtATime.setString(1, "idem journal schema " + table);
                oneAtATime.execute();
                changes = missing(connection); // what another start made meanwhile is not made twice
                for (Change change : changes) {
                    statement.execute(change.ddl());
                }
            }
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            if (LOCK_NOT_AVAILABLE.equals(e.getSQLState())) {
                throw new SQLException("cannot lock " + table + " within " + LOCK_TIMEOUT_MS
                        + " ms to add what is missing (" + whats(changes) + "): open transactions on it (a"
                        + " transactional call holds its row until it commits) or another start's schema change"
                        + " hold it, and every claim would queue behind this change. Nothing was changed. Start"
                        + " again once they have ended, or apply the DDL"
                        + " with your migration tool (java dev.idem.journal.postgres.PostgresSchema " + table + ")"
                        + " and do not call createSchema() at start", LOCK_NOT_AVAILABLE, e);
            }
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        if (!changes.isEmpty()) {
            // looked up here, not in a static field: printing the DDL needs this jar alone, not slf4j
            Logger log = LoggerFactory.getLogger(PostgresSchema.class);
            log.info("call journal table {}: made what was missing ({})", table, whats(changes));
        }
    }

    /** What the catalog says is missing, as the statements that make it. */
    private List<Change> missing(Connection connection) throws SQLException {
        Set<String> columns = new HashSet<>();
        Set<String> indexes = new HashSet<>();
        try (PreparedStatement statement = connection.prepareStatement(CATALOG)) {
            statement.setString(1, table);
            statement.setString(2, table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    (rows.getString(1).equals("column") ? columns : indexes).add(rows.getString(2));
                }
            }
        }
        List<Change> changes = new ArrayList<>();
        if (columns.isEmpty()) {
            changes.add(new Change("table " + table, createTable()));
        } else {
            for (Column column : COLUMNS) {
                if (!columns.contains(column.name())) {
                    changes.add(new Change("column " + column.name(), addColumn(column)));
                }
            }
        }
        for (Index index : INDEXES) {
            if (!indexes.contains(indexPrefix + index.suffix())) {
                changes.add(new Change("index " + indexPrefix + index.suffix(), createIndex(index)));
            }
        }
        return changes;
    }

    private String createTable() {
        return COLUMNS.stream().map(column -> String.format("    %-19s %s", column.name(), column.definition()))
                .collect(Collectors.joining(",\n", "CREATE TABLE IF NOT EXISTS " + table + " (\n", "\n)"));
    }

    private String addColumn(Column column) {
        return "ALTER TABLE " + table + " ADD COLUMN IF NOT EXISTS " + column.name() + " " + column.definition();
    }

    private String createIndex(Index index) {
        return "CREATE INDEX IF NOT EXISTS " + indexPrefix + index.suffix() + " ON " + table + " " + index.definition();
    }

    private static String whats(List<Change> changes) {
        return changes.stream().map(Change::what).collect(Collectors.joining(", "));
    }
}
