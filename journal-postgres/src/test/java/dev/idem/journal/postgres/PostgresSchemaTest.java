package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalTransaction;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The schema at start-up on a real PostgreSQL, with the fleet busy: a start that finds the table
 * up to date reads the catalog and locks nothing; one that must change it waits at most its lock
 * timeout and then fails saying why; the printed DDL makes a table the journal works on.
 */
class PostgresSchemaTest {

    private static final Duration LEASE = Duration.ofMinutes(1);

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void replicaStartNeverBlocksClaims() throws Exception {
        String table = TestDatabase.freshTable("schema");
        PostgresCallJournal fleet = journal(table);
        fleet.createSchema();
        Fleet claims = new Fleet(fleet);
        LockWatch watch = new LockWatch(table);
        Duration start;
        boolean returnedWhileHeld;
        try (JournalTransaction call = fleet.begin(intent("held"), "replica-a", LEASE, 1_000)) {
            assertThat(call.claim()).isInstanceOf(Claim.Owned.class);
            claims.start();
            claims.awaitMore(20);
            watch.start();
            long began = System.nanoTime();
            Future<?> replica = threads.submit(() -> journal(table).createSchema());
            returnedWhileHeld = finishes(replica, Duration.ofSeconds(5));
            start = Duration.ofNanos(System.nanoTime() - began);
            claims.awaitMore(20);
            watch.stop();
        } // the transactional call ends only here: the replica started while it held its row
        claims.stop();

        SoftAssertions.assertSoftly(soft -> {
            soft.assertThat(returnedWhileHeld).as("the start returned while a transactional call held its row").isTrue();
            soft.assertThat(start).as("the start").isLessThan(Duration.ofSeconds(1));
            soft.assertThat(watch.sawAccessExclusive()).as("an ACCESS EXCLUSIVE lock on the table, held or awaited")
                    .isFalse();
            soft.assertThat(claims.slowest()).as("the slowest claim while the replica started")
                    .isLessThan(Duration.ofSeconds(1));
        });
    }

    @Test
    void schemaChangeThatCannotGetItsLockFailsFastNamingWhatIsMissing() throws Exception {
        String table = TestDatabase.freshTable("schema");
        createPreviousSchema(table);
        try (Connection call = physicalConnection()) {
            call.setAutoCommit(false);
            try (Statement statement = call.createStatement()) {
                // what a transactional call does: it writes its row and keeps the transaction open
                statement.executeUpdate("UPDATE " + table + " SET attempts = attempts + 1 WHERE idem_key = 'old'");
            }
            long began = System.nanoTime();
            Future<?> replica = threads.submit(() -> journal(table).createSchema());
            boolean failedInTime = finishes(replica, Duration.ofSeconds(5));
            Duration waited = Duration.ofNanos(System.nanoTime() - began);
            call.rollback();

            assertThat(failedInTime).as("the start ended while a transactional call held its row").isTrue();
            assertThat(waited).isLessThan(Duration.ofSeconds(4));
            Throwable failure = failure(replica);
            assertThat(failure).isInstanceOf(PostgresJournalException.class);
            assertThat(failure.getMessage()).contains(table).contains("lock").contains("resolved_verdict")
                    .contains("resolved_by").contains("resolved_reason").contains("Nothing was changed");
        }
        assertThat(columns(table)).doesNotContain("resolved_verdict");

        journal(table).createSchema(); // the fleet quiet again: the next start applies it

        assertThat(columns(table)).contains("resolved_verdict", "resolved_by", "resolved_reason");
    }

    @Test
    void tableOfThePreviousSchemaIsUpgradedOnStartAndKeepsItsRows() {
        String table = TestDatabase.freshTable("schema");
        createPreviousSchema(table);
        PostgresCallJournal journal = journal(table);

        journal.createSchema();

        assertThat(columns(table)).contains("resolved_verdict", "resolved_by", "resolved_reason");
        assertThat(journal.find("old")).hasValueSatisfying(record -> assertThat(record.status())
                .isEqualTo(CallStatus.OUTCOME_UNKNOWN));
        Resolved resolved = journal.resolve("old", Resolution.notApplied("ana@ops", "no such transfer"));
        assertThat(resolved).isInstanceOf(Resolved.Done.class);
        assertThat(journal.claim(intent("new"), "replica-b", LEASE, false)).isInstanceOf(Claim.Owned.class);
    }

