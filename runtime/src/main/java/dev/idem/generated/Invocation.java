package dev.idem.generated;

import dev.idem.tool.ToolContext;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/** Calls a tool method with bound values ({@code values[i]} is parameter {@code i}): generated, one per tool. */
@FunctionalInterface
public interface Invocation {

    /**
     * Calls the tool method.
     *
     * @param values the bound values, one per parameter
     * @param context the call's context
     * @return the method's result, encoded as JSON
     * @throws Exception whatever the method throws, unchanged
     */
    CompletionStage<JsonNode> run(Object[] values, ToolContext context) throws Exception;
}
