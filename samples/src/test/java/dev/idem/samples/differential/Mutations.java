package dev.idem.samples.differential;

import static dev.idem.samples.differential.InstanceGenerator.NODES;

import dev.idem.testing.Gen;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One change to a valid argument object at a random place: a value of another type, the bounds
 * and just past them, other spellings and huge numbers, line terminators and odd Unicode, leap
 * days, leap seconds and offsets, broken durations and addresses, duplicates in sets, nulls,
 * missing and extra properties. Whether the result is still valid is for the validators to say.
 */
final class Mutations {
    private static final String[] LINE_TERMINATORS = {"\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085"};
    private static final String[] ODD = {"\uD83D\uDE00", "\uD800", "\uDC00", "\u0000", "\u0301", "\u202E", "é", "\u00A0",
        "\uFEFF", "\t", " ", "\\", "\""};
    private static final String[] HUGE = {"1e400", "-1e400", "1E+2147483647", "-1E+2147483647", "1e-400", "1E-2147483647",
        "123456789012345678901234567890", "9223372036854775808", "-9223372036854775809", "2147483648", "1e19", "1e300",
        "9.99999999999999999999E+299", "1.7976931348623158e308", "1.79769313486231570815e308", "3.40282356e38"};

    /** What was changed: where, under which schema, from what to what. */
    record Mutation(String kind, String pointer, JsonNode schema, JsonNode before, JsonNode after) {
        @Override
        public String toString() {
            String where = pointer.isEmpty() ? "/" : InstanceGenerator.NODES.stringNode(pointer).toString();
            return kind + " at " + where + ": " + shorten(before) + " -> " + shorten(after);
        }

        private static String shorten(JsonNode node) {
            String text = node == null ? "(absent)" : node.toString();
            return text.length() > 80 ? text.substring(0, 77) + "..." : text;
        }
    }

    private record Site(String pointer, JsonNode schema, JsonNode value, JsonNode parent, String key, int index) {}

    private final InstanceGenerator generator;
    private final Gen gen;

    Mutations(InstanceGenerator generator, Gen gen) {
        this.generator = generator;
        this.gen = gen;
    }

    /** Changes {@code root} (an object) in place at one random site. */
    Mutation apply(JsonNode root, JsonNode rootSchema) {
        List<Site> sites = new ArrayList<>();
        collect(new Site("", rootSchema, root, null, null, -1), sites);
        Site site = gen.pick(sites);
        return mutate(site);
    }

    private void collect(Site site, List<Site> sites) {
        sites.add(site);
        if (site.value.isNull()) {
            return;
        }
        JsonNode schema = generator.nonNull(site.schema);
        if (site.value.isObject()) {
            JsonNode properties = schema.get("properties");
            for (Map.Entry<String, JsonNode> property : site.value.properties()) {
                JsonNode childSchema = properties != null ? properties.get(property.getKey()) : schema.get("additionalProperties");
                if (childSchema != null && childSchema.isObject()) {
                    collect(new Site(site.pointer + "/" + escape(property.getKey()), childSchema, property.getValue(),
                            site.value, property.getKey(), -1), sites);
                }
            }
        } else if (site.value.isArray() && schema.has("items")) {
            for (int i = 0; i < site.value.size(); i++) {
                collect(new Site(site.pointer + "/" + i, schema.get("items"), site.value.get(i), site.value, null, i), sites);
            }
        }
    }

