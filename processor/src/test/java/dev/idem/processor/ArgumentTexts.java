package dev.idem.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A seeded generator of argument texts around a valid call: properties removed, added, nulled or
 * given values of every kind (other types, other number spellings, out-of-range, badly formatted
 * strings, duplicate items), keys in random order, duplicate keys, trailing text, cut-off text.
 * Roughly half of what it writes is still a valid call, so a comparison sees both sides.
 */
final class ArgumentTexts {
    /** Reads the text as the executor's tree path does. */
    static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    static final String[] VALUES = {"\"x\"", "\"\"", "0", "1", "-1", "2.0", "1e2", "1.5", "300", "2147483648",
        "9007199254740993", "123456789012345678901234567890", "1e400", "true", "false", "null", "[]", "{}", "[\"RED\"]",
        "[1,2]", "{\"k\":1}", "\"RED\"", "\"GREEN\"", "\"2026-12-01\"", "\"PT15M\"", "\"10:15\"",
        "\"123e4567-e89b-12d3-a456-426614174000\"", "\"12345\"", "\"ab\"", "{\"label\":\"l\",\"children\":[]}",
        "{\"x\":1,\"y\":2}", "{\"street\":\"s\",\"zip\":\"54321\"}",
        // beyond the kitchen: bounds, odd spellings, refused constructions, duplicate items
        "0.01", "0.009", "1000", "1000.0000000001", "-1.5", "2.5", "2.50", "-0", "1e-400", "3.5e38", "-129", "32768",
        "\"1234\"", "\"abcd\"", "\"A\"", "\"\\ud83d\\ude00\"", "\"2026-02-30\"", "\"PT\"", "\"10:15:30+01:00\"",
        "[\"a\",\"a\"]", "[\"a\",\"b\",\"c\"]", "[2.5,2.50]", "[1,1.0]", "[0.1,0.2]", "{\"units\":2}", "{\"units\":3}",
        "\"ABC-12\"", "\"abc-12\"", "\"M\"", "\"XL\"",
        "{\"sku\":\"ABC-1\",\"quantity\":{\"units\":4},\"size\":\"S\",\"price\":9.99}",
        "{\"sku\":\"ABC-1\",\"quantity\":{\"units\":5},\"size\":\"S\",\"price\":9.99}"};

    private ArgumentTexts() {}

    /** A text made from {@code valid} by up to two changes, written in a random spelling, maybe garbled. */
    static String mutate(String valid, Random random) {
        ObjectNode tree = (ObjectNode) STRICT.readTree(valid);
        int changes = random.nextInt(3);
        for (int i = 0; i < changes; i++) {
            change(tree, random);
        }
        StringBuilder text = new StringBuilder();
        write(tree, text, random);
        switch (random.nextInt(12)) {
            case 0 -> text.append(random.nextBoolean() ? " x" : " {}");                          // trailing text
            case 1 -> text.setLength(Math.max(0, text.length() - 1 - random.nextInt(5)));        // cut off
            case 2, 3 -> duplicateSomeKey(text, random);                                         // a key twice
            default -> { }
        }
        return text.toString();
    }

    /** Writes one object's first key a second time, at any depth, with a value of its own. */
    private static void duplicateSomeKey(StringBuilder text, Random random) {
        List<Integer> objects = new ArrayList<>();
        for (int at = text.indexOf("{\""); at >= 0; at = text.indexOf("{\"", at + 1)) {
            objects.add(at);
        }
        if (objects.isEmpty()) {
            return;
        }
        int open = objects.get(random.nextInt(objects.size()));
        int end = text.indexOf("\"", open + 2);
        String key = text.substring(open + 2, end);
        text.insert(open + 1, "\"" + key + "\":" + VALUES[random.nextInt(VALUES.length)] + ",");
    }

    /** One change somewhere in the tree: a property removed, added, nulled or replaced, an element replaced. */
    private static void change(ObjectNode root, Random random) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        JsonNode value = STRICT.readTree(VALUES[random.nextInt(VALUES.length)]);
        if (target instanceof ObjectNode object) {
            List<String> names = new ArrayList<>(object.propertyNames());
            String name = names.isEmpty() || random.nextInt(5) == 0 ? "extra" : names.get(random.nextInt(names.size()));
            switch (random.nextInt(4)) {
                case 0 -> object.remove(name);
                case 1 -> object.putNull(name);
                default -> object.set(name, value);
            }
        } else if (target instanceof ArrayNode array) {
            if (array.isEmpty() || random.nextBoolean()) {
                array.add(value);
            } else {
                array.set(random.nextInt(array.size()), value);
            }
        }
    }

    private static void collect(JsonNode node, List<JsonNode> containers) {
        if (node.isContainer()) {
            containers.add(node);
            for (JsonNode child : node.values()) {
                collect(child, containers);
            }
        }
    }

    /** JSON text with keys in random order, random spaces, and integers sometimes spelled 2.0 or 2e0. */
    private static void write(JsonNode node, StringBuilder out, Random random) {
        String space = random.nextInt(4) == 0 ? " " : "";
        if (node.isObject()) {
            List<String> names = new ArrayList<>(node.propertyNames());
            Collections.shuffle(names, random);
            out.append('{').append(space);
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    out.append(',').append(space);
                }
                out.append(STRICT.writeValueAsString(JsonNodeFactory.instance.stringNode(names.get(i)))).append(':');
                write(node.get(names.get(i)), out, random);
            }
            out.append(space).append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(node.get(i), out, random);
            }
            out.append(']');
        } else if (node.isIntegralNumber() && random.nextInt(5) == 0) {
            out.append(node.bigIntegerValue()).append(random.nextBoolean() ? ".0" : "e0");
        } else {
            out.append(STRICT.writeValueAsString(node));
        }
    }
}
