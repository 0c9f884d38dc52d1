package dev.idem.journal.postgres;

import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalOutcomeUnknownException;
import dev.idem.journal.JournalTransaction;
import dev.idem.journal.TransactionalJournal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One transactional call's transaction on the journal's database: the claim (the journal's upsert,
 * nothing re-drivable, its row uncommitted and locked), the body's writes, the outcome (an UPDATE
 * of that row) and one COMMIT. In the common case: 2 statements of the journal's and 1 COMMIT,
 * the {@code BEGIN} travelling with the claim (the driver sends it with the first statement).
 * Another transaction claiming the same key waits on the row lock until this one ends, then sees
 * its outcome or, after a rollback, takes the key.
 */
final class PostgresTransaction implements JournalTransaction {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresTransaction.class);
    private static final String QUERY_CANCELED = "57014";
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private final JournalSql sql;
    private final long retentionMs;
    private final String key;
    private final Claim claim;
    private final Connection connection; // null once ended, or when the claim is not owned
    private final AtomicBoolean ended = new AtomicBoolean();
    private final DataSource dataSource;
    private final int backend; // the server process of the transaction, from the claim's RETURNING

    private PostgresTransaction(DataSource dataSource, JournalSql sql, long retentionMs, String key, Claim claim,
            Connection connection, int backend) {
        this.backend = backend;
        this.dataSource = dataSource;
        this.sql = sql;
        this.retentionMs = retentionMs;
        this.key = key;
        this.claim = claim;
        this.connection = connection;
        if (connection == null) {
            ended.set(true);
        }
    }

    /** Opens a connection, turns autocommit off and claims {@code intent} in the new transaction. */
    static PostgresTransaction begin(DataSource dataSource, JournalSql sql, long retentionMs, CallIntent intent,
            String owner, Duration lease, long waitMs) {
        Connection connection = null;
        try {
            connection = dataSource.getConnection();
            connection.setAutoCommit(false);
            for (int round = 0; round < 20; round++) {
                int[] backend = new int[1];
                Claim claim = claimOnce(connection, sql, retentionMs, intent, owner, lease, waitMs, backend);
                if (claim instanceof Claim.Owned) {
                    return new PostgresTransaction(dataSource, sql, retentionMs, intent.key(), claim, connection,
                            backend[0]);
                }
                if (claim != null) {
                    endQuietly(connection, false);
                    return new PostgresTransaction(dataSource, sql, retentionMs, intent.key(), claim, null, 0);
                }
            }
            throw new IllegalStateException("claim of " + intent.key() + " did not settle in 20 rounds");
        } catch (SQLException e) {
            if (connection != null) {
                endQuietly(connection, false);
            }
            if (QUERY_CANCELED.equals(e.getSQLState()) || LOCK_NOT_AVAILABLE.equals(e.getSQLState())) {
                // Another transaction held the key until the wait ended (this side's or the server's limit).
                return new PostgresTransaction(dataSource, sql, retentionMs, intent.key(),
                        new Claim.InFlight(TransactionalJournal.OPEN_TRANSACTION, Instant.now()), null, 0);
            }
            throw new PostgresJournalException("transactional claim", sql.table, e);
        }
    }

    /** The claim, or {@code null} when the row changed under it (purged, expired): claim again. */
    private static Claim claimOnce(Connection connection, JournalSql sql, long retentionMs, CallIntent intent,
            String owner, Duration lease, long waitMs, int[] backend) throws SQLException {
        // The server process comes back with the claim, so a timeout can end the transaction from outside.
        try (PreparedStatement statement = connection.prepareStatement(sql.claim + ", pg_backend_pid()")) {
            statement.setString(1, intent.key());
            statement.setString(2, intent.intentId());
            statement.setString(3, intent.tool());
            statement.setString(4, intent.argumentsHash());
            statement.setString(5, owner);
            statement.setLong(6, lease.toMillis());
            statement.setLong(7, retentionMs);
            statement.setBoolean(8, false);
            statement.setBoolean(9, false);
            if (waitMs > 0) {
                statement.setQueryTimeout((int) Math.max(1, (waitMs + 999) / 1000));
            }
            try (ResultSet row = statement.executeQuery()) {
                if (row.next()) {
                    backend[0] = row.getInt(3);
                    return new Claim.Owned(row.getLong(1), false);
                }
            }
        }
        CallRecord record;
        boolean leaseHeld;
        try (PreparedStatement statement = connection.prepareStatement(sql.select)) {
            statement.setString(1, intent.key());
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next() || row.getBoolean("expired")) {
                    return null;
                }
                record = RecordRows.read(row);
                leaseHeld = row.getBoolean("lease_held");
            }
        }
        if (!intent.matches(record)) {
            return new Claim.Conflict(record);
        }
        if (record.status() != CallStatus.STARTED) {
            return new Claim.Recorded(record);
        }
        if (leaseHeld) {
            return new Claim.InFlight(record.owner(), record.leaseUntil());
        }
        // A claim committed alone (its tool ended the transaction in SQL, or it was claimed outside one) whose
        // owner's lease ended: its effect may exist, so it is a lost owner's, OUTCOME_UNKNOWN, as in the journal.
        Claim lost = PostgresCallJournal.markLost(connection, sql, retentionMs, record);
        if (lost != null) {
            connection.commit();
        }
        return lost;
    }

    @Override
    public Claim claim() {
        return claim;
    }

    @Override
    public Connection connection() {
        if (connection == null) {
            throw new IllegalStateException("the claim of " + key + " is not owned: " + claim);
        }
        return connection;
    }

    @Override
    public Optional<CallRecord> commit(CallOutcome outcome) {
        if (!ended.compareAndSet(false, true)) {
            throw new IllegalStateException("the transaction of " + key + " has ended");
        }
        long epoch = ((Claim.Owned) claim).epoch();
        CallRecord written;
        try (PreparedStatement statement = connection.prepareStatement(sql.complete + " RETURNING " + JournalSql.COLUMNS)) {
            statement.setString(1, outcome.status().name());
            statement.setString(2, outcome.resultJson());
            statement.setString(3, outcome.error() == null ? null : outcome.error().type().name());
            statement.setString(4, outcome.error() == null ? null : outcome.error().message());
            statement.setObject(5, outcome.error() == null ? null : outcome.error().retryable(), java.sql.Types.BOOLEAN);
            statement.setObject(6, outcome.error() == null ? null : outcome.error().mayStillBeRunning(),
                    java.sql.Types.BOOLEAN);
            statement.setInt(7, outcome.attempts());
            statement.setBoolean(8, outcome.holdsLease());
            statement.setLong(9, retentionMs);
            statement.setString(10, key);
            statement.setLong(11, epoch);
            try (ResultSet row = statement.executeQuery()) {
                written = row.next() ? RecordRows.read(row) : null;
            }
        } catch (SQLException e) {
            // No COMMIT was sent: the transaction rolls back, nothing took effect.
            LOG.warn("recording the outcome of {} failed; the transaction rolls back", key, e);
            endQuietly(connection, true);
            return Optional.empty();
        }
        if (written == null) {
            endQuietly(connection, false);
            return Optional.empty(); // the claim's row is gone: cannot happen while it is locked
        }
        try {
            connection.commit();
        } catch (SQLException e) {
            // The answer to COMMIT is lost: it may have committed. The row, read once the
            // transaction has ended, says which.
            LOG.warn("the answer to COMMIT of {} was lost; reading the row by key", key, e);
            endQuietly(connection, true);
            Optional<CallRecord> settled = settled(dataSource, sql, key);
            // SUCCEEDED: this commit took effect, or (it rolled back) another claim of the same call
            // committed since; either way the row is the call's outcome. Anything else: rolled back.
            return settled.filter(record -> record.status() == outcome.status());
        }
        release(connection);
        return Optional.of(written);
    }

    @Override
    public void abort() {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        // The body may be inside a statement on this connection: the server process is ended from
        // another connection (its statement stops, its transaction rolls back, its locks go), and
        // this side's socket is closed.
        try (Connection other = dataSource.getConnection();
                PreparedStatement terminate = other.prepareStatement("SELECT pg_terminate_backend(?)")) {
            terminate.setInt(1, backend);
            terminate.execute();
            if (!other.getAutoCommit()) {
                other.commit();
            }
        } catch (SQLException | RuntimeException e) {
            LOG.warn("ending the transaction of {} from outside failed; closing its connection", key, e);
        }
        endQuietly(connection, true);
    }

    @Override
    public void close() {
        if (ended.compareAndSet(false, true)) {
            endQuietly(connection, false);
        }
    }

    /**
     * The committed record of {@code key} once no transaction holds it: a probe insert in a
     * transaction of its own waits on the row lock of a transaction still deciding, then the row
     * is read; the probe always rolls back.
     */
    static Optional<CallRecord> settled(DataSource dataSource, JournalSql sql, String key) {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                try (PreparedStatement probe = connection.prepareStatement("INSERT INTO " + sql.table
                        + " (idem_key, intent_id, tool, arguments_hash, status, epoch, owner, created_at, updated_at,"
                        + " lease_until, expires_at) VALUES (?, '', '', '', 'STARTED', 1, 'settle', now(), now(), now(),"
                        + " now()) ON CONFLICT (idem_key) DO NOTHING")) {
                    probe.setString(1, key);
                    if (probe.executeUpdate() == 1) {
                        return Optional.empty(); // nothing committed under the key
                    }
                }
                try (PreparedStatement select = connection.prepareStatement(sql.select)) {
                    select.setString(1, key);
                    try (ResultSet row = select.executeQuery()) {
                        return row.next() ? Optional.of(RecordRows.read(row)) : Optional.empty();
                    }
                }
            } finally {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new JournalOutcomeUnknownException("reading " + key + " on " + sql.table + " failed: "
                    + e.getMessage(), e);
        }
    }

    /** Ends the transaction without committing; {@code broken}: the connection is not trusted, close it for good. */
    private static void endQuietly(Connection connection, boolean broken) {
        try {
            if (broken) {
                connection.abort(Runnable::run);
            } else {
                connection.rollback();
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debug("ending a journal transaction failed", e);
        }
        release(connection);
    }

    private static void release(Connection connection) {
        try {
            connection.setAutoCommit(true);
        } catch (SQLException | RuntimeException e) {
            // a broken connection: the pool finds out itself
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            LOG.debug("closing a journal connection failed", e);
        }
    }
}
