package dev.idem.samples.differential;

import dev.idem.testing.Gen;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Argument objects generated from a tool's own JSON Schema: valid ones first (every property the
 * schema names, at its bounds and in between, numbers in several spellings), then one mutation
 * at a random place of it (see {@link Mutations}). Knows the keywords Idem's schemas use.
 */
final class InstanceGenerator {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 4;

    private final JsonNode root;
    private final Gen gen;

    InstanceGenerator(JsonNode root, Gen gen) {
        this.root = root;
        this.gen = gen;
    }

    /** {@code $ref} resolved against the root's {@code $defs}; other schemas as they are. */
    JsonNode resolve(JsonNode schema) {
        JsonNode reference = schema.get("$ref");
        if (reference == null) {
            return schema;
        }
        return root.get("$defs").get(reference.stringValue().substring("#/$defs/".length()));
    }

    /** The schema without its null option ({@code anyOf} with null, {@code type} with "null"), resolved. */
    JsonNode nonNull(JsonNode schema) {
        JsonNode resolved = resolve(schema);
        JsonNode anyOf = resolved.get("anyOf");
        if (anyOf != null) {
            for (JsonNode option : anyOf) {
                if (!"null".equals(option.path("type").asString(""))) {
                    return resolve(option);
                }
            }
        }
        return resolved;
    }

