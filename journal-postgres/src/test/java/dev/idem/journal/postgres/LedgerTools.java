package dev.idem.journal.postgres;

import dev.idem.generated.Binding;
import dev.idem.tool.BoundCall;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A transactional tool as the processor would generate it: {@code book(int cents, Connection c)}
 * inserts one ledger row on the call's connection, then runs {@link #after} (a test's fault).
 * Neither restart-safe nor idempotent: only the transaction makes a second run safe. Effects are
 * counted in the database itself: rows of the ledger table.
 */
final class LedgerTools implements ToolSet {

    /** What the body does after its write: nothing, throw, wait. */
    @FunctionalInterface
    interface After {
        void run(Connection connection, ToolContext context) throws Exception;
    }

    final String ledger;
    final AtomicInteger bodyRuns = new AtomicInteger();
    volatile After after = (connection, context) -> {};
    private final RetryPolicy policy;
    private final long timeoutMs;

    LedgerTools(String ledger, RetryPolicy policy, long timeoutMs) {
        this.ledger = ledger;
        this.policy = policy;
        this.timeoutMs = timeoutMs;
    }

    static LedgerTools create(DataSource dataSource, RetryPolicy policy, long timeoutMs) {
        LedgerTools tools = new LedgerTools(TestDatabase.freshTable("ledger"), policy, timeoutMs);
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + tools.ledger + " (idem_key text NOT NULL, cents integer NOT NULL)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return tools;
    }

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(ToolDescriptor.builder("book").restartSafe(false).requiredParameters("cents")
                .retryPolicy(policy).timeoutMs(timeoutMs).transactional(true).build());
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        JsonNode arguments = Binding.tree(parser);
        int cents = arguments.get("cents").asInt();
        return context -> {
            bodyRuns.incrementAndGet();
            Connection connection = context.connection();
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + ledger + " VALUES (?, ?)")) {
                insert.setString(1, context.idempotencyKey());
                insert.setInt(2, cents);
                insert.executeUpdate();
            }
            after.run(connection, context);
            return CompletableFuture.completedFuture(JsonNodeFactory.instance.numberNode(cents));
        };
    }

    /** Ledger rows of {@code key}, counted in the database. */
    int rows(DataSource dataSource, String key) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement count = connection.prepareStatement("SELECT count(*) FROM " + ledger
                        + " WHERE idem_key = ?")) {
            count.setString(1, key);
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** All ledger rows. */
    int rows(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT count(*) FROM " + ledger)) {
            row.next();
            return row.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
