package dev.idem.tool.exchange;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A form for the client's user ({@link ToolExchange#elicit}). {@link #builder} writes the schema;
 * the constructor takes one written by hand.
 *
 * <pre>{@code
 * ElicitationAnswer answer = ctx.exchange().elicit(ElicitationRequest.builder("Where should the parcel go?")
 *         .string("street", "Street and number")
 *         .integer("floor", "Floor, 0 for the ground floor")
 *         .choice("speed", "Delivery", "standard", "express")
 *         .bool("signature", "Hand it over only against a signature")
 *         .optional("floor", "signature")
 *         .build());
 * if (answer.action() == ElicitationAnswer.Action.ACCEPT) {
 *     String street = answer.content().get("street").asString();
 * }
 * }</pre>
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

    /**
     * A form asking {@code message}, its fields added one by one: every field is required unless
     * named in {@link Builder#optional}.
     *
     * @param message what the user is asked, in words
     * @return the form's builder
     */
    public static Builder builder(String message) {
        return new Builder(message);
    }

    /** Writes a form's schema: flat fields of the types MCP allows, in the order added. */
    public static final class Builder {

        private final String message;
        private final ObjectNode properties = JsonNodeFactory.instance.objectNode();
        private final Set<String> optional = new LinkedHashSet<>();

        private Builder(String message) {
            this.message = Objects.requireNonNull(message, "message");
        }

        /**
         * A text field.
         *
         * @param name        the field's name, the key of its value in the answer
         * @param description what the user is asked to fill in
         * @return this builder
         */
        public Builder string(String name, String description) {
            return field(name, "string", description);
        }

        /**
         * A whole-number field.
         *
         * @param name        the field's name
         * @param description what the user is asked to fill in
         * @return this builder
         */
        public Builder integer(String name, String description) {
            return field(name, "integer", description);
        }

        /**
         * A number field.
         *
         * @param name        the field's name
         * @param description what the user is asked to fill in
         * @return this builder
         */
        public Builder number(String name, String description) {
            return field(name, "number", description);
        }

        /**
         * A yes/no field.
         *
         * @param name        the field's name
         * @param description what the user is asked to fill in
         * @return this builder
         */
        public Builder bool(String name, String description) {
            return field(name, "boolean", description);
        }

        /**
         * A choice of one of {@code values}.
         *
         * @param name        the field's name
         * @param description what the user is asked to choose
         * @param values      the values offered, at least one
         * @return this builder
         */
        public Builder choice(String name, String description, String... values) {
            return choice(name, description, List.of(values));
        }

        /**
         * A choice of one of {@code values}.
         *
         * @param name        the field's name
         * @param description what the user is asked to choose
         * @param values      the values offered, at least one
         * @return this builder
         */
        public Builder choice(String name, String description, List<String> values) {
            if (values.isEmpty()) {
                throw new IllegalArgumentException("choice '" + name + "' needs at least one value");
            }
            field(name, "string", description);
            ArrayNode offered = ((ObjectNode) properties.get(name)).putArray("enum");
            values.forEach(offered::add);
            return this;
        }

        /**
         * Lets the user leave these fields empty.
         *
         * @param names fields added before
         * @return this builder
         */
        public Builder optional(String... names) {
            for (String name : names) {
                if (!properties.has(name)) {
                    throw new IllegalArgumentException("optional names no field: '" + name + "'; the fields are "
                            + properties.propertyNames());
                }
                optional.add(name);
            }
            return this;
        }

        /**
         * The form.
         *
         * @return the request, its schema an object of the fields, the required ones listed
         */
        public ElicitationRequest build() {
            ObjectNode schema = JsonNodeFactory.instance.objectNode();
            schema.put("type", "object");
            schema.set("properties", properties.deepCopy());
            List<String> required = new ArrayList<>();
            properties.propertyNames().forEach(name -> {
                if (!optional.contains(name)) {
                    required.add(name);
                }
            });
            if (!required.isEmpty()) {
                ArrayNode list = schema.putArray("required");
                required.forEach(list::add);
            }
            return new ElicitationRequest(message, schema);
        }

        private Builder field(String name, String type, String description) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a field needs a name");
            }
            if (properties.has(name)) {
                throw new IllegalArgumentException("the form has a field '" + name + "' already");
            }
            ObjectNode field = properties.putObject(name);
            field.put("type", type);
            if (description != null) {
                field.put("description", description);
            }
            return this;
        }
    }
}
