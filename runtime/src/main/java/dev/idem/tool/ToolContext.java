package dev.idem.tool;

import dev.idem.internal.call.AttemptContext;
import dev.idem.tool.exchange.ToolExchange;
import java.sql.Connection;
import java.time.Duration;

/**
 * What a running tool body may know about its call. Declare a {@code ToolContext} parameter on a
 * {@code @Tool} method to receive it; it is injected, never part of the schema. Immutable: each
 * body run gets its own.
 *
 * <pre>{@code
 * @Tool(restartSafe = false, idempotent = true)
 * public Receipt pay(long cents, ToolContext ctx) {
 *     return bank.post("/payments", cents, Map.of("Idempotency-Key", ctx.idempotencyKey()));
 * }
 * }</pre>
 *
 * <p>Every attempt of one call intent sees the same {@link #idempotencyKey()}; send it to the
 * service so it can deduplicate a request that arrives twice. The executor makes the contexts of
 * its calls; {@link #of} makes one to run a tool outside an executor (tests, direct calls).
 */
public interface ToolContext {

    /**
     * A context for running a tool once, outside an executor (tests, direct calls).
     *
     * @param callId         the model's id for the call
     * @param toolName       the tool being run
     * @param idempotencyKey the key to send to services that deduplicate
     * @return a context for the first body run, without deadline, never cancelled, with no client
     */
    static ToolContext of(String callId, String toolName, String idempotencyKey) {
        return AttemptContext.standalone(callId, toolName, idempotencyKey);
    }

    /**
     * The model's id for this tool call.
     *
     * @return the model's id for this tool call
     */
    String callId();

    /**
     * The tool being run.
     *
     * @return the tool being run
     */
    String toolName();

    /**
     * The id of the intent the call belongs to: its {@link ToolRun}'s intent id (the click, the
     * ticket, the MCP client's {@code dev.idem/intentId}), from which the idempotency key is derived.
     * Pass it on when the call goes to another service that keeps intents too (a remote MCP tool);
     * outside an executor ({@link #of}) the call id stands for it.
     *
     * @return the intent id of the call's run
     */
    String intentId();

    /**
     * The key shared by every attempt of this call intent; send it to services that deduplicate.
     *
     * @return the key shared by every attempt of this call intent
     */
    String idempotencyKey();

    /**
     * 1-based number of this body run.
     *
     * @return the number of this body run, 1 for the first
     */
    int attempt();

    /**
     * The most body runs this call may get.
     *
     * @return the most body runs this call may get
     */
    int maxAttempts();

    /**
     * What the body may say to and ask of the client that called: log, progress, sampling and
     * elicitation over MCP; {@link ToolExchange#none()} elsewhere (see its replay rules).
     *
     * @return the exchange with the client
     */
    ToolExchange exchange();

    /**
     * Time left before this run's deadline; {@code null} when the run has no deadline.
     *
     * @return the time left, or {@code null} without deadline
     */
    Duration remaining();

    /**
     * Whether the caller gave up on this run; a well-behaved body stops soon after.
     *
     * @return whether the caller gave up on this run
     */
    boolean isCancelled();

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
    Connection connection();

    /**
     * This context with {@code value} as the call's transaction: what a transactional tool's
     * {@code java.sql.Connection} parameter receives. The executor gives it before the body runs;
     * call it yourself to run such a tool outside an executor (tests) on a connection of yours.
     *
     * @param value the connection, autocommit off, in the transaction that records the call
     * @return a new context, the same but for its connection
     */
    ToolContext withConnection(Connection value);

    /** Throws {@link ToolException} of type CANCELLED when {@link #isCancelled()}. */
    default void throwIfCancelled() {
        if (isCancelled()) {
            throw new ToolException(dev.idem.ErrorType.CANCELLED, "tool call '" + callId() + "' was cancelled");
        }
    }
}
