package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallJournalContract;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The journal contract on a real PostgreSQL (time passes for real: the database's clock is the
 * only one), and what only this journal adds: schema, sweep, batched purge, pools with autocommit off.
 */
class PostgresCallJournalTest extends CallJournalContract {

    private static final Duration LEASE = Duration.ofMillis(600);

    @Override
    protected CallJournal newJournal(Duration retention) {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource())
                .table(TestDatabase.freshTable("contract")).retention(retention).build();
        journal.createSchema();
        return journal;
    }

    @Override
    protected void elapse(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    protected Duration lease() {
        return LEASE;
    }

    private static PostgresCallJournal journal(DataSource source, int batchSize, Duration retention) {
        PostgresCallJournal journal = PostgresCallJournal.builder(source).table(TestDatabase.freshTable("pg"))
                .batchSize(batchSize).retention(retention).build();
        journal.createSchema();
        return journal;
    }

    private static CallIntent intent(String key) {
        return new CallIntent(key, "intent-1", "pay", "hash");
    }

    @Test
    void createSchemaIsSafeToRunOnEveryStartAndSchemaSqlIsTheDefaultTablesDdl() {
        PostgresCallJournal journal = journal(TestDatabase.dataSource(), 10, Duration.ofHours(1));
        journal.claim(intent("k1"), "a", LEASE, false);

        journal.createSchema();

        assertThat(journal.find("k1")).isPresent();
        assertThat(PostgresCallJournal.schemaSql()).contains("CREATE TABLE IF NOT EXISTS idem_call_journal")
                .contains("PRIMARY KEY").contains("expires_at").isEqualTo(PostgresSchema.ddl("idem_call_journal"));
    }

    @Test
    void sweepTurnsStartedRowsWhoseLeaseEndedIntoOutcomeUnknownAndALateOwnerCanStillResolveThem() {
        PostgresCallJournal journal = journal(TestDatabase.dataSource(), 2, Duration.ofHours(1));
        for (int i = 0; i < 5; i++) {
            journal.claim(intent("lost-" + i), "dead-replica", Duration.ofMillis(100), false);
        }
        journal.claim(intent("alive"), "live-replica", Duration.ofMinutes(5), false);
        elapse(Duration.ofMillis(300));

        int swept = journal.sweep();

        assertThat(swept).isEqualTo(5);
        CallRecord lost = journal.find("lost-0").orElseThrow();
        assertThat(lost.status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        assertThat(lost.error().type()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(lost.error().message()).contains("'dead-replica'");
        assertThat(journal.find("alive").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
        assertThat(journal.complete("lost-1", 1, CallOutcome.succeeded("\"late but true\"", 1))).isTrue();
        assertThat(journal.find("lost-1").orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(journal.sweep()).isZero();
    }

    @Test
    void purgeDeletesExpiredRowsInBatches() {
        PostgresCallJournal journal = journal(TestDatabase.dataSource(), 2, Duration.ofMillis(200));
        for (int i = 0; i < 5; i++) {
            journal.claim(intent("k" + i), "a", LEASE, false);
            journal.complete("k" + i, 1, CallOutcome.succeeded(Integer.toString(i), 1));
        }
        journal.claim(intent("running"), "a", Duration.ofMinutes(5), false);
        elapse(Duration.ofMillis(400));

        assertThat(journal.purge()).isEqualTo(5);
        assertThat(journal.find("k4")).isEmpty();
        assertThat(journal.find("running")).isPresent();
    }

    @Test
    void poolsThatHandOutConnectionsWithAutocommitOffStillCommitEveryOperation() {
        DataSource manual = autocommitOff(TestDatabase.dataSource());
        PostgresCallJournal writer = journal(manual, 10, Duration.ofHours(1));
        PostgresCallJournal reader = PostgresCallJournal.builder(TestDatabase.dataSource()).table(writer.table()).build();

        Claim claim = writer.claim(intent("k1"), "a", LEASE, false);
        writer.complete("k1", 1, CallOutcome.succeeded("\"committed\"", 1));

        assertThat(claim).isEqualTo(new Claim.Owned(1, false));
        assertThat(reader.find("k1").orElseThrow().resultJson()).isEqualTo("\"committed\"");
    }

    @Test
    void aClaimAnsweredByTheRowAlreadyThereTakesOneStatementAndLocksAndWritesNothing() throws SQLException {
        CountingDataSource counted = new CountingDataSource(TestDatabase.dataSource());
        PostgresCallJournal journal = journal(counted, 10, Duration.ofHours(1));
        journal.claim(intent("recorded"), "a", LEASE, false);
        journal.complete("recorded", 1, CallOutcome.succeeded("\"done\"", 1));
        journal.claim(intent("held"), "a", Duration.ofMinutes(1), false);
        String before = rowVersions(journal.table());
        counted.reset();

        Claim replay = journal.claim(intent("recorded"), "b", LEASE, false);
        Claim inFlight = journal.claim(intent("held"), "b", LEASE, false);
        Claim conflict = journal.claim(new CallIntent("recorded", "intent-2", "pay", "other"), "b", LEASE, false);

        assertThat(replay).isInstanceOf(Claim.Recorded.class);
        assertThat(inFlight).isInstanceOf(Claim.InFlight.class);
        assertThat(conflict).isInstanceOf(Claim.Conflict.class);
        assertThat(counted.statements.get()).as("statements for three answered claims").isEqualTo(3);
        // xmin: no new row version; xmax: no row lock (a lock writes the row and makes the answer wait for a flush)
        assertThat(rowVersions(journal.table())).isEqualTo(before);
    }

    private static String rowVersions(String table) throws SQLException {
        try (Connection connection = TestDatabase.dataSource().getConnection();
                java.sql.Statement statement = connection.createStatement();
                java.sql.ResultSet rows = statement.executeQuery(
                        "SELECT string_agg(idem_key || ':' || xmin || ':' || xmax, ',' ORDER BY idem_key) FROM " + table)) {
            rows.next();
            return rows.getString(1);
        }
    }

    @Test
    void tableNameMustBeAPlainSqlName() {
        assertThatThrownBy(() -> PostgresCallJournal.builder(TestDatabase.dataSource()).table("x; DROP TABLE y"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("table");
        assertThat(PostgresCallJournal.builder(TestDatabase.dataSource()).table("app.calls").build().table())
                .isEqualTo("app.calls");
    }

    @Test
    void unreachableDatabaseSurfacesAsAJournalExceptionNamingTheOperation() {
        DataSource nowhere = TestDatabase.dataSource("jdbc:postgresql://127.0.0.1:1/none?connectTimeout=1", "x", "y");
        PostgresCallJournal journal = PostgresCallJournal.builder(nowhere).build();

        assertThatThrownBy(() -> journal.claim(intent("k1"), "a", LEASE, false))
                .isInstanceOf(PostgresJournalException.class).hasMessageContaining("claim on idem_call_journal failed");
    }

    /** Connections from {@code source} with autocommit off, as some pools configure them. */
    private static DataSource autocommitOff(DataSource source) {
        return new DataSource() {
            @Override
            public Connection getConnection() throws SQLException {
                Connection connection = source.getConnection();
                connection.setAutoCommit(false);
                return connection;
            }

            @Override
            public Connection getConnection(String user, String password) throws SQLException {
                Connection connection = source.getConnection(user, password);
                connection.setAutoCommit(false);
                return connection;
            }

            @Override
            public PrintWriter getLogWriter() throws SQLException {
                return source.getLogWriter();
            }

            @Override
            public void setLogWriter(PrintWriter out) throws SQLException {
                source.setLogWriter(out);
            }

            @Override
            public void setLoginTimeout(int seconds) throws SQLException {
                source.setLoginTimeout(seconds);
            }

            @Override
            public int getLoginTimeout() throws SQLException {
                return source.getLoginTimeout();
            }

            @Override
            public Logger getParentLogger() throws SQLFeatureNotSupportedException {
                return source.getParentLogger();
            }

            @Override
            public <T> T unwrap(Class<T> type) throws SQLException {
                return source.unwrap(type);
            }

            @Override
            public boolean isWrapperFor(Class<?> type) throws SQLException {
                return source.isWrapperFor(type);
            }
        };
    }
}
