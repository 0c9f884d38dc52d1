package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolException;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Transactional tools on the PostgreSQL journal: claim, body and outcome in one transaction.
 * Effects are ledger rows, counted in the database.
 */
class TransactionalToolTest {

    private static final RetryPolicy ONCE = RetryPolicy.builder().maxAttempts(1).build();
    private static final RetryPolicy TWICE = RetryPolicy.builder().maxAttempts(2).initialDelayMs(0)
            .retryOn(ErrorType.CONNECTION_ERROR, ErrorType.TIMEOUT).build();

    private final CountingDataSource data = new CountingDataSource(TestDatabase.dataSource());

    private PostgresCallJournal journal() {
        PostgresCallJournal journal = PostgresCallJournal.builder(data).table(TestDatabase.freshTable("tx")).build();
        journal.createSchema();
        return journal;
    }

    private static ToolExecutor executor(LedgerTools tools, PostgresCallJournal journal, String owner) {
        return ToolExecutor.builder(ToolRegistry.of(tools))
                .journal(JournalSettings.of(journal).withOwner(owner).withInFlightWait(Duration.ofSeconds(10))).build();
    }

    private static ToolResult book(ToolExecutor executor, String intent, int cents) {
        return executor.newRun(intent).execute(new ToolCall("c1", "book", "{\"cents\":" + cents + "}"));
    }

    @Test
    void transactionalCallCommitsEffectAndRecordTogetherAndAReplayRunsNothing() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        ToolExecutor executor = executor(tools, journal, "A");

        ToolResult first = book(executor, "intent-1", 500);
        ToolResult again = book(executor, "intent-1", 500);

        assertThat(first.success()).as(first.toString()).isTrue();
        assertThat(tools.rows(data, first.idempotencyKey())).isEqualTo(1);
        CallRecord record = journal.find(first.idempotencyKey()).orElseThrow();
        assertThat(record.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(record.resultJson()).isEqualTo("500");
        assertThat(again.success()).isTrue();
        assertThat(again.replayed()).isTrue();
        assertThat(again.attempts()).isZero();
        assertThat(tools.bodyRuns).hasValue(1);
        assertThat(tools.rows(data)).isEqualTo(1);
    }

    @Test
    void oneCommitPerTransactionalCallWithTwoJournalStatements() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        ToolExecutor executor = executor(tools, journal, "A");
        book(executor, "warm-up", 1);

        data.reset();
        ToolResult result = book(executor, "intent-1", 500);

