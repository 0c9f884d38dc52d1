package dev.idem.tool;

import tools.jackson.databind.JsonNode;

/** A test's body for one tool: gets the 1-based number of this run, the call's context and the bound arguments. */
@FunctionalInterface
public interface Script {

    /**
     * Runs once per body run.
     *
     * @param run       this run's number, from 1
     * @param context   the call's context
     * @param arguments the arguments the generated binder bound, as an object of the non-null ones
     * @return the tool's result: a {@link JsonNode}, a string, an integer, a boolean, {@code null},
     *     or (from an asynchronous tool) a {@link java.util.concurrent.CompletionStage} of one
     * @throws Exception as the tool would
     */
    Object run(int run, ToolContext context, JsonNode arguments) throws Exception;
}
