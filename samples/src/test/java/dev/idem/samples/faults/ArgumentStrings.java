package dev.idem.samples.faults;

import dev.idem.testing.Gen;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

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

    /** One generated call: near-valid 4 times in 9, truncated 2, random bytes, deep nesting, duplicate keys 1 each. */
    static Attempt any(Gen gen) {
        return gen.weighted(4, (Supplier<Attempt>) () -> nearValid(gen), 2, (Supplier<Attempt>) () -> truncated(gen),
                1, (Supplier<Attempt>) () -> randomBytes(gen), 1, (Supplier<Attempt>) () -> deeplyNested(gen),
                1, (Supplier<Attempt>) () -> duplicateKeys(gen));
    }

    private static String value(Gen gen) {
        return switch (gen.below(5)) {
            case 0 -> gen.pick(NUMBERS);
            case 1 -> gen.pick(STRINGS);
            case 2 -> gen.pick(OTHERS);
            case 3 -> Long.toString(gen.between(Long.MIN_VALUE, Long.MAX_VALUE));
            default -> quoted(gen.string(12));
        };
    }

    /** An object with the tool's fields (some missing, some extra), each a valid or a hostile value. */
    private static Attempt nearValid(Gen gen) {
        int index = gen.below(TOOLS.size());
        List<String> fields = FIELDS.get(index);
        String text;
        if (gen.bool()) {
            List<String> members = gen.list(7, () -> gen.below(5) < 4
                    ? "\"" + gen.pick(fields) + "\":" + value(gen)
                    : gen.pick("\"extra\":1", "\"\":null", "\"CENTS\":5"));
            text = "{" + String.join(",", members) + "}";
        } else {
            text = replaceValue(VALID.get(index), gen.pick(fields), value(gen));
        }
        return new Attempt(TOOLS.get(index), text);
    }

    private static Attempt truncated(Gen gen) {
        int index = gen.below(TOOLS.size());
        String valid = VALID.get(index);
        return new Attempt(TOOLS.get(index), valid.substring(0, gen.between(0, valid.length() - 1)));
    }

    private static Attempt randomBytes(Gen gen) {
        byte[] bytes = new byte[gen.between(0, 64)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) gen.below(256);
        }
        return new Attempt(gen.pick(TOOLS), new String(bytes, StandardCharsets.UTF_8));
    }

    private static Attempt deeplyNested(Gen gen) {
        String tool = gen.pick(TOOLS);
        int depth = gen.between(1, 20_000);
        String open = gen.pick("[", "{\"items\":", "{\"a\":[");
        String close = open.equals("[") ? "]" : open.equals("{\"items\":") ? "}" : "]}";
        return new Attempt(tool, open.repeat(depth) + "1" + close.repeat(depth));
    }

    private static Attempt duplicateKeys(Gen gen) {
        int index = gen.below(TOOLS.size());
        String valid = VALID.get(index);
        String duplicate = "\"" + gen.pick(FIELDS.get(index)) + "\":" + value(gen);
        String text = gen.bool() ? "{" + duplicate + "," + valid.substring(1)
                : valid.substring(0, valid.length() - 1) + "," + duplicate + "}";
        return new Attempt(TOOLS.get(index), text);
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
