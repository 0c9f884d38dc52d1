package dev.idem.tool;

import dev.idem.tool.exchange.ToolExchange;
import java.sql.Connection;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a running tool body may know about its call. Declare a {@code ToolContext} parameter on a
 * {@code @Tool} method to receive it; it is injected, never part of the schema.
 *
 * <pre>{@code
 * @Tool(restartSafe = false, idempotent = true)
 * public Receipt pay(long cents, ToolContext ctx) {
 *     return bank.post("/payments", cents, Map.of("Idempotency-Key", ctx.idempotencyKey()));
 * }
 * }</pre>
 *
 * <p>Every attempt of one call intent sees the same {@link #idempotencyKey()}; send it to the
 * service so it can deduplicate a request that arrives twice.
 */
public final class ToolContext {
    private static final long NO_DEADLINE = Long.MAX_VALUE;

    private final String callId;
    private final String toolName;
    private final String idempotencyKey;
    private final int attempt;
    private final int maxAttempts;
    private final long deadlineNanos;
    private final AtomicBoolean cancelled;
    private final ToolExchange exchange;
    private Connection connection; // set once, before the body runs, for a transactional tool

    /**
     * @param callId         the model's id for this tool call
     * @param toolName       the tool being run
     * @param idempotencyKey the key shared by every attempt of this call intent
     * @param attempt        1-based number of this body run
     * @param maxAttempts    the most body runs this call may get
     * @param deadlineNanos  {@link System#nanoTime()} value by which the run should end, or
     *                       {@link Long#MAX_VALUE} for none
     * @param cancelled      set when the caller gave up on this run (e.g. its timeout passed)
     */
    public ToolContext(String callId, String toolName, String idempotencyKey, int attempt, int maxAttempts,
            long deadlineNanos, AtomicBoolean cancelled) {
        this(callId, toolName, idempotencyKey, attempt, maxAttempts, deadlineNanos, cancelled, ToolExchange.none());
    }

    /**
     * A context whose body can reach its client through {@code exchange}.
     *
     * @param callId         the model's id for this tool call
     * @param toolName       the tool being run
     * @param idempotencyKey the key shared by every attempt of this call intent
     * @param attempt        1-based number of this body run
     * @param maxAttempts    the most body runs this call may get
     * @param deadlineNanos  {@link System#nanoTime()} value by which the run should end, or
     *                       {@link Long#MAX_VALUE} for none
     * @param cancelled      set when the caller gave up on this run (e.g. its timeout passed)
     * @param exchange       what the body may say to and ask of the client; {@code null} for none
     */
    public ToolContext(String callId, String toolName, String idempotencyKey, int attempt, int maxAttempts,
            long deadlineNanos, AtomicBoolean cancelled, ToolExchange exchange) {
        this.callId = Objects.requireNonNull(callId, "callId");
        this.toolName = Objects.requireNonNull(toolName, "toolName");
        this.idempotencyKey = Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        if (attempt < 1 || attempt > maxAttempts) {
            throw new IllegalArgumentException("attempt must be in [1, maxAttempts], was " + attempt + " of " + maxAttempts);
        }
        this.attempt = attempt;
        this.maxAttempts = maxAttempts;
        this.deadlineNanos = deadlineNanos;
        this.cancelled = Objects.requireNonNull(cancelled, "cancelled");
        this.exchange = exchange == null ? ToolExchange.none() : exchange;
    }

    /**
     * A context for running a tool once, outside an executor (tests, direct calls).
     *
     * @param callId         the model's id for the call
     * @param toolName       the tool being run
     * @param idempotencyKey the key to send to services that deduplicate
     * @return a context for the first body run, without deadline, never cancelled
     */
    public static ToolContext of(String callId, String toolName, String idempotencyKey) {
        return new ToolContext(callId, toolName, idempotencyKey, 1, 1, NO_DEADLINE, new AtomicBoolean());
    }

    /**
     * The model's id for this tool call.
     *
     * @return the model's id for this tool call
     */
    public String callId() {
        return callId;
    }

    /**
     * The tool being run.
     *
     * @return the tool being run
     */
    public String toolName() {
        return toolName;
    }

    /**
     * The key shared by every attempt of this call intent; send it to services that deduplicate.
     *
     * @return the key shared by every attempt of this call intent
     */
    public String idempotencyKey() {
        return idempotencyKey;
    }

    /**
     * 1-based number of this body run.
     *
     * @return the number of this body run, 1 for the first
     */
    public int attempt() {
        return attempt;
    }

    /**
     * The most body runs this call may get.
     *
     * @return the most body runs this call may get
     */
    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * What the body may say to and ask of the client that called: log, progress, sampling and
     * elicitation over MCP; {@link ToolExchange#none()} elsewhere (see its replay rules).
     *
     * @return the exchange with the client
     */
    public ToolExchange exchange() {
        return exchange;
    }

    /**
     * Time left before this run's deadline; {@code null} when the run has no deadline.
     *
     * @return the time left, or {@code null} without deadline
     */
    public Duration remaining() {
        if (deadlineNanos == NO_DEADLINE) {
            return null;
        }
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    /**
     * Whether the caller gave up on this run; a well-behaved body stops soon after.
     *
     * @return whether the caller gave up on this run
     */
    public boolean isCancelled() {
        return cancelled.get() || Thread.currentThread().isInterrupted();
    }

    /**
     * This context with {@code value} as the call's transaction: what a transactional tool's
     * {@code java.sql.Connection} parameter receives. The executor sets it before the body runs;
     * call it yourself to run such a tool outside an executor (tests) on a connection of yours.
     *
     * @param value the connection, autocommit off, in the transaction that records the call
     * @return this context
     */
    public ToolContext withConnection(Connection value) {
        this.connection = Objects.requireNonNull(value, "connection");
        return this;
    }

    /**
     * The connection of the call's transaction: the claim of its idempotency key, the body's
     * writes and the recorded outcome commit together. What the generated code passes to a
     * {@code java.sql.Connection} parameter of a transactional tool. In an executor it refuses
     * what would end the transaction or change it after the claim ({@code commit}, {@code
     * rollback()}, {@code setAutoCommit(true)}, {@code close}, {@code abort}, another isolation
     * level, a savepoint that is not the tool's own): the call then fails naming the rule and
     * rolls back whole. Savepoints the tool sets itself work as usual.
     *
     * @return the transaction's connection
     * @throws IllegalStateException when the call runs outside a transaction (the tool is not transactional)
     */
    public Connection connection() {
        if (connection == null) {
            throw new IllegalStateException("tool '" + toolName + "' runs outside a transaction: only a"
                    + " transactional tool (a java.sql.Connection parameter) on a TransactionalJournal gets one");
        }
        return connection;
    }

    /** Throws {@link ToolException} of type CANCELLED when {@link #isCancelled()}. */
    public void throwIfCancelled() {
        if (isCancelled()) {
            throw new ToolException(dev.idem.ErrorType.CANCELLED, "tool call '" + callId + "' was cancelled");
        }
    }
}
