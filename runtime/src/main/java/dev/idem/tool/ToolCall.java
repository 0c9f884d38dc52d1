package dev.idem.tool;

import dev.idem.tool.exchange.ToolExchange;
import java.util.Objects;

/**
 * One tool call as the model asked for it: its id, the tool name and the raw argument text,
 * exactly as received (it may be empty, truncated or not JSON at all), and the exchange with the
 * client that sent it, if any.
 *
 * @param id            the model's id for the call, echoed back with the result
 * @param name          the tool the model wants to run
 * @param argumentsJson the argument object as JSON text; empty text means {@code {}}
 * @param exchange      what the body may say to and ask of the client ({@code ToolContext.exchange()});
 *                      {@link ToolExchange#none()} when no client can be reached
 */
public record ToolCall(String id, String name, String argumentsJson, ToolExchange exchange) {
    /**
     * Checks that the id and name are present; a {@code null} argument text becomes empty, a
     * {@code null} exchange {@link ToolExchange#none()}.
     *
     * @param id            the model's id for the call, echoed back with the result
     * @param name          the tool the model wants to run
     * @param argumentsJson the argument object as JSON text; empty text means {@code {}}
     * @param exchange      the exchange with the client, or {@code null} for none
     */
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        argumentsJson = argumentsJson == null ? "" : argumentsJson;
        exchange = exchange == null ? ToolExchange.none() : exchange;
    }

    /**
     * A call from no reachable client (an agent's model, a text-only adapter, a test).
     *
     * @param id            the model's id for the call, echoed back with the result
     * @param name          the tool the model wants to run
     * @param argumentsJson the argument object as JSON text; empty text means {@code {}}
     */
    public ToolCall(String id, String name, String argumentsJson) {
        this(id, name, argumentsJson, ToolExchange.none());
    }
}
