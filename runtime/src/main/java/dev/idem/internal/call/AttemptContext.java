package dev.idem.internal.call;

import dev.idem.tool.ToolContext;
import dev.idem.tool.exchange.ToolExchange;
import java.sql.Connection;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@link ToolContext} of one body run, as the executor makes it: its deadline, the flag its
 * timeout sets, the client's exchange and, for a transactional tool, the transaction's connection.
 *
 * @param intentId      the intent of the call's run (its {@code ToolRun}); the call id for a standalone context
 * @param deadlineNanos {@link System#nanoTime()} value by which the run should end, or
 *                      {@link Long#MAX_VALUE} for none
 * @param cancelled     set when the caller gave up on this run (its timeout passed); {@code null} when
 *                      nothing can (the run has no time limit)
 * @param connection    the transaction's connection, or {@code null} outside one
 */
public record AttemptContext(String callId, String toolName, String intentId, String idempotencyKey, int attempt, int maxAttempts,
        long deadlineNanos, AtomicBoolean cancelled, ToolExchange exchange, Connection connection)
        implements ToolContext {

    public static final long NO_DEADLINE = Long.MAX_VALUE;

    public AttemptContext {
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(intentId, "intentId");
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        if (attempt < 1 || attempt > maxAttempts) {
            throw new IllegalArgumentException("attempt must be in [1, maxAttempts], was " + attempt + " of " + maxAttempts);
        }
    }

    public static AttemptContext standalone(String callId, String toolName, String idempotencyKey) {
        return new AttemptContext(callId, toolName, callId, idempotencyKey, 1, 1, NO_DEADLINE, new AtomicBoolean(),
                ToolExchange.none(), null);
    }

    @Override
    public Duration remaining() {
        return deadlineNanos == NO_DEADLINE ? null : Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    @Override
    public boolean isCancelled() {
        return cancelled != null && cancelled.get() || Thread.currentThread().isInterrupted();
    }

    @Override
    public Connection connection() {
        if (connection == null) {
            throw new IllegalStateException("tool '" + toolName + "' runs outside a transaction: only a"
                    + " transactional tool (a java.sql.Connection parameter) on a TransactionalJournal gets one");
        }
        return connection;
    }

    @Override
    public ToolContext withConnection(Connection value) {
        return new AttemptContext(callId, toolName, intentId, idempotencyKey, attempt, maxAttempts, deadlineNanos, cancelled,
                exchange, Objects.requireNonNull(value, "connection"));
    }

    @Override
    public String toString() {
        return "ToolContext[call " + callId + ", tool " + toolName + ", attempt " + attempt + "/" + maxAttempts + "]";
    }
}
