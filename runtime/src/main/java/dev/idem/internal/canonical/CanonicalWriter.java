package dev.idem.internal.canonical;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Writes the canonical form of tool arguments as UTF-8 JSON bytes: object properties in sorted
 * order, no whitespace, numbers by value ({@code 1}, {@code 1.0} and {@code 1e0} are one number),
 * strings with the shortest escapes. Two argument sets that mean the same call have the same
 * canonical form, and two that do not have different ones: it is what the idempotency key hashes.
 *
 * <p>Generated code writes a bound call's typed values with it, properties in the sorted order the
 * processor computed (so nothing is sorted at run time except maps and {@link JsonNode} values);
 * the executor writes an argument tree with {@link #json(JsonNode)} when there are no typed values.
 * Both spell a value the same way.
 *
 * <pre>{@code
 * CanonicalWriter out = new CanonicalWriter();
 * out.beginObject();
 * out.name("cents");
 * out.integer(500);
 * out.name("key");
 * out.string("a@b.c");
 * out.endObject();               // {"cents":500,"key":"a@b.c"}
 * }</pre>
 *
 * <p>Not thread-safe; {@link #reset()} makes it ready for the next call.
 */
public final class CanonicalWriter {
    private static final int MAX_PLAIN_DIGITS = 1000;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private byte[] bytes = new byte[256];
    private int length;
    // Per open container: whether it has a member already, so the next one needs a comma.
    private boolean[] hasMember = new boolean[16];
    private int depth;
    // After a property name the value follows directly, without a comma.
    private boolean afterName;

    /** Empties the writer for the next arguments. */
    public void reset() {
        length = 0;
        depth = 0;
        afterName = false;
    }

    /** Number of bytes written. */
    public int length() {
        return length;
    }

    /** Bytes it can hold before it grows. */
    public int capacity() {
        return bytes.length;
    }

    /** Feeds the bytes written to {@code digest}. */
    public void updateDigest(MessageDigest digest) {
        digest.update(bytes, 0, length);
    }

    /** The bytes written, as text. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    // ---- structure ----

    public void beginObject() {
        beforeValue();
        open('{');
    }

    public void endObject() {
        close('}');
    }

    public void beginArray() {
        beforeValue();
        open('[');
    }

    public void endArray() {
        close(']');
    }

    /** A property name; the value written next belongs to it. */
    public void name(String name) {
        separate();
        quoted(name);
        put((byte) ':');
        afterName = true;
    }

    // ---- values ----

    public void string(String value) {
        beforeValue();
        quoted(value);
    }

    public void character(char value) {
        string(String.valueOf(value));
    }

    public void bool(boolean value) {
        beforeValue();
        ascii(value ? "true" : "false");
    }

    public void integer(long value) {
        beforeValue();
        if (value == Long.MIN_VALUE) { // no positive counterpart to negate
            ascii(Long.toString(value));
            return;
        }
        ensure(20);
        long rest = value;
        if (rest < 0) {
            bytes[length++] = '-';
            rest = -rest;
        }
        int digits = 1;
        for (long bound = 10; digits < 19 && rest >= bound; bound *= 10) {
            digits++;
        }
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        length += digits;
    }

    public void integer(BigInteger value) {
        decimal(new BigDecimal(value));
    }

    /** A double by its value: the shortest decimal that reads back as it, integral values as integers. */
    public void decimal(double value) {
        decimal(BigDecimal.valueOf(value));
    }

    public void decimal(float value) {
        decimal(new BigDecimal(Float.toString(value)));
    }

    /**
     * A number by its value: trailing zeros dropped, integral values written out as integers (up
     * to a thousand digits: {@code 1e100000000} keeps its short form rather than become a hundred
     * million digits).
     */
    public void decimal(BigDecimal value) {
        beforeValue();
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.signum() == 0) {
            put((byte) '0');
        } else if (stripped.scale() <= 0 && (long) stripped.precision() - stripped.scale() <= MAX_PLAIN_DIGITS) {
            // long arithmetic above: with 1E+2147483647, precision - scale overflows an int
            ascii(stripped.toBigInteger().toString());
        } else {
            ascii(stripped.toString());
        }
    }

    public void nullValue() {
        beforeValue();
        ascii("null");
    }

    public void enumName(Enum<?> value) {
        string(value.name());
    }

    /** {@code java.time} values and UUIDs: their ISO / canonical text as a string. */
    public void text(Object value) {
        string(value.toString());
    }

    /** A map's entries sorted by key. */
    public <V> void sortedEntries(Map<String, V> map, Entries<V> value) {
        beginObject();
        @SuppressWarnings("unchecked")
        Map.Entry<String, V>[] entries = map.entrySet().toArray(new Map.Entry[0]);
        Arrays.sort(entries, Map.Entry.comparingByKey());
        for (Map.Entry<String, V> entry : entries) {
            name(entry.getKey());
            value.write(this, entry.getValue());
        }
        endObject();
    }

    /** Writes one map value; generated code passes a method reference or a non-capturing lambda. */
    @FunctionalInterface
    public interface Entries<V> {
        void write(CanonicalWriter out, V value);
    }

    /** Any JSON value: object properties sorted, numbers by value. */
    public void json(JsonNode node) {
        if (node.isObject()) {
            @SuppressWarnings({"unchecked", "rawtypes"}) // no generic array creation in Java
            Map.Entry<String, JsonNode>[] properties = new Map.Entry[node.size()];
            int count = 0;
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                properties[count++] = property;
            }
            Arrays.sort(properties, Map.Entry.comparingByKey());
            beginObject();
            for (Map.Entry<String, JsonNode> property : properties) {
                name(property.getKey());
                json(property.getValue());
            }
            endObject();
        } else if (node.isArray()) {
            beginArray();
            for (JsonNode element : node.values()) {
                json(element);
            }
            endArray();
        } else if (node.isString()) {
            string(node.stringValue());
        } else if (node.isInt() || node.isLong()) {
            integer(node.longValue());
        } else if (node.isNumber()) {
            decimal(node.isIntegralNumber() ? new BigDecimal(node.bigIntegerValue()) : node.decimalValue());
        } else if (node.isBoolean()) {
            bool(node.booleanValue());
        } else {
            nullValue();
        }
    }

    // ---- internals ----

    private void open(char bracket) {
        put((byte) bracket);
        depth++;
        if (depth == hasMember.length) {
            hasMember = Arrays.copyOf(hasMember, depth * 2);
        }
        hasMember[depth] = false;
    }

    private void close(char bracket) {
        put((byte) bracket);
        depth--;
    }

    /** Before a value: a comma when it is not the first in its array, nothing after a name. */
    private void beforeValue() {
        if (afterName) {
            afterName = false;
        } else {
            separate();
        }
    }

    private void separate() {
        if (depth > 0) {
            if (hasMember[depth]) {
                put((byte) ',');
            }
            hasMember[depth] = true;
        }
    }

    private void quoted(String value) {
        int n = value.length();
        ensure(n * 6 + 2); // at most six bytes per char (an escape)
        byte[] out = bytes;
        int at = length;
        out[at++] = '"';
        // Names and most values are plain ASCII: copied as they are until the first char that is not.
        int plain = 0;
        for (char c; plain < n && (c = value.charAt(plain)) >= 0x20 && c < 0x80 && c != '"' && c != '\\'; plain++) {
            out[at++] = (byte) c;
        }
        length = at;
        if (plain < n) {
            rest(value, plain);
        }
        bytes[length++] = '"';
    }

    /** The chars of {@code value} from {@code from} on, escaped and UTF-8 encoded. */
    private void rest(String value, int from) {
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                switch (c) {
                    case '"' -> escape('"');
                    case '\\' -> escape('\\');
                    case '\n' -> escape('n');
                    case '\r' -> escape('r');
                    case '\t' -> escape('t');
                    default -> {
                        if (c < 0x20) {
                            unicodeEscape(c);
                        } else {
                            bytes[length++] = (byte) c;
                        }
                    }
                }
            } else if (c < 0x800) {
                bytes[length++] = (byte) (0xC0 | c >> 6);
                bytes[length++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                bytes[length++] = (byte) (0xF0 | codePoint >> 18);
                bytes[length++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                bytes[length++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                bytes[length++] = (byte) (0x80 | codePoint & 0x3F);
            } else if (Character.isSurrogate(c)) {
                // A lone surrogate has no UTF-8 form; escaped, it stays distinct from every other string.
                unicodeEscape(c);
            } else {
                bytes[length++] = (byte) (0xE0 | c >> 12);
                bytes[length++] = (byte) (0x80 | c >> 6 & 0x3F);
                bytes[length++] = (byte) (0x80 | c & 0x3F);
            }
        }
    }

    private void escape(char c) {
        bytes[length++] = '\\';
        bytes[length++] = (byte) c;
    }

    private void unicodeEscape(char c) {
        bytes[length++] = '\\';
        bytes[length++] = 'u';
        bytes[length++] = HEX[c >> 12 & 0xF];
        bytes[length++] = HEX[c >> 8 & 0xF];
        bytes[length++] = HEX[c >> 4 & 0xF];
        bytes[length++] = HEX[c & 0xF];
    }

    private void ascii(String text) {
        ensure(text.length());
        for (int i = 0; i < text.length(); i++) {
            bytes[length++] = (byte) text.charAt(i);
        }
    }

    private void put(byte b) {
        ensure(1);
        bytes[length++] = b;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }

    /**
     * A bound call that can write its own canonical arguments from its typed values, so the executor
     * derives the idempotency key without a tree. Generated bound calls implement it when every value
     * they hold can be read back (records, getters, visible fields); others leave the key to the
     * argument tree.
     *
     * <pre>{@code
     * if (body instanceof CanonicalArguments typed) {
     *     typed.writeCanonical(writer);     // {"cents":500,"key":"a@b.c"}
     * }
     * }</pre>
     */
    public interface CanonicalArguments {

        /**
         * Writes the arguments as one object: properties sorted by name, absent and null optional
         * values left out, every value as {@link CanonicalWriter} spells it.
         */
        void writeCanonical(CanonicalWriter out);
    }
}
