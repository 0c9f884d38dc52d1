package dev.idem.journal.postgres;

import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalTransaction;
import dev.idem.journal.TransactionalJournal;
import dev.idem.journal.JournalInspection;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The call journal for many processes and replicas: one PostgreSQL table.
 *
 * <ul>
 *   <li><b>One round trip per claim</b> in the common cases: one statement inserts a new key or,
 *       when the key is there, reads its row without locking or writing it, so a replay, an "in
 *       flight" or a conflict answer waits for no flush. Only a row the claim may take (lost, unknown
 *       and re-drivable, a failure that left no effect, expired) takes a second statement, an
 *       {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE ... RETURNING} that takes it only if it still
 *       may.
 *   <li><b>Fencing.</b> Every (re)start raises the row's epoch; {@code complete} and {@code renew}
 *       match it, so an owner that stalled past its lease and was taken over changes nothing.
 *   <li><b>The database clock only.</b> Leases, expiry and timestamps are {@code now()} on the
 *       server; the replicas' clocks never meet.
 *   <li><b>Housekeeping</b>: {@link #sweep()} turns STARTED rows whose lease ended into
 *       OUTCOME_UNKNOWN (what the next claim would do anyway), {@link #purge()} deletes completed
 *       rows past their expiry in batches with {@code FOR UPDATE SKIP LOCKED}, so replicas running it
 *       at once do not queue. Call them from a scheduler of your own; nothing runs behind your back.
 * </ul>
 *
 * <p>Takes your {@link DataSource} (a pool such as HikariCP, or the driver's own); one connection
 * per operation, returned at once. No ORM, no migration tool: {@link #createSchema()} makes the
 * table and its indexes if missing and takes no lock when nothing is; {@link PostgresSchema} prints
 * the same DDL for your migration tool.
 *
 * <pre>{@code
 * PostgresCallJournal journal = PostgresCallJournal.builder(dataSource)
 *         .table("idem_call_journal")              // the default; schema.table works too
 *         .retention(Duration.ofHours(24))         // the default
 *         .build();
 * journal.createSchema();
 * ToolExecutor executor = ToolExecutor.builder(registry)
 *         .journal(JournalSettings.of(journal).withOwner(podName)).build();
 * }</pre>
 */
public final class PostgresCallJournal implements CallJournal, TransactionalJournal, JournalInspection {

    private static final int MAX_CLAIM_ROUNDS = 20;

    private final DataSource dataSource;
    private final Duration retention;
    private final int batchSize;
    private final JournalSql sql;

    private PostgresCallJournal(Builder builder) {
        this.dataSource = builder.dataSource;
        this.retention = builder.retention;
        this.batchSize = builder.batchSize;
        this.sql = new JournalSql(builder.table);
    }

    /**
     * A builder over {@code dataSource}.
     *
     * @param dataSource where connections come from
     * @return a new builder
     */
    public static Builder builder(DataSource dataSource) {
        return new Builder(dataSource);
    }

    /**
     * The DDL for the default table name: {@link PostgresSchema#ddl(String)} of {@code idem_call_journal}.
     *
     * @return the statements that create the table and its indexes
     */
    public static String schemaSql() {
        return PostgresSchema.ddl(JournalSql.DEFAULT_TABLE);
    }

    /**
     * The table this journal uses.
     *
     * @return the table name, as configured
     */
    public String table() {
        return sql.table;
    }

    /**
     * Makes the table, its columns and its indexes where they are missing; safe to call on every
     * start. It reads the catalog first: against an up-to-date table it takes no lock, so claims of
     * the fleet never wait for a replica's start. A change waits at most 2 seconds for its lock,
     * then fails and changes nothing (see {@link PostgresSchema}).
     *
     * @throws PostgresJournalException when the database refuses, or the lock a change needs did not come in time
     */
    public void createSchema() {
        run("createSchema", connection -> {
            new PostgresSchema(sql.table).apply(connection);
            return null;
        });
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        Objects.requireNonNull(intent, "intent");
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("owner must not be blank");
        }
        requirePositive(lease, "lease");
        return run("claim", connection -> {
            // Each round either decides or saw the row change under it (a concurrent claim, sweep or
            // purge); the next round sees the new row. Rounds are rare and few.
            for (int round = 0; round < MAX_CLAIM_ROUNDS; round++) {
                KeyRow seen = insertOrRead(connection, intent, owner, lease);
                if (seen.owned() != null) {
                    return seen.owned();
                }
                if (seen.record() == null) {
                    continue; // purged, or committed by another claim after the statement began: read again
                }
                Claim answer = classify(connection, intent, reDrivable, seen);
                if (answer != null) {
                    return answer;
                }
                Claim owned = tryClaim(connection, intent, owner, lease, reDrivable);
                if (owned != null) {
                    return owned;
                }
            }
            throw new IllegalStateException("claim of " + intent.key() + " did not settle in " + MAX_CLAIM_ROUNDS
                    + " rounds: the row keeps changing");
        });
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        requirePositive(lease, "lease");
        return run("renew", connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql.renew)) {
                statement.setLong(1, lease.toMillis());
                statement.setString(2, key);
                statement.setLong(3, epoch);
                return statement.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        Objects.requireNonNull(outcome, "outcome");
        return run("complete", connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql.complete)) {
                CallError error = outcome.error();
                statement.setString(1, outcome.status().name());
                statement.setString(2, outcome.resultJson());
                statement.setString(3, error == null ? null : error.type().name());
                statement.setString(4, error == null ? null : error.message());
                setBoolean(statement, 5, error == null ? null : error.retryable());
                setBoolean(statement, 6, error == null ? null : error.mayStillBeRunning());
                statement.setInt(7, outcome.attempts());
                statement.setBoolean(8, outcome.holdsLease());
                statement.setLong(9, retention.toMillis());
                statement.setString(10, key);
                statement.setLong(11, epoch);
                return statement.executeUpdate() == 1;
            }
        });
    }

    @Override
    public Optional<CallRecord> find(String key) {
        return run("find", connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql.select)) {
                statement.setString(1, key);
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? Optional.of(RecordRows.read(row)) : Optional.<CallRecord>empty();
                }
            }
        });
    }

    /**
     * Claims {@code intent} in a new transaction on a connection of the data source, autocommit
     * off; the body of a transactional tool writes on it, then {@link JournalTransaction#commit}
     * records the outcome and commits (docs/journal.md, "Transactional tools").
     *
     * @param intent the call intent
     * @param owner  who claims it
     * @param lease  the lease the uncommitted claim carries
     * @param waitMs how long to wait for another transaction that holds the key
     * @return the open transaction, or (claim not owned) an ended one that says why
     */
    @Override
    public JournalTransaction begin(CallIntent intent, String owner, Duration lease, long waitMs) {
        Objects.requireNonNull(intent, "intent");
        requirePositive(lease, "lease");
        return PostgresTransaction.begin(dataSource, sql, retention.toMillis(), intent, owner, lease, waitMs);
    }

    @Override
    public Optional<CallRecord> settled(String key) {
        return PostgresTransaction.settled(dataSource, sql, key);
    }

    @Override
    public List<CallRecord> unresolved(UnresolvedQuery query) {
        return run("list unresolved", connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql.unresolved)) {
                statement.setString(1, query.tool());
                statement.setString(2, query.tool());
                statement.setString(3, query.intentId());
                statement.setString(4, query.intentId());
                statement.setLong(5, query.olderThan().toMillis());
                statement.setInt(6, query.limit());
                List<CallRecord> records = new ArrayList<>();
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        records.add(RecordRows.read(row));
                    }
                }
                return records;
            }
        });
    }

    @Override
    public List<CallRecord> succeeded(String tool, int limit) {
        return run("list succeeded", connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql.succeeded)) {
                statement.setString(1, tool);
                statement.setInt(2, limit);
                List<CallRecord> records = new ArrayList<>();
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        records.add(RecordRows.read(row));
                    }
                }
                return records;
            }
        });
    }

    @Override
    public Resolved resolve(String key, Resolution resolution) {
        boolean applied = resolution.verdict() == Resolution.Verdict.APPLIED;
        Optional<CallRecord> resolved = run("resolve", connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql.resolve)) {
                statement.setString(1, applied ? "SUCCEEDED" : "FAILED");
                statement.setString(2, resolution.resultJson());
                statement.setBoolean(3, applied);
                statement.setString(4, applied ? null : "resolved NOT_APPLIED by " + resolution.by() + ": "
                        + resolution.reason() + "; nothing took effect");
                statement.setBoolean(5, applied);
                statement.setBoolean(6, applied);
                statement.setLong(7, retention.toMillis());
                statement.setString(8, resolution.verdict().name());
                statement.setString(9, resolution.by());
                statement.setString(10, resolution.reason());
                statement.setString(11, key);
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? Optional.of(RecordRows.read(row)) : Optional.<CallRecord>empty();
                }
            }
        });
        if (resolved.isPresent()) {
            return new Resolved.Done(resolved.get());
        }
        CallRecord current = find(key).orElse(null);
        String reason = current == null ? "no record for key " + key
                : current.status() == CallStatus.STARTED ? "the call is running: its owner '" + current.owner()
                        + "' holds its lease until " + current.leaseUntil()
                : "its outcome is no longer unknown: it is " + current.status();
        return new Resolved.Refused(reason, current);
    }

    /** Deletes completed rows past their expiry, in batches that skip rows other replicas hold; returns how many. */
    @Override
    public int purge() {
        return batches("purge", sql.purge, false);
    }

    /**
     * Turns STARTED rows whose lease ended into OUTCOME_UNKNOWN, in batches that skip rows other
     * replicas hold; returns how many. An owner that is merely late can still resolve its row with
     * the true outcome (same epoch); an idempotent claim still re-drives it.
     *
     * @return the number of rows turned into OUTCOME_UNKNOWN
     */
    public int sweep() {
        return batches("sweep", sql.sweep, true);
    }

    private int batches(String operation, String statementSql, boolean withRetention) {
        return run(operation, connection -> {
            int total = 0;
            while (true) {
                int done;
                try (PreparedStatement statement = connection.prepareStatement(statementSql)) {
                    int index = 1;
                    if (withRetention) {
                        statement.setLong(index++, retention.toMillis());
                    }
                    statement.setInt(index, batchSize);
                    done = statement.executeUpdate();
                }
                commitIfManual(connection);
                total += done;
                if (done < batchSize) {
                    return total;
                }
            }
        });
    }

    /** The claim when the upsert took the row, else {@code null}. */
    private Claim tryClaim(Connection connection, CallIntent intent, String owner, Duration lease, boolean reDrivable)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql.claim)) {
            statement.setString(1, intent.key());
            statement.setString(2, intent.intentId());
            statement.setString(3, intent.tool());
            statement.setString(4, intent.argumentsHash());
            statement.setString(5, owner);
            statement.setLong(6, lease.toMillis());
            statement.setLong(7, retention.toMillis());
            statement.setBoolean(8, reDrivable);
            statement.setBoolean(9, reDrivable);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? new Claim.Owned(row.getLong(1), row.getBoolean(2)) : null;
            }
        }
    }

    /** What the first statement of a claim saw: the claim of a new key, or the key's row, or neither. */
    private record KeyRow(Claim.Owned owned, CallRecord record, boolean leaseHeld, boolean expired) {}

    /** Inserts a new key, or reads the row that is there without locking or writing it. */
    private KeyRow insertOrRead(Connection connection, CallIntent intent, String owner, Duration lease)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql.claimOrRead)) {
            statement.setString(1, intent.key());
            statement.setString(2, intent.intentId());
            statement.setString(3, intent.tool());
            statement.setString(4, intent.argumentsHash());
            statement.setString(5, owner);
            statement.setLong(6, lease.toMillis());
            statement.setLong(7, retention.toMillis());
            statement.setString(8, intent.key());
            try (ResultSet row = statement.executeQuery()) {
                row.next(); // always one row
                long claimed = row.getLong("claimed_epoch");
                if (!row.wasNull()) {
                    return new KeyRow(new Claim.Owned(claimed, false), null, false, false);
                }
                if (row.getString("idem_key") == null) {
                    return new KeyRow(null, null, false, false);
                }
                return new KeyRow(null, RecordRows.read(row), row.getBoolean("lease_held"), row.getBoolean("expired"));
            }
        }
    }

    /** What the row answers, or {@code null} when it is one the claim may take: the upsert decides. */
    private Claim classify(Connection connection, CallIntent intent, boolean reDrivable, KeyRow seen)
            throws SQLException {
        CallRecord record = seen.record();
        if (seen.expired()) {
            return null;
        }
        if (!intent.matches(record)) {
            return new Claim.Conflict(record);
        }
        return switch (record.status()) {
            case STARTED -> seen.leaseHeld() ? new Claim.InFlight(record.owner(), record.leaseUntil())
                    : reDrivable ? null : markLost(connection, sql, retention.toMillis(), record);
            case OUTCOME_UNKNOWN -> reDrivable ? null : new Claim.Recorded(record);
            case FAILED -> record.error().retryable() ? null : new Claim.Recorded(record);
            case SUCCEEDED -> new Claim.Recorded(record);
        };
    }

    /** A lost owner's row becomes OUTCOME_UNKNOWN under its old epoch, so its late outcome can still resolve it. */
    static Claim markLost(Connection connection, JournalSql sql, long retentionMs, CallRecord started)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql.markLost)) {
            statement.setString(1, "its owner '" + started.owner() + "' stopped (lease ended " + started.leaseUntil()
                    + ") before recording an outcome");
            statement.setLong(2, retentionMs);
            statement.setString(3, started.key());
            statement.setLong(4, started.epoch());
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? new Claim.Recorded(RecordRows.read(row)) : null;
            }
        }
    }

    @FunctionalInterface
    private interface Work<T> {
        T in(Connection connection) throws SQLException;
    }

    /**
     * Runs {@code work} on a connection of its own. Every statement is atomic by itself, so it runs
     * in autocommit; a pool that hands out connections with autocommit off gets a commit after.
     */
    private <T> T run(String operation, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            try {
                T result = work.in(connection);
                commitIfManual(connection);
                return result;
            } catch (SQLException | RuntimeException e) {
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                }
                throw e;
            }
        } catch (SQLException e) {
            throw new PostgresJournalException(operation, sql.table, e);
        }
    }

    private static void commitIfManual(Connection connection) throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }

    private static void setBoolean(PreparedStatement statement, int index, Boolean value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.BOOLEAN);
        } else {
            statement.setBoolean(index, value);
        }
    }

    private static void requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }

    /** Configures a {@link PostgresCallJournal}. */
    public static final class Builder {
        private final DataSource dataSource;
        private String table = JournalSql.DEFAULT_TABLE;
        private Duration retention = DEFAULT_RETENTION;
        private int batchSize = 1_000;

        private Builder(DataSource dataSource) {
            this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        }

        /**
         * The table (default {@code idem_call_journal}); lower case, optionally {@code schema.table}.
         *
         * @param value the table name
         * @return this builder
         */
        public Builder table(String value) {
            new JournalSql(value); // validates, naming the rule
            this.table = value;
            return this;
        }

        /**
         * How long completed rows are kept (default 24 hours: Stripe keeps keys at least that long).
         *
         * @param value how long completed rows are kept
         * @return this builder
         */
        public Builder retention(Duration value) {
            requirePositive(value, "retention");
            this.retention = value;
            return this;
        }

        /**
         * Rows per purge or sweep statement (default 1,000).
         *
         * @param value the most rows per statement, at least 1
         * @return this builder
         */
        public Builder batchSize(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("batchSize must be at least 1, was " + value);
            }
            this.batchSize = value;
            return this;
        }

        /**
         * The journal.
         *
         * @return a new journal with this configuration
         */
        public PostgresCallJournal build() {
            return new PostgresCallJournal(this);
        }
    }
}
