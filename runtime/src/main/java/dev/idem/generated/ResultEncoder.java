package dev.idem.generated;

import dev.idem.tool.content.ToolContent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Encodes tool results to JSON for generated code: {@code null} is a JSON null, numbers stay
 * numbers (non-finite doubles become their string form, JSON has no NaN), enums are their
 * names, {@code java.time} values and UUIDs their ISO/canonical text, collections arrays, maps
 * objects. Anything the processor could not encode structurally goes through {@link #text}.
 *
 * <pre>{@code
 * ObjectNode receipt = ResultEncoder.object();
 * receipt.set("id", ResultEncoder.string(value.id()));
 * receipt.set("cents", ResultEncoder.integer(value.cents()));
 * }</pre>
 */
public final class ResultEncoder {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ResultEncoder() {}

    /**
     * JSON null.
     *
     * @return the null node
     */
    public static JsonNode nullNode() {
        return NODES.nullNode();
    }

    /**
     * An empty object, for a record's or class's components.
     *
     * @return a new object node
     */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /**
     * A string.
     *
     * @param value the string, or {@code null}
     * @return a string node, or JSON null
     */
    public static JsonNode string(String value) {
        return value == null ? nullNode() : NODES.stringNode(value);
    }

    /**
     * A boolean.
     *
     * @param value the boolean, or {@code null}
     * @return a boolean node, or JSON null
     */
    public static JsonNode bool(Boolean value) {
        return value == null ? nullNode() : NODES.booleanNode(value);
    }

    /**
     * A character, as a one-character string.
     *
     * @param value the character, or {@code null}
     * @return a string node, or JSON null
     */
    public static JsonNode character(Character value) {
        return value == null ? nullNode() : NODES.stringNode(String.valueOf(value.charValue()));
    }

    /**
     * Any {@code Number}: integers and decimals as JSON numbers, non-finite values as text.
     *
     * @param value the number, or {@code null}
     * @return a number or string node, or JSON null
     */
    public static JsonNode number(Number value) {
        if (value == null) {
            return nullNode();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = value.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return NODES.stringNode(String.valueOf(value));
            }
            return value instanceof Float ? NODES.numberNode(value.floatValue()) : NODES.numberNode(d);
        }
        if (value instanceof BigDecimal) {
            return NODES.numberNode((BigDecimal) value);
        }
        if (value instanceof BigInteger) {
            return NODES.numberNode((BigInteger) value);
        }
        return NODES.numberNode(value.longValue());
    }

    /**
     * An enum constant, by name.
     *
     * @param value the constant, or {@code null}
     * @return a string node, or JSON null
     */
    public static JsonNode enumName(Enum<?> value) {
        return value == null ? nullNode() : NODES.stringNode(value.name());
    }

    /**
     * A date, time, duration or UUID, as its ISO text ({@code toString}).
     *
     * @param value the value, or {@code null}
     * @return a string node, or JSON null
     */
    public static JsonNode isoText(Object value) {
        return value == null ? nullNode() : NODES.stringNode(value.toString());
    }

    /**
     * Any other value, as its {@code toString}; a {@link ToolContent} as its JSON
     * ({@link ToolContent#toJson()}), so the adapters and the journal see its items.
     *
     * @param value the value, or {@code null}
     * @return a string node, the content's JSON, or JSON null
     */
    public static JsonNode text(Object value) {
        if (value instanceof ToolContent content) {
            return content.toJson();
        }
        return value == null ? nullNode() : NODES.stringNode(String.valueOf(value));
    }

    /**
     * A JSON value, as it is.
     *
     * @param value the value, or {@code null}
     * @return the value, or JSON null
     */
    public static JsonNode json(JsonNode value) {
        return value == null ? nullNode() : value;
    }

    /**
     * A collection, as an array.
     *
     * @param <T> the item type
     * @param values the items, or {@code null}
     * @param element encodes one item
     * @return an array node, or JSON null
     */
    public static <T> JsonNode array(Iterable<T> values, Function<? super T, JsonNode> element) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (T value : values) {
            array.add(element.apply(value));
        }
        return array;
    }

    /**
     * An array of objects.
     *
     * @param <T> the item type
     * @param values the items, or {@code null}
     * @param element encodes one item
     * @return an array node, or JSON null
     */
    public static <T> JsonNode array(T[] values, Function<? super T, JsonNode> element) {
        return values == null ? nullNode() : array(java.util.Arrays.asList(values), element);
    }

    /**
     * A map with string keys, as an object.
     *
     * @param <V> the value type
     * @param values the entries, or {@code null}
     * @param value encodes one value
     * @return an object node, or JSON null
     */
    public static <V> JsonNode map(Map<String, V> values, Function<? super V, JsonNode> value) {
        if (values == null) {
            return nullNode();
        }
        ObjectNode object = NODES.objectNode();
        for (Map.Entry<String, V> entry : values.entrySet()) {
            object.set(entry.getKey(), value.apply(entry.getValue()));
        }
        return object;
    }

    /**
     * An {@code Optional}: its value, or JSON null when empty.
     *
     * @param <T> the value type
     * @param value the optional, or {@code null}
     * @param element encodes the value
     * @return the encoded value, or JSON null
     */
    public static <T> JsonNode optional(Optional<T> value, Function<? super T, JsonNode> element) {
        return value == null || value.isEmpty() ? nullNode() : element.apply(value.get());
    }

    /**
     * An {@code int[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode ints(int[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (int value : values) {
            array.add(value);
        }
        return array;
    }

    /**
     * An {@code long[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode longs(long[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (long value : values) {
            array.add(value);
        }
        return array;
    }

    /**
     * An {@code short[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode shorts(short[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (short value : values) {
            array.add(value);
        }
        return array;
    }

    /**
     * An {@code byte[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode bytes(byte[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (byte value : values) {
            array.add(value);
        }
        return array;
    }

    /**
     * An {@code double[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode doubles(double[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (double value : values) {
            array.add(number(value));
        }
        return array;
    }

    /**
     * An {@code float[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode floats(float[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (float value : values) {
            array.add(number(value));
        }
        return array;
    }

    /**
     * An {@code boolean[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode booleans(boolean[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (boolean value : values) {
            array.add(value);
        }
        return array;
    }

    /**
     * An {@code char[]}, as an array.
     *
     * @param values the items, or {@code null}
     * @return an array node, or JSON null
     */
    public static JsonNode chars(char[] values) {
        if (values == null) {
            return nullNode();
        }
        ArrayNode array = NODES.arrayNode();
        for (char value : values) {
            array.add(String.valueOf(value));
        }
        return array;
    }
}
