package dev.idem.tool;

import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/** A tool call whose arguments are bound and valid. Each {@link #run} runs the body once. */
@FunctionalInterface
public interface BoundCall {

    /**
     * Runs the tool body once and encodes its result as JSON ({@code null} and {@code void} as
     * a JSON null). A synchronous tool returns an already completed stage; an asynchronous tool
     * ({@code CompletionStage<T>} result) returns its own stage, mapped to JSON.
     *
     * @param context the call's id, tool name, idempotency key, attempt and deadline
     * @return the stage of the body's result as JSON
     * @throws Exception whatever the body throws, unchanged
     */
    CompletionStage<JsonNode> run(ToolContext context) throws Exception;

    /**
     * Whether the tool names a verifier ({@code @Tool(verifier = ...)}) that {@link #verify} asks.
     *
     * @return whether {@link #verify} may be called
     */
    default boolean verifiable() {
        return false;
    }

    /**
     * Asks the tool's verifier whether the call with {@code idempotencyKey} and these arguments took
     * effect, its result encoded as the body's would be. Read-only: the executor may ask again.
     *
     * @param idempotencyKey the call's idempotency key
     * @return the verifier's answer
     * @throws Exception whatever the verifier throws, unchanged
     * @throws UnsupportedOperationException when the tool names no verifier
     */
    default Verification<JsonNode> verify(String idempotencyKey) throws Exception {
        throw new UnsupportedOperationException("the tool names no verifier");
    }
}