    @Test
    void printedDdlCreatesAWorkingSchemaThatTheStartLeavesAlone() throws Exception {
        String table = TestDatabase.freshTable("schema");
        String ddl = printed(table);
        try (Connection connection = physicalConnection(); Statement statement = connection.createStatement()) {
            statement.execute(ddl);
            statement.execute(ddl); // a migration tool may run it again
        }
        PostgresCallJournal journal = journal(table); // no createSchema: the operator's tool made the table

        assertThat(journal.claim(intent("k1"), "replica-a", Duration.ofMillis(100), false)).isInstanceOf(Claim.Owned.class);
        assertThat(journal.complete("k1", 1, CallOutcome.succeeded("{\"id\":\"tr_1\"}", 1))).isTrue();
        assertThat(journal.claim(intent("k1"), "replica-b", LEASE, false)).isInstanceOf(Claim.Recorded.class);
        journal.claim(intent("k2"), "replica-a", Duration.ofMillis(100), false);
        sleep(Duration.ofMillis(300));
        assertThat(journal.sweep()).isEqualTo(1);
        assertThat(journal.unresolved(UnresolvedQuery.all())).extracting(record -> record.key()).containsExactly("k2");
        assertThat(journal.resolve("k2", Resolution.notApplied("ana@ops", "checked"))).isInstanceOf(Resolved.Done.class);
        assertThat(journal.purge()).isZero();
        try (JournalTransaction call = journal.begin(intent("held"), "replica-a", LEASE, 1_000)) {
            assertThat(call.claim()).isInstanceOf(Claim.Owned.class);
            Future<?> replica = threads.submit(() -> journal(table).createSchema());
            assertThat(finishes(replica, Duration.ofSeconds(5))).as("a start on the printed schema has nothing to do")
                    .isTrue();
            assertThat(failure(replica)).isNull();
        }
    }

