package dev.idem.processor.schema;

import java.util.List;
import java.util.Map;

/**
 * Writes a tree of {@code Map} (insertion-ordered), {@code List}, {@code String},
 * {@code Number}, {@code Boolean} and {@code null} as JSON text, compact or indented. Whole
 * doubles print without a fraction ({@code 1}, not {@code 1.0}), so the output is stable.
 */
public final class JsonText {

    private JsonText() {}

    /**
     * The value as compact JSON text.
     *
     * @param value maps, lists, strings, numbers, booleans or null
     * @return the text
     */
    public static String compact(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, -1, 0);
        return out.toString();
    }

    /**
     * The value as JSON text indented by two spaces, ending with a line break.
     *
     * @param value maps, lists, strings, numbers, booleans or null
     * @return the text
     */
    public static String pretty(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 2, 0);
        return out.append('\n').toString();
    }

    private static void write(Object value, StringBuilder out, int indent, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            string(text, out);
        } else if (value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            out.append(number(((Number) value).doubleValue()));
        } else if (value instanceof Number) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                newline(out, indent, depth + 1);
                string((String) entry.getKey(), out);
                out.append(indent < 0 ? ":" : ": ");
                write(entry.getValue(), out, indent, depth + 1);
            }
            newline(out, indent, depth);
            out.append('}');
        } else if (value instanceof List<?> list) {
            if (list.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                newline(out, indent, depth + 1);
                write(list.get(i), out, indent, depth + 1);
            }
            newline(out, indent, depth);
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass());
        }
    }

    /**
     * A finite double as the schema writes it: whole values without a fraction ({@code 1}, not
     * {@code 1.0}), others in Java's shortest form ({@code 99.5}, {@code 1.0E20}). Generated
     * binders compare arguments with exactly this decimal, so schema and binder share one bound.
     *
     * @param value a finite double
     * @return its decimal text
     */
    public static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    private static void newline(StringBuilder out, int indent, int depth) {
        if (indent >= 0) {
            out.append('\n');
            out.append(" ".repeat(indent * depth));
        }
    }

    /**
     * A character written as its escape although JSON allows it raw: a lone surrogate (UTF-8 has no
     * bytes for it, the encoder would write {@code ?}), U+2028 and U+2029 (line breaks to
     * JavaScript readers), and the invisible byte order mark.
     */
    private static boolean unwritable(String value, int i) {
        char c = value.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(value.charAt(i - 1));
        }
        return c == '\u2028' || c == '\u2029' || c == '\uFEFF';
    }

    private static void string(String value, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20 || unwritable(value, i)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