    private Mutation mutate(Site site) {
        JsonNode schema = generator.nonNull(site.schema);
        String type = generator.type(site.schema);
        List<Runnable> options = new ArrayList<>();
        Mutation[] result = new Mutation[1];
        if (site.parent != null) {
            options.add(() -> result[0] = replace(site, "other type", otherType(site.value)));
            options.add(() -> result[0] = replace(site, "null", NODES.nullNode()));
        }
        if (site.value.isObject()) {
            options.add(() -> result[0] = removeProperty(site));
            options.add(() -> result[0] = addProperty(site, schema));
        } else if (site.value.isArray()) {
            options.add(() -> result[0] = duplicate(site));
            options.add(() -> result[0] = duplicate(site));
            options.add(() -> result[0] = replace(site, "empty array", NODES.arrayNode()));
            options.add(() -> result[0] = grow(site, schema));
        } else if (site.value.isString() && site.parent != null) {
            options.add(() -> result[0] = replace(site, "line terminator", NODES.stringNode(lineTerminator(site.value.stringValue()))));
            options.add(() -> result[0] = replace(site, "unicode", NODES.stringNode(unicode(site.value.stringValue()))));
            options.add(() -> result[0] = replace(site, "length", NODES.stringNode(length(site.value.stringValue(), schema))));
            options.add(() -> result[0] = replace(site, "case", NODES.stringNode(flipCase(site.value.stringValue()))));
            options.add(() -> result[0] = replace(site, "format", NODES.stringNode(TextMutants.of(site.value.stringValue(), schema, gen))));
            options.add(() -> result[0] = replace(site, "format", NODES.stringNode(TextMutants.of(site.value.stringValue(), schema, gen))));
            options.add(() -> result[0] = replace(site, "format", NODES.stringNode(TextMutants.of(site.value.stringValue(), schema, gen))));
        } else if (site.value.isNumber() && site.parent != null) {
            options.add(() -> result[0] = replace(site, "bound", bound(schema, "integer".equals(type))));
            options.add(() -> result[0] = replace(site, "bound", bound(schema, "integer".equals(type))));
            options.add(() -> result[0] = replace(site, "huge", number(gen.pick(HUGE))));
            options.add(() -> result[0] = replace(site, "spelling", respell(site.value)));
            options.add(() -> result[0] = replace(site, "fraction", NODES.numberNode(site.value.decimalValue().add(new BigDecimal("0.5")))));
        }
        if (options.isEmpty()) {
            return new Mutation("none", site.pointer, site.schema, site.value, site.value);
        }
        gen.pick(options).run();
        return result[0];
    }

    private Mutation replace(Site site, String kind, JsonNode after) {
        if (site.parent instanceof ObjectNode object) {
            object.set(site.key, after);
        } else {
            ((ArrayNode) site.parent).set(site.index, after);
        }
        return new Mutation(kind, site.pointer, site.schema, site.value, after);
    }

    private JsonNode otherType(JsonNode value) {
        List<JsonNode> others = new ArrayList<>(List.of(NODES.stringNode(gen.pick("1", "true", "", "x", "2026-12-01", "null")),
                NODES.numberNode(gen.pick(1, 0, -1, 127)), NODES.booleanNode(gen.bool()), NODES.arrayNode(), NODES.objectNode()));
        others.removeIf(other -> other.getNodeType() == value.getNodeType());
        return gen.pick(others);
    }

    private Mutation removeProperty(Site site) {
        ObjectNode object = (ObjectNode) site.value;
        if (object.isEmpty()) {
            return addProperty(site, generator.nonNull(site.schema));
        }
        List<String> names = new ArrayList<>(object.propertyNames());
        String name = gen.pick(names);
        JsonNode before = object.remove(name);
        return new Mutation("missing property", site.pointer + "/" + escape(name), site.schema, before, null);
    }

    private Mutation addProperty(Site site, JsonNode schema) {
        ObjectNode object = (ObjectNode) site.value;
        String name;
        JsonNode value;
        if (schema.has("properties")) {
            List<String> known = new ArrayList<>();
            schema.get("properties").propertyNames().forEach(known::add);
            String some = known.isEmpty() ? "x" : gen.pick(known);
            name = gen.pick("extra", "", Character.toUpperCase(some.charAt(0)) + some.substring(1), some + " ", some.toUpperCase());
            if (known.contains(name)) {
                name = name + "_";
            }
            value = gen.pick(NODES.numberNode(1), NODES.nullNode(), NODES.stringNode("x"));
        } else {
            name = gen.pick("\u0000", "", "\uD83D\uDE00", "k\n", "dup");
            value = gen.bool() ? NODES.stringNode("not a value") : generator.valid(schema.path("additionalProperties"), 3);
        }
        object.set(name, value);
        return new Mutation("extra property", site.pointer + "/" + escape(name), site.schema, null, value);
    }

