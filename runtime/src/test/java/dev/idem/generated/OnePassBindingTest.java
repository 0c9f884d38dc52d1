package dev.idem.generated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.tool.ArgumentBindingException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one-pass reader over tokens against the tree reader it stands for: the same values, the same
 * problem sentences in the same order, and the strict mapper's tree for every value read whole.
 */
class OnePassBindingTest {
    /** As the executor's mapper: strict about keys, fractions as exact decimals. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    /** Parsers as the executor makes them: no duplicate detection in the parser, the reader does it. */
    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    record Item(String sku, int qty) {
        Item {
            if (sku.equals("bad")) {
                throw new IllegalArgumentException("sku bad is retired");
            }
        }
    }

    private static final Shape ITEM = Shape.object("test.Item", v -> new Item((String) v[0], (int) v[1]));
    private static final Shape ARGUMENTS;

    static {
        ITEM.define(Property.required("sku", Shape.STRING.length(1, 5)),
                Property.zeroDefault("qty", Shape.INT.range("1", "9")));
        ARGUMENTS = Shape.arguments(
                Property.required("name", Shape.STRING.pattern("^[a-z]+$")),
                Property.required("items", Shape.list(ITEM).items(1, 3)),
                Property.optional("tags", Shape.set(Shape.STRING)),
                Property.nullable("extra", Shape.JSON),
                Property.required("any", Shape.JSON),
                Property.nullable("sizes", Shape.primitiveArray(Shape.INT)),
                Property.nullable("lead", ITEM),
                Property.nullable("price", Shape.BIG_DECIMAL.range("0", "100")),
                Property.nullable("when", Shape.LOCAL_DATE),
                Property.zeroDefault("flag", Shape.BOOLEAN),
                Property.nullable("count", Shape.LONG),
                Property.nullable("ratio", Shape.DOUBLE),
                Property.nullable("byName", Shape.map(Shape.INT)));
    }

    private static final String[] NUMBERS = {"0", "-0", "7", "-12", "2147483647", "2147483648", "-9223372036854775808",
        "9223372036854775808", "123456789012345678901234567890", "1.0", "2.50", "-0.0", "1e2", "1E+2", "1.5e-3",
        "12345678901234567890.123456789", "0.1", "3.0000", "1e400"};

    @Test
    void tokensBuildTheStrictMappersTree() {
        Random random = new Random(17);
        for (int i = 0; i < 2_000; i++) {
            String text = value(random, 3);
            JsonNode expected = STRICT.readTree(text);
            JsonNode read;
            try (JsonParser parser = PLAIN.createParser(text)) {
                read = Binding.tree(parser);
            }
            assertThat(read).as(text).isEqualTo(expected);
            assertThat(read.toString()).as(text).isEqualTo(expected.toString());
            assertSameNodeTypes(read, expected, text);
        }
    }

    @Test
    void oneReaderOverTokensFindsTheTreeReadersValuesAndProblemsInItsOrder() {
        Random random = new Random(2026);
        int refused = 0;
        for (int i = 0; i < 3_000; i++) {
            String text = arguments(random);
            Object tokens = outcome(() -> {
                try (JsonParser parser = PLAIN.createParser(text)) {
                    return Binding.bind(ARGUMENTS, parser, Long.MAX_VALUE, null);
                }
            });
            Object tree = outcome(() -> treeBound(STRICT.readTree(text)));
            Object traversed = outcome(() -> {
                try (JsonParser parser = STRICT.readTree(text).traverse(ObjectReadContext.empty())) {
                    return Binding.bind(ARGUMENTS, parser, Long.MAX_VALUE, null);
                }
            });
            assertThat(tokens).as(text).isEqualTo(tree);
            assertThat(traversed).as(text).isEqualTo(tree);
            refused += tree instanceof List<?> ? 1 : 0;
        }
        assertThat(refused).isBetween(300, 2_900); // both kinds of outcome were compared
    }

    @Test
    void aKeyTwiceInAnyObjectIsMalformedText() {
        String valid = "\"name\":\"ab\",\"items\":[{\"sku\":\"a\"}],\"any\":1";
        for (String text : new String[] {
            "{" + valid + ",\"name\":\"cd\"}",
            "{" + valid + ",\"lead\":{\"sku\":\"a\",\"sku\":\"b\"}}",
            "{" + valid + ",\"unknown\":1,\"unknown\":2}",
            "{" + valid + ",\"unknown\":{\"x\":1,\"x\":2}}",
            "{" + valid + ",\"extra\":{\"x\":1,\"x\":2}}",
            "{" + valid + ",\"byName\":{\"x\":1,\"x\":2}}",
            "{\"name\":5,\"items\":[{\"sku\":\"a\",\"qty\":1,\"qty\":1}],\"any\":1}"}) {
            assertThatThrownBy(() -> STRICT.readTree(text)).as(text).isInstanceOf(JacksonException.class);
            assertThatThrownBy(() -> {
                try (JsonParser parser = PLAIN.createParser(text)) {
                    Binding.bind(ARGUMENTS, parser, Long.MAX_VALUE, null);
                }
            }).as(text).isInstanceOf(JacksonException.class);
        }
    }

    private static BoundCallLike treeBound(JsonNode tree) {
        ShapeReader reader = new ShapeReader(Long.MAX_VALUE);
        Object[] values = reader.readArguments(ARGUMENTS, tree);
        reader.throwIfProblems();
        return new BoundCallLike(canonical(new ShapedCall(ARGUMENTS, values, reader.components(), null, 0, null)));
    }