        assertThat(result.success()).isTrue();
        assertThat(data.commits).as("commits").hasValue(1);
        // claim (INSERT ... ON CONFLICT ... RETURNING, BEGIN sent with it), the body's INSERT, the outcome UPDATE
        assertThat(data.statements).as("statements").hasValue(3);
    }

    @Test
    void failureBeforeCommitRollsBackEffectAndClaimSoTheCallRunsAgainThoughNeitherRestartSafeNorIdempotent() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, TWICE, 0);
        tools.after = (connection, context) -> {
            if (context.attempt() == 1) {
                throw new ToolException(ErrorType.CONNECTION_ERROR, "the rate service dropped the connection");
            }
        };
        ToolResult result = book(executor(tools, journal, "A"), "intent-1", 500);

        assertThat(result.success()).as(result.toString()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(tools.bodyRuns).hasValue(2);
        assertThat(tools.rows(data, result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void failedTransactionalCallLeavesNoRecordAndIsNotAnUnknownOutcome() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        tools.after = (connection, context) -> {
            throw new ToolException(ErrorType.CONNECTION_ERROR, "dropped");
        };
        ToolExecutor executor = executor(tools, journal, "A");
        ToolResult failed = book(executor, "intent-1", 500);
        assertThat(failed.success()).isFalse();
        assertThat(failed.outcomeUnknown()).isFalse();
        assertThat(tools.rows(data, failed.idempotencyKey())).isZero();
        assertThat(journal.find(failed.idempotencyKey())).isEmpty();

        tools.after = (connection, context) -> {};
        ToolResult reissued = book(executor(tools, journal, "B"), "intent-1", 500);
        assertThat(reissued.success()).isTrue();
        assertThat(reissued.replayed()).isFalse();
        assertThat(tools.rows(data, reissued.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void lostCommitAnswerOfACommittedTransactionIsResolvedByKeyAsSucceeded() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        data.commitFault = real -> {
            real.commit();
            real.abort(Runnable::run);
            throw new SQLTransientConnectionException("An I/O error occurred while sending to the backend.");
        };
        ToolResult result = book(executor(tools, journal, "A"), "intent-1", 500);
        data.commitFault = null;

        assertThat(result.success()).as(result.toString()).isTrue();
        assertThat(result.outcomeUnknown()).isFalse();
        assertThat(tools.rows(data, result.idempotencyKey())).isEqualTo(1);
        assertThat(journal.find(result.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
    }

    @Test
    void lostCommitAnswerOfARolledBackTransactionIsResolvedByKeyAndTheCallRunsAgain() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, TWICE, 0);
        data.commitFault = real -> {
            data.commitFault = null; // the next commit goes through
            real.abort(Runnable::run); // the connection drops before COMMIT reaches the server
            throw new SQLTransientConnectionException("An I/O error occurred while sending to the backend.");
        };
        ToolResult result = book(executor(tools, journal, "A"), "intent-1", 500);

        assertThat(result.success()).as(result.toString()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(tools.rows(data, result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void twoReplicasRacingTheSameKeyRunTheBodyOnce() throws Exception {
        PostgresCallJournal table = journal();
        PostgresCallJournal other = PostgresCallJournal.builder(data).table(table.table()).build();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        CountDownLatch inBody = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        tools.after = (connection, context) -> {
            inBody.countDown();
            release.await(10, TimeUnit.SECONDS);
        };
        ToolExecutor a = executor(tools, table, "A");
        ToolExecutor b = executor(tools, other, "B");

        CompletableFuture<ToolResult> first = CompletableFuture.supplyAsync(() -> book(a, "intent-1", 500));
        assertThat(inBody.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<ToolResult> second = CompletableFuture.supplyAsync(() -> book(b, "intent-1", 500));
        awaitWaitingOnTheRowLock();
        release.countDown();

        List<ToolResult> results = List.of(first.get(20, TimeUnit.SECONDS), second.get(20, TimeUnit.SECONDS));
        assertThat(results).allSatisfy(result -> assertThat(result.success()).as(result.toString()).isTrue());
        assertThat(results.get(1).replayed()).isTrue();
        assertThat(tools.bodyRuns).hasValue(1);
        assertThat(tools.rows(data)).isEqualTo(1);
    }

    @Test
    void inFlightTransactionalAnswerSaysAnotherTransactionHoldsTheCallAndMayStillCommit() throws Exception {
        PostgresCallJournal table = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        CountDownLatch inBody = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        tools.after = (connection, context) -> {
            inBody.countDown();
            release.await(20, TimeUnit.SECONDS);
        };
        ToolExecutor a = executor(tools, table, "A");
        ToolExecutor b = ToolExecutor.builder(ToolRegistry.of(tools)).journal(JournalSettings.of(table)
                .withOwner("B").withInFlightWait(Duration.ofSeconds(1))).build();
        CompletableFuture<ToolResult> first = CompletableFuture.supplyAsync(() -> book(a, "intent-1", 500));
        assertThat(inBody.await(10, TimeUnit.SECONDS)).isTrue();

        long started = System.nanoTime();
        ToolResult held = book(b, "intent-1", 500);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        release.countDown();

        assertThat(held.errorType()).as(held.toString()).isEqualTo(ErrorType.IN_FLIGHT);
        assertThat(held.outcomeUnknown()).isTrue();
        assertThat(held.message()).contains("another transaction holds this call", "it may still commit",
                "NOT started");
        assertThat(waitedMs(held)).as(held.message()).isBetween(1_000L, tookMs);
        assertThat(first.get(20, TimeUnit.SECONDS).success()).isTrue();
        ToolResult reissued = book(b, "intent-1", 500);
        assertThat(reissued.success()).as(reissued.toString()).isTrue();
        assertThat(reissued.replayed()).isTrue();
        assertThat(tools.rows(data)).isEqualTo(1);
    }

    @Test
    void inFlightTransactionalAnswerClaimsNoWaitThatDidNotHappen() throws Exception {
        PostgresCallJournal table = journal();
        // The server gives up on the row lock after 100 ms (a lock_timeout set by the database's owner).
        PGSimpleDataSource impatient = (PGSimpleDataSource) TestDatabase.dataSource(TestDatabase.url(),
                TestDatabase.user(), TestDatabase.password());
        impatient.setOptions("-c lock_timeout=100");
        PostgresCallJournal other = PostgresCallJournal.builder(impatient).table(table.table()).build();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        CountDownLatch inBody = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        tools.after = (connection, context) -> {
            inBody.countDown();
            release.await(20, TimeUnit.SECONDS);
        };
        CompletableFuture<ToolResult> first = CompletableFuture.supplyAsync(
                () -> book(executor(tools, table, "A"), "intent-1", 500));
        assertThat(inBody.await(10, TimeUnit.SECONDS)).isTrue();

        long started = System.nanoTime();
        ToolResult held = book(executor(tools, other, "B"), "intent-1", 500); // in-flight wait: 10 s
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        release.countDown();

        assertThat(held.errorType()).as(held.toString()).isEqualTo(ErrorType.IN_FLIGHT);
        assertThat(tookMs).isLessThan(5_000);
        assertThat(held.message()).doesNotContain("10000").contains("another transaction holds this call");
        assertThat(waitedMs(held)).as(held.message()).isLessThanOrEqualTo(tookMs);
        assertThat(first.get(20, TimeUnit.SECONDS).success()).isTrue();
        assertThat(tools.rows(data)).isEqualTo(1);
    }

    @Test
    void inFlightAnswerOfACallRecordedOutsideATransactionClaimsNoWait() {
        PostgresCallJournal table = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        // SQL text the connection does not inspect: the claim commits alone, STARTED, with its lease.
        tools.after = (connection, context) -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("COMMIT");
            }
            throw new IllegalStateException("the tool failed after its own COMMIT");
        };
        book(executor(tools, table, "A"), "intent-1", 500);
        tools.after = (connection, context) -> {};

        long started = System.nanoTime();
        ToolResult held = book(executor(tools, table, "B"), "intent-1", 500); // in-flight wait: 10 s
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertThat(held.errorType()).as(held.toString()).isEqualTo(ErrorType.IN_FLIGHT);
        assertThat(tookMs).isLessThan(5_000);
        assertThat(held.message()).contains("owner 'A'", "NOT started").doesNotContain("waited", "within");
        assertThat(tools.bodyRuns).hasValue(1);
    }

    @Test
    void claimCommittedAloneWhoseLeaseEndedIsAnUnknownOutcomeNeverARunOrANotExecuted() throws Exception {
        PostgresCallJournal table = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 0);
        tools.after = (connection, context) -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("COMMIT"); // the effect and the claim commit alone, STARTED
            }
            throw new IllegalStateException("the tool failed after its own COMMIT");
        };
        ToolExecutor shortLease = ToolExecutor.builder(ToolRegistry.of(tools)).journal(JournalSettings.of(table)
                .withOwner("A").withLease(Duration.ofMillis(200))).build();
        book(shortLease, "intent-1", 500);
        tools.after = (connection, context) -> {};
        Thread.sleep(400); // the lease of the STARTED claim ends

        ToolResult later = book(executor(tools, table, "B"), "intent-1", 500);

        assertThat(later.errorType()).as(later.toString()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(later.outcomeUnknown()).isTrue();
        assertThat(later.message()).contains("may have taken effect").doesNotContain("NOT executed");
        assertThat(tools.bodyRuns).hasValue(1);
        assertThat(tools.rows(data)).isEqualTo(1);
        assertThat(table.find(later.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
    }

    /** The wait an IN_FLIGHT answer reports: "waited N ms". */
    private static long waitedMs(ToolResult result) {
        Matcher waited = Pattern.compile("waited (\\d+) ms").matcher(result.message());
        assertThat(waited.find()).as("the answer says how long it waited: " + result.message()).isTrue();
        return Long.parseLong(waited.group(1));
    }

    @Test
    void timeoutEndsTheOpenTransactionSoNothingTakesEffectAndTheCallRunsAgain() {
        PostgresCallJournal journal = journal();
        LedgerTools tools = LedgerTools.create(data, ONCE, 300);
        tools.after = (connection, context) -> {
            if (context.attempt() == 1 && tools.bodyRuns.get() == 1) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SELECT pg_sleep(30)");
                }
            }
        };
        ToolExecutor executor = executor(tools, journal, "A");
        long started = System.nanoTime();
        ToolResult timedOut = book(executor, "intent-1", 500);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertThat(timedOut.errorType()).as(timedOut.toString()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(timedOut.outcomeUnknown()).isFalse();
        assertThat(tookMs).as("the statement was ended, not waited for").isLessThan(10_000);
        assertThat(tools.rows(data, timedOut.idempotencyKey())).isZero();

        ToolResult reissued = book(executor(tools, journal, "B"), "intent-1", 500);
        assertThat(reissued.success()).as(reissued.toString()).isTrue();
        assertThat(tools.rows(data, reissued.idempotencyKey())).isEqualTo(1);
    }

    /** Until a session of this database waits on a lock: the second replica's claim. */
    private static void awaitWaitingOnTheRowLock() throws SQLException, InterruptedException {
        DataSource source = TestDatabase.dataSource();
        for (int i = 0; i < 1_000; i++) {
            try (var connection = source.getConnection(); Statement statement = connection.createStatement();
                    var row = statement.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")) {
                row.next();
                if (row.getInt(1) > 0) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the second claim never waited on the first transaction's row lock");
    }

    @SuppressWarnings("unused")
    private static Optional<Void> none() {
        return Optional.empty();
    }
}
