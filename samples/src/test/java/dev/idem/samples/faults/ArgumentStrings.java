package dev.idem.samples.faults;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Argument texts a broken or hostile model could send for the {@link FuzzTools}: near-valid
 * objects with wrong types, huge numbers and odd unicode, truncations of valid JSON, random bytes,
 * deep nesting and duplicate keys.
 */
final class ArgumentStrings {

    /** One generated call: the tool named and the raw argument text. */
    record Attempt(String tool, String arguments) {
        @Override
        public String toString() {
            return tool + " " + arguments.substring(0, Math.min(arguments.length(), 300));
        }
    }

    private static final List<String> NUMBERS = List.of("1", "0", "-1", "7", "99", "100", "127", "128", "-129",
            "1000000", "1000001", "2147483647", "2147483648", "9223372036854775807", "9223372036854775808",
            "123456789012345678901234567890", "1e400", "-1e400", "1e2", "1.0", "1.5", "0.0000001", "-0", "-0.0",
            "00", "01", "0x10", "NaN", "Infinity", "-Infinity", "+1", ".5", "1.", "1e", "--1");
    private static final List<String> STRINGS = List.of("\"USD\"", "\"usd\"", "\"US\"", "\"USDX\"", "\"\"",
            "\"x\"", "\"LOW\"", "\"HIGH\"", "\"low\"", "\"MEDIUM\"", "\"2026-12-01\"", "\"2026-02-30\"", "\"2026-13-01\"",
            "\"f47ac10b-58cc-4372-a567-0e02b2c3d479\"", "\"not-a-uuid\"", "\"\\u0000\"", "\"\\ud800\"", "\"\\udc00x\"",
            "\"\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\"", "\"\\uD83D\\uDE00\"", "\"a\\nb\"", "\"é\"", "\"\u202Eevil\"",
            "\"" + "x".repeat(40) + "\"", "\"" + "x".repeat(41) + "\"", "\"" + "\uD83D\uDE00".repeat(40) + "\"",
            "\"A1\"", "\"" + "s".repeat(13) + "\"", "\"5\"", "\"true\"", "\"null\"", "'USD'", "\"unterminated");
    private static final List<String> OTHERS = List.of("true", "false", "null", "[]", "{}", "[1]", "[null]",
            "{\"sku\":\"A1\",\"quantity\":1}", "[{\"sku\":\"A1\",\"quantity\":1}]", "[{\"sku\":\"\",\"quantity\":0}]",
            "[{\"sku\":\"A1\",\"quantity\":100}]", "[{\"sku\":\"A1\"}]", "[{\"sku\":\"A1\",\"quantity\":1,\"x\":1}]",
            "[{},{},{},{},{},{}]", "{\"a\":1}", "{\"a\":null}", "{\"a\":\"1\"}", "[\"a\",\"a\"]", "[\"a\",null]",
            "[1,2]", "undefined", "");

    private static final List<String> VALID = List.of(
            "{\"cents\":500,\"currency\":\"BRL\",\"memo\":\"rent\",\"urgent\":false}",
            "{\"day\":\"2026-12-01\",\"id\":\"f47ac10b-58cc-4372-a567-0e02b2c3d479\",\"level\":\"HIGH\",\"retries\":2}",
            "{\"items\":[{\"sku\":\"A1\",\"quantity\":2}],\"tags\":{\"gift\":1},\"codes\":[\"x\",\"y\"]}",
            "{\"small\":1,\"whole\":2,\"ratio\":1.5,\"big\":12345678901234567890,\"letter\":\"z\"}");
    private static final List<String> TOOLS = List.of("transfer", "plan", "order", "numbers");
    private static final List<List<String>> FIELDS = List.of(
            List.of("cents", "currency", "memo", "urgent"),
            List.of("day", "id", "level", "retries"),
            List.of("items", "tags", "codes"),
            List.of("small", "whole", "ratio", "big", "letter"));

    private ArgumentStrings() {}