    boolean nullable(JsonNode schema) {
        JsonNode resolved = resolve(schema);
        if (resolved.has("anyOf")) {
            return true;
        }
        JsonNode type = resolved.get("type");
        if (type != null && type.isArray()) {
            for (JsonNode option : type) {
                if (option.stringValue().equals("null")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The JSON type the schema wants besides null, or null for "anything". */
    String type(JsonNode schema) {
        JsonNode type = nonNull(schema).get("type");
        if (type == null) {
            return null;
        }
        if (type.isArray()) {
            for (JsonNode option : type) {
                if (!option.stringValue().equals("null")) {
                    return option.stringValue();
                }
            }
        }
        return type.stringValue();
    }

    JsonNode valid() {
        return valid(root, 0);
    }

    JsonNode valid(JsonNode schema, int depth) {
        if (nullable(schema) && gen.oneIn(8)) {
            return NODES.nullNode();
        }
        JsonNode s = nonNull(schema);
        if (s.has("enum")) {
            return gen.pick(list(s.get("enum")));
        }
        String type = type(schema);
        if (type == null) {
            return anyJson(depth);
        }
        return switch (type) {
            case "string" -> NODES.stringNode(string(s));
            case "integer" -> integer(s);
            case "number" -> number(s);
            case "boolean" -> NODES.booleanNode(gen.bool());
            case "array" -> array(s, depth);
            case "object" -> object(s, depth);
            default -> throw new IllegalStateException("no generator for type " + type);
        };
    }

    private String string(JsonNode s) {
        String format = s.has("format") ? s.get("format").stringValue() : null;
        String pattern = s.has("pattern") ? s.get("pattern").stringValue() : null;
        int minLength = s.path("minLength").asInt(0);
        int maxLength = s.has("maxLength") ? s.get("maxLength").asInt() : format != null || pattern != null ? Integer.MAX_VALUE : 24;
        if (format != null || pattern != null) {
            for (int attempt = 0; attempt < 50; attempt++) {
                String text = ValidText.of(format, pattern, gen);
                int length = text.codePointCount(0, text.length());
                if (length >= minLength && length <= maxLength) {
                    return text;
                }
            }
            throw new IllegalStateException("no text for " + s);
        }
        while (true) {
            String text = gen.string(maxLength);
            int length = text.codePointCount(0, text.length());
            if (length >= minLength && length <= maxLength) {
                return text;
            }
            if (length < minLength) {
                return text + "x".repeat(minLength - length);
            }
        }
    }

    /** The inclusive range of a numeric schema, from minimum/maximum and exclusive bounds; null: none. */
    static BigDecimal[] range(JsonNode s, boolean integral) {
        BigDecimal min = s.has("minimum") ? s.get("minimum").decimalValue() : null;
        BigDecimal max = s.has("maximum") ? s.get("maximum").decimalValue() : null;
        if (s.has("exclusiveMinimum")) {
            BigDecimal exclusive = s.get("exclusiveMinimum").decimalValue();
            min = integral ? exclusive.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE) : exclusive.add(new BigDecimal("1E-20"));
        }
        if (s.has("exclusiveMaximum")) {
            BigDecimal exclusive = s.get("exclusiveMaximum").decimalValue();
            max = integral ? exclusive.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE) : exclusive.subtract(new BigDecimal("1E-20"));
        }
        if (integral) {
            min = min == null ? null : min.setScale(0, RoundingMode.CEILING);
            max = max == null ? null : max.setScale(0, RoundingMode.FLOOR);
        }
        return new BigDecimal[] {min, max};
    }

    private JsonNode integer(JsonNode s) {
        BigDecimal[] range = range(s, true);
        BigInteger min = range[0] == null ? BigInteger.TEN.pow(40).negate() : range[0].toBigInteger();
        BigInteger max = range[1] == null ? BigInteger.TEN.pow(40) : range[1].toBigInteger();
        BigInteger value = switch (gen.below(6)) {
            case 0 -> gen.bool() ? min : max;
            case 1 -> BigInteger.ZERO.max(min).min(max);
            default -> randomBetween(min, max);
        };
        return spell(new BigDecimal(value));
    }

    private BigInteger randomBetween(BigInteger min, BigInteger max) {
        BigInteger span = max.subtract(min);
        // magnitudes spread over digit counts, not uniform (which would give huge numbers only)
        int digits = gen.between(1, Math.max(1, span.toString().length()));
        BigInteger draw = new BigInteger(ValidText.digits(gen, digits));
        return min.add(draw.mod(span.add(BigInteger.ONE)));
    }

    private JsonNode number(JsonNode s) {
        BigDecimal[] range = range(s, false);
        BigDecimal min = range[0] == null ? new BigDecimal("-1E+400") : range[0];
        BigDecimal max = range[1] == null ? new BigDecimal("1E+400") : range[1];
        BigDecimal value = switch (gen.below(7)) {
            case 0 -> gen.bool() ? min : max;
            case 1 -> BigDecimal.ZERO.max(min).min(max);
            case 2 -> new BigDecimal(ValidText.digits(gen, gen.between(1, 25)) + "." + ValidText.digits(gen, gen.between(1, 25)))
                    .max(min).min(max);
            default -> {
                // a random decimal of random magnitude, clamped into the range
                BigDecimal unscaled = new BigDecimal(new BigInteger(ValidText.digits(gen, gen.between(1, 20))));
                BigDecimal candidate = unscaled.scaleByPowerOfTen(gen.between(-30, 30));
                yield (gen.bool() ? candidate : candidate.negate()).max(min).min(max);
            }
        };
        return spell(value);
    }

    /** The same number in one of several spellings: 100, 100.0, 1E+2, 100.000. */
    private JsonNode spell(BigDecimal value) {
        return switch (gen.below(6)) {
            case 0 -> NODES.numberNode(value.setScale(Math.max(value.scale(), 0) + gen.between(1, 3)));
            case 1 -> NODES.numberNode(value.stripTrailingZeros().signum() == 0 ? value : value.stripTrailingZeros());
            default -> value.scale() <= 0 && value.abs().compareTo(new BigDecimal(Long.MAX_VALUE)) <= 0
                    ? NODES.numberNode(value.longValueExact()) : NODES.numberNode(value);
        };
    }

    private JsonNode array(JsonNode s, int depth) {
        int min = s.path("minItems").asInt(0);
        int max = s.has("maxItems") ? s.get("maxItems").asInt() : 4;
        if (depth >= MAX_DEPTH) {
            max = min;
        }
        boolean unique = s.path("uniqueItems").asBoolean(false);
        ArrayNode array = NODES.arrayNode();
        int size = gen.between(min, max);
        for (int attempt = 0; array.size() < size && attempt < size * 10; attempt++) {
            JsonNode item = valid(s.get("items"), depth + 1);
            if (!unique || !containsEqual(array, item)) {
                array.add(item);
            }
        }
        return array;
    }

    static boolean containsEqual(ArrayNode array, JsonNode item) {
        for (JsonNode existing : array) {
            if (JsonValues.equal(existing, item)) {
                return true;
            }
        }
        return false;
    }

    private JsonNode object(JsonNode s, int depth) {
        ObjectNode object = NODES.objectNode();
        if (s.has("properties")) {
            List<String> required = s.has("required") ? list(s.get("required")).stream().map(JsonNode::stringValue).toList() : List.of();
            for (Map.Entry<String, JsonNode> property : s.get("properties").properties()) {
                if (required.contains(property.getKey()) || gen.below(10) < 7) {
                    object.set(property.getKey(), valid(property.getValue(), depth + 1));
                }
            }
            return object;
        }
        JsonNode values = s.get("additionalProperties");
        int size = depth >= MAX_DEPTH ? 0 : gen.between(0, 3);
        for (int i = 0; i < size; i++) {
            object.set(gen.bool() ? gen.string(8) : "k" + i, valid(values, depth + 1));
        }
        return object;
    }

    JsonNode anyJson(int depth) {
        return switch (depth >= MAX_DEPTH ? gen.below(4) : gen.below(6)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(gen.bool());
            case 2 -> NODES.numberNode(new BigDecimal(ValidText.digits(gen, gen.between(1, 30))).scaleByPowerOfTen(gen.between(-400, 400)));
            case 3 -> NODES.stringNode(gen.string(16));
            case 4 -> {
                ArrayNode array = NODES.arrayNode();
                gen.list(3, () -> anyJson(depth + 1)).forEach(array::add);
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int i = gen.between(0, 3); i > 0; i--) {
                    object.set(gen.string(6), anyJson(depth + 1));
                }
                yield object;
            }
        };
    }

    static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }
}
