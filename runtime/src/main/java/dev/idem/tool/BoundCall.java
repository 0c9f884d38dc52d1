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
}