    /** A copy of an item, or a number spelled differently but equal as JSON, or an object with its keys reordered. */
    private Mutation duplicate(Site site) {
        ArrayNode array = (ArrayNode) site.value;
        if (array.isEmpty()) {
            JsonNode items = generator.nonNull(site.schema).get("items");
            JsonNode item = items == null ? NODES.nullNode() : generator.valid(items, 3);
            array.add(item);
            array.add(item.deepCopy());
            return new Mutation("duplicate", site.pointer, site.schema, NODES.arrayNode(), array);
        }
        JsonNode original = array.get(gen.below(array.size()));
        JsonNode copy = original.deepCopy();
        if (original.isNumber()) {
            copy = respell(original);
        } else if (original.isObject()) {
            ObjectNode reversed = NODES.objectNode();
            List<String> names = new ArrayList<>(original.propertyNames());
            for (int i = names.size() - 1; i >= 0; i--) {
                reversed.set(names.get(i), original.get(names.get(i)).isNumber() ? respell(original.get(names.get(i)))
                        : original.get(names.get(i)));
            }
            copy = reversed;
        }
        JsonNode before = array.deepCopy();
        array.insert(gen.below(array.size() + 1), copy);
        return new Mutation("duplicate", site.pointer, site.schema, before, array);
    }

    private Mutation grow(Site site, JsonNode schema) {
        ArrayNode array = (ArrayNode) site.value;
        JsonNode before = array.deepCopy();
        int target = schema.has("maxItems") ? schema.get("maxItems").asInt() + 1 : array.size() + 2;
        JsonNode items = schema.get("items");
        for (int attempt = 0; array.size() < target && attempt < 20; attempt++) {
            JsonNode item = gen.oneIn(5) ? NODES.nullNode() : items == null ? generator.anyJson(3) : generator.valid(items, 3);
            if (!schema.path("uniqueItems").asBoolean(false) || !InstanceGenerator.containsEqual(array, item)) {
                array.add(item);
            }
        }
        return new Mutation("more items", site.pointer, site.schema, before, array);
    }

    private String lineTerminator(String text) {
        String terminator = gen.pick(LINE_TERMINATORS);
        return switch (gen.below(3)) {
            case 0 -> text + terminator;
            case 1 -> terminator + text;
            default -> text.isEmpty() ? terminator : text.substring(0, text.length() / 2) + terminator + text.substring(text.length() / 2);
        };
    }

    private String unicode(String text) {
        String odd = gen.pick(ODD);
        int at = text.isEmpty() ? 0 : gen.below(text.length() + 1);
        if (at > 0 && at < text.length() && Character.isLowSurrogate(text.charAt(at))) {
            at--;
        }
        return gen.bool() ? text.substring(0, at) + odd + text.substring(at) : odd.repeat(Math.max(1, text.codePointCount(0, text.length())));
    }

    private String length(String text, JsonNode schema) {
        int min = schema.path("minLength").asInt(-1);
        int max = schema.path("maxLength").asInt(-1);
        String unit = gen.pick("x", "\uD83D\uDE00", "é");
        if (max >= 0 && (min < 0 || gen.bool())) {
            return unit.repeat(max + gen.pick(0, 1));
        }
        if (min >= 0) {
            return unit.repeat(Math.max(0, min - gen.pick(0, 1)));
        }
        return gen.bool() ? "" : text + text;
    }

    private static String flipCase(String text) {
        String upper = text.toUpperCase();
        return upper.equals(text) ? text.toLowerCase() : upper;
    }

    private JsonNode bound(JsonNode schema, boolean integral) {
        BigDecimal[] range = InstanceGenerator.range(schema, integral);
        BigDecimal edge = gen.bool() ? range[0] : range[1];
        if (edge == null) {
            return number(gen.pick(HUGE));
        }
        BigDecimal step = integral ? BigDecimal.ONE : BigDecimal.ONE.movePointLeft(gen.pick(1, 15, 17, 20, 40));
        BigDecimal value = switch (gen.below(3)) {
            case 0 -> edge;
            case 1 -> edge.add(step);
            default -> edge.subtract(step);
        };
        return NODES.numberNode(value);
    }

    private JsonNode respell(JsonNode number) {
        BigDecimal value = number.decimalValue();
        return switch (gen.below(4)) {
            case 0 -> NODES.numberNode(value.setScale(Math.max(0, value.scale()) + 2));
            case 1 -> NODES.numberNode(value.stripTrailingZeros().signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros());
            case 2 -> NODES.numberNode(new BigDecimal(value.unscaledValue().multiply(java.math.BigInteger.TEN), value.scale() + 1));
            default -> number.deepCopy();
        };
    }

    private static JsonNode number(String text) {
        return NODES.numberNode(new BigDecimal(text));
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
