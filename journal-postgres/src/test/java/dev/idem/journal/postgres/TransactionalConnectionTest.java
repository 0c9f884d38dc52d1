package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.journal.CallStatus;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * The connection a transactional tool gets refuses what would end or change the call's
 * transaction: the tool fails naming the rule, its writes roll back with the claim, nothing is
 * recorded, and the call runs again. Effects are ledger rows, counted in the database.
 */
class TransactionalConnectionTest {

    private static final RetryPolicy ONCE = RetryPolicy.builder().maxAttempts(1).build();

    private final CountingDataSource data = new CountingDataSource(TestDatabase.dataSource());
    private final PostgresCallJournal journal = journal();
    private final LedgerTools tools = LedgerTools.create(data, ONCE, 0);

    private PostgresCallJournal journal() {
        PostgresCallJournal created = PostgresCallJournal.builder(data).table(TestDatabase.freshTable("txc")).build();
        created.createSchema();
        return created;
    }

    private ToolResult book(String owner) {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(tools))
                .journal(JournalSettings.of(journal).withOwner(owner).withInFlightWait(Duration.ofSeconds(10))).build();
        return executor.newRun("intent-1").execute(new ToolCall("c1", "book", "{\"cents\":500}"));
    }

    /**
     * The tool wrote its row, then {@code misuse}: the call fails with {@code rule}, nothing of it
     * remains, and the same call runs again once the tool behaves.
     */
    private ToolResult assertRefused(String rule, LedgerTools.After misuse) {
        tools.after = misuse;
        ToolResult refused = book("A");

        assertThat(refused.success()).as(refused.toString()).isFalse();
        assertThat(refused.errorType()).as(refused.toString()).isEqualTo(ErrorType.PROGRAMMING_ERROR);
        assertThat(refused.message()).contains(rule);
        assertThat(refused.outcomeUnknown()).isFalse();
        assertThat(tools.rows(data, refused.idempotencyKey())).as("ledger rows after the refusal").isZero();
        assertThat(journal.find(refused.idempotencyKey())).as("no record, STARTED or other").isEmpty();

        tools.after = (connection, context) -> {};
        ToolResult again = book("B");
        assertThat(again.success()).as(again.toString()).isTrue();
        assertThat(again.replayed()).isFalse();
        assertThat(tools.rows(data, again.idempotencyKey())).isEqualTo(1);
        assertThat(journal.find(again.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
        return refused;
    }

    @Test
    void transactionalToolMustNotCommit() {
        // Its own COMMIT, then the process dies (here: the tool throws): the effect would stay with a STARTED record.
        assertRefused("a transactional tool must not commit", (connection, context) -> {
            connection.commit();
            throw new IllegalStateException("the process died after the tool's own commit");
        });
    }

    @Test
    void transactionalToolMustNotRollBack() {
        ToolResult refused = assertRefused("a transactional tool must not roll back",
                (connection, context) -> connection.rollback());
        assertThat(refused.message()).as("the answer says what the tool did").doesNotContain("COMMIT");
    }

    @Test
    void transactionalToolMustNotTurnAutocommitOn() {
        assertRefused("a transactional tool must not turn autocommit on", (connection, context) -> {
            connection.setAutoCommit(true);
            throw new IllegalStateException("the process died after autocommit committed the claim");
        });
    }

    @Test
    void transactionalToolMustNotCloseItsConnection() {
        assertRefused("a transactional tool must not close its connection",
                (connection, context) -> connection.close());
    }

    @Test
    void transactionalToolMustNotAbortItsConnection() {
        assertRefused("a transactional tool must not abort its connection",
                (connection, context) -> connection.abort(Runnable::run));
    }

    @Test
    void transactionalToolMustNotChangeTheIsolationLevel() {
        assertRefused("a transactional tool must not change the isolation level",
                (connection, context) -> connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE));
    }

    @Test
    void refusalTheToolCaughtStillFailsTheCall() {
        // The tool meant to undo its write, was refused, swallowed it and returned: committing would keep the write.
        assertRefused("a transactional tool must not roll back", (connection, context) -> {
            try {
                connection.rollback();
            } catch (RuntimeException | SQLException ignored) {
                // a tool that goes on regardless
            }
        });
    }

    @Test
    void transactionalToolMayNotReleaseASavepointThatIsNotItsOwn() {
        assertRefused("a transactional tool may release or roll back to only a savepoint it set", (connection,
                context) -> {
            Savepoint own = connection.setSavepoint();
            connection.releaseSavepoint(own);
            connection.releaseSavepoint(own); // released already: no longer its own
        });
    }

    @Test
    void transactionalToolMayNotRollBackToASavepointOfAnotherConnection() throws SQLException {
        try (Connection other = TestDatabase.dataSource().getConnection()) {
            other.setAutoCommit(false);
            Savepoint foreign = other.setSavepoint();
            assertRefused("a transactional tool may release or roll back to only a savepoint it set", (connection,
                    context) -> {
                connection.setSavepoint(); // one of its own, so the transaction has a savepoint
                insert(connection, context.idempotencyKey());
                connection.rollback(foreign);
            });
            other.rollback();
        }
    }

    @Test
    void savepointsOfTheToolsOwnCorrectlyNestedStayInsideTheCallsTransaction() {
        tools.after = (connection, context) -> {
            Savepoint outer = connection.setSavepoint();
            insert(connection, context.idempotencyKey()); // kept
            Savepoint inner = connection.setSavepoint("inner");
            insert(connection, context.idempotencyKey()); // undone
            connection.rollback(inner);
            connection.releaseSavepoint(outer); // releases inner too, as PostgreSQL does
            Savepoint last = connection.setSavepoint();
            insert(connection, context.idempotencyKey()); // undone
            connection.rollback(last);
        };
        ToolResult result = book("A");

        assertThat(result.success()).as(result.toString()).isTrue();
        // The tool's first row, the one inside the outer savepoint; the claim was never rolled back.
        assertThat(tools.rows(data, result.idempotencyKey())).isEqualTo(2);
        assertThat(journal.find(result.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
    }

    @Test
    void transactionalToolCannotUnwrapTheDriversConnection() {
        AtomicReference<Object> reached = new AtomicReference<>();
        tools.after = (connection, context) -> {
            reached.set(connection.isWrapperFor(PGConnection.class));
            try {
                reached.set(connection.unwrap(PGConnection.class));
            } catch (SQLException refused) {
                // what a wrapper answers for an interface it does not wrap
            }
        };
        ToolResult result = book("A");

        assertThat(result.success()).as(result.toString()).isTrue();
        assertThat(reached.get()).as("what the tool reached").isEqualTo(false);
    }

    private void insert(Connection connection, String key) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + tools.ledger + " VALUES (?, 1)")) {
            insert.setString(1, key);
            insert.executeUpdate();
        }
    }
}