    @Test
    void replicasStartingTogetherOnANewDatabaseAllStart() throws Exception {
        for (int round = 0; round < 5; round++) {
            String table = TestDatabase.freshTable("schema");
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> replicas = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                replicas.add(threads.submit(() -> {
                    go.await();
                    journal(table).createSchema();
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> replica : replicas) {
                assertThat(finishes(replica, Duration.ofSeconds(10))).isTrue();
                assertThat(failure(replica)).as("a replica's start").isNull();
            }
            assertThat(journal(table).claim(intent("k1"), "replica-a", LEASE, false)).isInstanceOf(Claim.Owned.class);
        }
    }

    @Test
    void startFindsASchemaQualifiedTableUpToDateAndLocksNothing() throws Exception {
        String schema = TestDatabase.freshTable("ns");
        try (Connection connection = physicalConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + schema);
        }
        String table = schema + ".journal";
        journal(table).createSchema();
        try (JournalTransaction call = journal(table).begin(intent("held"), "replica-a", LEASE, 1_000)) {
            assertThat(call.claim()).isInstanceOf(Claim.Owned.class);
            Future<?> replica = threads.submit(() -> journal(table).createSchema());
            assertThat(finishes(replica, Duration.ofSeconds(5))).as("the start returned while a call held its row")
                    .isTrue();
            assertThat(failure(replica)).isNull();
        }
        assertThat(journal(table).claim(intent("k1"), "replica-a", LEASE, false)).isInstanceOf(Claim.Owned.class);
    }

    private static PostgresCallJournal journal(String table) {
        return PostgresCallJournal.builder(TestDatabase.dataSource()).table(table).build();
    }

    /** What {@code PostgresSchema}'s main prints for {@code table}. */
    private static String printed(String table) {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            PostgresSchema.main(new String[] {table});
        } finally {
            System.setOut(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static CallIntent intent(String key) {
        return new CallIntent(key, "intent-1", "pay", "hash");
    }

    /** The table as its first version was created (before the resolved_* columns), with one unknown outcome. */
    private static void createPreviousSchema(String table) {
        String ddl = """
                CREATE TABLE %1$s (
                    idem_key            text        PRIMARY KEY,
                    intent_id           text        NOT NULL,
                    tool                text        NOT NULL,
                    arguments_hash      text        NOT NULL,
                    status              text        NOT NULL CHECK (status IN ('STARTED', 'SUCCEEDED', 'FAILED', 'OUTCOME_UNKNOWN')),
                    epoch               bigint      NOT NULL,
                    owner               text        NOT NULL,
                    attempts            integer     NOT NULL DEFAULT 0,
                    result_json         text,
                    error_type          text,
                    error_message       text,
                    error_retryable     boolean,
                    error_may_still_run boolean,
                    taken_over          boolean     NOT NULL DEFAULT false,
                    created_at          timestamptz NOT NULL,
                    updated_at          timestamptz NOT NULL,
                    lease_until         timestamptz,
                    expires_at          timestamptz NOT NULL
                );
                CREATE INDEX %1$s_expires_at ON %1$s (expires_at) WHERE status <> 'STARTED';
                CREATE INDEX %1$s_lease_until ON %1$s (lease_until) WHERE status = 'STARTED';
                INSERT INTO %1$s (idem_key, intent_id, tool, arguments_hash, status, epoch, owner, error_type,
                        error_message, error_retryable, error_may_still_run, created_at, updated_at, expires_at)
                    VALUES ('old', 'intent-1', 'pay', 'hash', 'OUTCOME_UNKNOWN', 1, 'replica-0', 'OUTCOME_UNKNOWN',
                        'its owner stopped', false, false, now(), now(), now() + interval '1 hour');
                """.formatted(table);
        try (Connection connection = physicalConnection(); Statement statement = connection.createStatement()) {
            statement.execute(ddl);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> columns(String table) {
        try (Connection connection = physicalConnection();
                PreparedStatement statement = connection.prepareStatement("SELECT attname FROM pg_attribute"
                        + " WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped")) {
            statement.setString(1, table);
            List<String> names = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
            return names;
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static Connection physicalConnection() throws SQLException {
        return TestDatabase.dataSource(TestDatabase.url(), TestDatabase.user(), TestDatabase.password()).getConnection();
    }

    /** Whether {@code task} ended (returned or threw) within {@code limit}. */
    private static boolean finishes(Future<?> task, Duration limit) throws InterruptedException {
        try {
            task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    private static Throwable failure(Future<?> ended) throws InterruptedException {
        try {
            ended.get();
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Claims of new keys, one after another on the pool, as the rest of the fleet makes them. */
    private final class Fleet {
        private final PostgresCallJournal journal;
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicInteger done = new AtomicInteger();
        private final AtomicLong slowestNanos = new AtomicLong();
        private Future<?> running;

        Fleet(PostgresCallJournal journal) {
            this.journal = journal;
        }

        void start() {
            running = threads.submit(() -> {
                for (int i = 0; !stopped.get(); i++) {
                    long began = System.nanoTime();
                    journal.claim(intent("flow-" + i), "replica-a", LEASE, false);
                    slowestNanos.accumulateAndGet(System.nanoTime() - began, Math::max);
                    done.incrementAndGet();
                }
                return null;
            });
        }

        /** Waits (at most 5 s) for {@code count} more claims to complete. */
        void awaitMore(int count) throws InterruptedException {
            int target = done.get() + count;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (done.get() < target && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        }

        void stop() throws Exception {
            stopped.set(true);
            running.get(30, TimeUnit.SECONDS);
        }

        Duration slowest() {
            return Duration.ofNanos(slowestNanos.get());
        }
    }

    /** Polls pg_locks for an ACCESS EXCLUSIVE lock on the table, granted or awaited. */
    private final class LockWatch {
        private final String table;
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicBoolean seen = new AtomicBoolean();
        private Future<?> running;

        LockWatch(String table) {
            this.table = table;
        }

        void start() throws InterruptedException {
            CountDownLatch ready = new CountDownLatch(1);
            running = threads.submit(() -> {
                try (Connection connection = physicalConnection();
                        PreparedStatement statement = connection.prepareStatement("SELECT count(*) FROM pg_locks"
                                + " WHERE locktype = 'relation' AND relation = to_regclass(?) AND mode = 'AccessExclusiveLock'")) {
                    statement.setString(1, table);
                    ready.countDown();
                    while (!stopped.get()) {
                        try (ResultSet row = statement.executeQuery()) {
                            row.next();
                            if (row.getInt(1) > 0) {
                                seen.set(true);
                            }
                        }
                        Thread.sleep(2);
                    }
                }
                return null;
            });
            ready.await(10, TimeUnit.SECONDS);
        }

        void stop() throws Exception {
            stopped.set(true);
            running.get(10, TimeUnit.SECONDS);
        }

        boolean sawAccessExclusive() {
            return seen.get();
        }
    }
}
