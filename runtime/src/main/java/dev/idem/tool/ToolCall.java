package dev.idem.tool;

import java.util.Objects;

/**
 * One tool call as the model asked for it: its id, the tool name and the raw argument text,
 * exactly as received (it may be empty, truncated or not JSON at all). A plain value: the exchange
 * with the client that sent it, if any, travels beside it
 * ({@link ToolRun#execute(ToolCall, dev.idem.tool.exchange.ToolExchange)}).
 *
 * @param id            the model's id for the call, echoed back with the result
 * @param name          the tool the model wants to run
 * @param argumentsJson the argument object as JSON text; empty text means {@code {}}
 */
public record ToolCall(String id, String name, String argumentsJson) {
    /**
     * Checks that the id and name are present; a {@code null} argument text becomes empty.
     *
     * @param id            the model's id for the call, echoed back with the result
     * @param name          the tool the model wants to run
     * @param argumentsJson the argument object as JSON text; empty text means {@code {}}
     */
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        argumentsJson = argumentsJson == null ? "" : argumentsJson;
    }
}
