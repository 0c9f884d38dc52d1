package dev.idem.generated;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Nodes built from a parser's tokens, as the executor's strict mapper builds them from the same
 * text: integers as int, long or big-integer nodes by size, fractions as exact decimals (a
 * tree's own double and float nodes stay what they are), property order kept; a key twice in one
 * object is malformed text, as for the strict mapper.
 */
final class TokenTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TokenTrees() {}

    /** The value starting at {@code token}, the parser's current token; leaves the parser on its last token. */
    static JsonNode tree(JsonParser parser, JsonToken token) {
        if (token == JsonToken.START_OBJECT) {
            ObjectNode object = NODES.objectNode();
            JsonToken next;
            while ((next = parser.nextToken()) == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                if (object.replace(name, tree(parser, parser.nextToken())) != null) {
                    throw new StreamReadException(parser, "Duplicate property '" + name + "'");
                }
            }
            expect(next, JsonToken.END_OBJECT);
            return object;
        }
        if (token == JsonToken.START_ARRAY) {
            ArrayNode array = NODES.arrayNode();
            JsonToken next;
            while ((next = parser.nextToken()) != JsonToken.END_ARRAY && next != null) {
                array.add(tree(parser, next));
            }
            expect(next, JsonToken.END_ARRAY);
            return array;
        }
        return scalar(parser, token);
    }

    /** The scalar value at {@code token}, the parser's current token. */
    static JsonNode scalar(JsonParser parser, JsonToken token) {
        if (token == null) {
            throw new IllegalStateException("the arguments end before a value");
        }
        return switch (token) {
            case VALUE_STRING -> NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> switch (parser.getNumberTypeFP()) {
                case DOUBLE64 -> NODES.numberNode(parser.getDoubleValue());
                case FLOAT32 -> NODES.numberNode(parser.getFloatValue());
                default -> parser.isNaN() ? NODES.numberNode(parser.getDoubleValue())
                        : NODES.numberNode(parser.getDecimalValue());
            };
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            case VALUE_EMBEDDED_OBJECT -> NODES.pojoNode(parser.getEmbeddedObject());
            default -> throw new IllegalStateException("no value at " + token);
        };
    }

    private static void expect(JsonToken token, JsonToken expected) {
        if (token != expected) {
            throw new IllegalStateException("the arguments end inside a value");
        }
    }
}