    /** The canonical arguments of a bound call, or the problems of a refused one. */
    private static Object outcome(Binder binder) {
        try {
            Object bound = binder.bind();
            return bound instanceof BoundCallLike like ? like : new BoundCallLike(canonical((ShapedCall) bound));
        } catch (ArgumentBindingException refused) {
            return refused.problems();
        }
    }

    private static String canonical(ShapedCall call) {
        CanonicalWriter out = new CanonicalWriter();
        call.writeCanonical(out);
        return out.toString();
    }

    record BoundCallLike(String canonical) {}

    @FunctionalInterface
    interface Binder {
        Object bind();
    }

    /** Arguments, every other time all valid (each candidate's first value is), else with problems anywhere. */
    private static String arguments(Random random) {
        boolean valid = random.nextBoolean();
        List<String> members = new ArrayList<>();
        String[][] candidates = {
            {"name", "\"abc\"", "\"ABC\"", "\"\""},
            {"items", "[" + (valid ? validItem(random) : item(random)) + "]",
                "[" + item(random) + "," + item(random) + "]", "[]",
                "[" + item(random) + "," + item(random) + "," + item(random) + "," + item(random) + "]"},
            {"tags", "[\"a\",\"b\"]", "[\"a\",\"a\"]", "[]"},
            {"extra", "{\"k\":[1,2.50]}", "\"x\""},
            {"any", "1", "{}", "[null]"},
            {"sizes", "[1,2,3]", "[1,\"2\"]", "[2.0]"},
            {"lead", valid ? validItem(random) : item(random)},
            {"price", "12.50", "100.0", "100.01", "-1", "1e1"},
            {"when", "\"2026-12-01\"", "\"2026-13-01\"", "\"\""},
            {"flag", "true", "false"},
            {"count", "5", "2147483648", "9223372036854775808", "1.0", "1.5"},
            {"ratio", "0.1", "1e400", "3"},
            {"byName", "{\"a\":1,\"b\":2}", "{\"a\":1,\"b\":\"x\"}", "{}"},
        };
        for (String[] candidate : candidates) {
            if (valid) {
                members.add("\"" + candidate[0] + "\":" + candidate[1]);
                continue;
            }
            int choice = random.nextInt(candidate.length + 1); // candidate[0] is the name
            if (choice == 0) {
                continue; // absent
            }
            String value = choice == candidate.length ? (random.nextBoolean() ? "null" : value(random, 2))
                    : candidate[choice];
            members.add("\"" + candidate[0] + "\":" + value);
        }
        if (!valid && random.nextInt(4) == 0) {
            members.add("\"unknown" + random.nextInt(3) + "\":" + value(random, 2));
        }
        Collections.shuffle(members, random);
        return "{" + String.join(",", members) + "}";
    }

    private static String validItem(Random random) {
        return random.nextBoolean() ? "{\"sku\":\"ab\",\"qty\":2}" : "{\"qty\":9.0,\"sku\":\"abcde\"}";
    }

    private static String item(Random random) {
        String[] skus = {"\"a\"", "\"abcdef\"", "\"bad\"", "\"\"", "7", "null"};
        String[] quantities = {"1", "0", "10", "9.0", "\"3\"", "null"};
        List<String> members = new ArrayList<>();
        if (random.nextInt(6) > 0) {
            members.add("\"sku\":" + skus[random.nextInt(skus.length)]);
        }
        if (random.nextBoolean()) {
            members.add("\"qty\":" + quantities[random.nextInt(quantities.length)]);
        }
        if (random.nextInt(6) == 0) {
            members.add("\"colour\":\"red\"");
        }
        Collections.shuffle(members, random);
        return random.nextInt(12) == 0 ? value(random, 1) : "{" + String.join(",", members) + "}";
    }

    private static String value(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 7 : 5);
        switch (kind) {
            case 0:
                return "\"s" + random.nextInt(100) + "\"";
            case 1:
            case 2:
                return NUMBERS[random.nextInt(NUMBERS.length)];
            case 3:
                return random.nextBoolean() ? "true" : "false";
            case 4:
                return "null";
            case 5: {
                List<String> items = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    items.add(value(random, depth - 1));
                }
                return "[" + String.join(",", items) + "]";
            }
            default: {
                List<String> members = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    members.add("\"k" + i + "\":" + value(random, depth - 1));
                }
                return "{" + String.join(",", members) + "}";
            }
        }
    }

    private static void assertSameNodeTypes(JsonNode read, JsonNode expected, String text) {
        assertThat(read.getClass()).as(text).isEqualTo(expected.getClass());
        if (expected.isNumber()) {
            assertThat(read.numberValue()).as(text).isEqualTo(expected.numberValue());
        }
        if (expected.isBigDecimal()) {
            assertThat(((BigDecimal) read.numberValue()).scale()).as(text)
                    .isEqualTo(((BigDecimal) expected.numberValue()).scale());
        }
        for (int i = 0; i < expected.size(); i++) {
            if (expected.isArray()) {
                assertSameNodeTypes(read.get(i), expected.get(i), text);
            }
        }
        for (String name : expected.propertyNames()) {
            assertSameNodeTypes(read.get(name), expected.get(name), text);
        }
    }
}
