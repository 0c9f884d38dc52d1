package dev.idem.tool.exchange;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A form for the client's user ({@link ToolExchange#elicit}).
 *
 * @param message what the user is asked, in words
 * @param requestedSchema the form: a JSON Schema object of flat properties (string, number,
 *     integer, boolean, enum), as MCP allows
 */
public record ElicitationRequest(String message, JsonNode requestedSchema) {

    /**
     * Checks both are present and the schema is an object.
     *
     * @param message what the user is asked
     * @param requestedSchema the form's schema
     */
    public ElicitationRequest {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(requestedSchema, "requestedSchema");
        if (!requestedSchema.isObject()) {
            throw new IllegalArgumentException("requestedSchema must be a JSON object, was " + requestedSchema);
        }
    }
}