    static Arbitrary<Attempt> any() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, nearValid()),
                net.jqwik.api.Tuple.of(2, truncated()),
                net.jqwik.api.Tuple.of(1, randomBytes()),
                net.jqwik.api.Tuple.of(1, deeplyNested()),
                net.jqwik.api.Tuple.of(1, duplicateKeys()));
    }

    private static Arbitrary<String> value() {
        return Arbitraries.oneOf(Arbitraries.of(NUMBERS), Arbitraries.of(STRINGS), Arbitraries.of(OTHERS),
                Arbitraries.longs().map(n -> Long.toString(n)), Arbitraries.strings().ofMaxLength(12).map(ArgumentStrings::quoted));
    }

    /** An object with the tool's fields (some missing, some extra), each a valid or a hostile value. */
    private static Arbitrary<Attempt> nearValid() {
        return Arbitraries.integers().between(0, TOOLS.size() - 1).flatMap(index -> {
            List<String> fields = FIELDS.get(index);
            Arbitrary<String> member = Combinators.combine(Arbitraries.of(fields),
                    value()).as((name, v) -> "\"" + name + "\":" + v);
            Arbitrary<String> extra = Arbitraries.of("\"extra\":1", "\"\":null", "\"CENTS\":5");
            Arbitrary<String> members = Arbitraries.oneOf(member, member, member, member, extra).list().ofMaxSize(7)
                    .map(list -> "{" + String.join(",", list) + "}");
            Arbitrary<String> mutatedValid = Combinators.combine(Arbitraries.of(fields), value())
                    .as((name, v) -> replaceValue(VALID.get(index), name, v));
            return Arbitraries.oneOf(members, mutatedValid).map(text -> new Attempt(TOOLS.get(index), text));
        });
    }

    private static Arbitrary<Attempt> truncated() {
        return Arbitraries.integers().between(0, TOOLS.size() - 1).flatMap(index -> {
            String valid = VALID.get(index);
            return Arbitraries.integers().between(0, valid.length() - 1)
                    .map(end -> new Attempt(TOOLS.get(index), valid.substring(0, end)));
        });
    }

    private static Arbitrary<Attempt> randomBytes() {
        return Combinators.combine(Arbitraries.of(TOOLS), Arbitraries.bytes().array(byte[].class).ofMaxSize(64))
                .as((tool, bytes) -> new Attempt(tool, new String(bytes, StandardCharsets.UTF_8)));
    }

    private static Arbitrary<Attempt> deeplyNested() {
        return Combinators.combine(Arbitraries.of(TOOLS), Arbitraries.integers().between(1, 20_000),
                Arbitraries.of("[", "{\"items\":", "{\"a\":[")).as((tool, depth, open) -> {
                    String close = open.equals("[") ? "]" : open.equals("{\"items\":") ? "}" : "]}";
                    return new Attempt(tool, open.repeat(depth) + "1" + close.repeat(depth));
                });
    }

    private static Arbitrary<Attempt> duplicateKeys() {
        return Arbitraries.integers().between(0, TOOLS.size() - 1).flatMap(index -> Combinators.combine(
                Arbitraries.of(FIELDS.get(index)), value(), Arbitraries.of(true, false)).as((name, v, first) -> {
                    String valid = VALID.get(index);
                    String duplicate = "\"" + name + "\":" + v;
                    String text = first ? "{" + duplicate + "," + valid.substring(1)
                            : valid.substring(0, valid.length() - 1) + "," + duplicate + "}";
                    return new Attempt(TOOLS.get(index), text);
                }));
    }

    private static String replaceValue(String json, String field, String value) {
        String marker = "\"" + field + "\":";
        int start = json.indexOf(marker) + marker.length();
        int depth = 0;
        int end = start;
        boolean inString = false;
        for (; end < json.length(); end++) {
            char c = json.charAt(end);
            if (inString) {
                if (c == '\\') {
                    end++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                break;
            }
        }
        return json.substring(0, start) + value + json.substring(end);
    }

    private static String quoted(String raw) {
        StringBuilder text = new StringBuilder("\"");
        raw.codePoints().forEach(cp -> {
            if (cp == '"' || cp == '\\') {
                text.append('\\').appendCodePoint(cp);
            } else if (cp < 0x20) {
                text.append(String.format("\\u%04x", cp));
            } else {
                text.appendCodePoint(cp);
            }
        });
        return text.append('"').toString();
    }
}
