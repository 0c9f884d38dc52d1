package dev.idem.generated;

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

    public static JsonNode nullNode() {
        return NODES.nullNode();
    }

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    public static JsonNode string(String value) {
        return value == null ? nullNode() : NODES.stringNode(value);
    }

    public static JsonNode bool(Boolean value) {
        return value == null ? nullNode() : NODES.booleanNode(value);
    }

    public static JsonNode character(Character value) {
        return value == null ? nullNode() : NODES.stringNode(String.valueOf(value.charValue()));
    }

    /** Any {@code Number}: integers and decimals as JSON numbers, non-finite values as text. */
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

    public static JsonNode enumName(Enum<?> value) {
        return value == null ? nullNode() : NODES.stringNode(value.name());
    }

    /** {@code java.time} values, UUIDs and other values whose {@code toString} is their ISO text. */
    public static JsonNode isoText(Object value) {
        return value == null ? nullNode() : NODES.stringNode(value.toString());
    }

    /** The fallback for values that cannot be encoded structurally: {@code String.valueOf}. */
    public static JsonNode text(Object value) {
        return value == null ? nullNode() : NODES.stringNode(String.valueOf(value));
    }

    public static JsonNode json(JsonNode value) {
        return value == null ? nullNode() : value;
    }

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

    public static <T> JsonNode array(T[] values, Function<? super T, JsonNode> element) {
        return values == null ? nullNode() : array(java.util.Arrays.asList(values), element);
    }

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

    public static <T> JsonNode optional(Optional<T> value, Function<? super T, JsonNode> element) {
        return value == null || value.isEmpty() ? nullNode() : element.apply(value.get());
    }

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
