package dev.idem.tool;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Argument text as the model sent it, turned into an object tree, and its canonical form.
 * Strict on purpose: a duplicated key or text after the object means the model's output was
 * garbled, and guessing which half it meant could run the wrong effect.
 */
final class ToolArguments {
    private static final int MAX_PLAIN_DIGITS = 1000;

    /**
     * Shared, thread-safe once built. Fractions are read as decimals, not doubles, so a
     * {@code BigDecimal} amount reaches the tool with every digit the model sent.
     */
    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private ToolArguments() {}

    /**
     * The arguments object; blank text is {@code {}}.
     *
     * @throws MalformedArgumentsException when the text is not one complete JSON object
     * @throws OversizedArgumentsException when it is, but holds a value past the parser's limits
     */
    static ObjectNode parse(String text) {
        if (text.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(text);
        } catch (StreamConstraintsException | NumberFormatException | ArithmeticException limit) {
            // A limit stops the parser before it has seen the whole text: whether the text is
            // well-formed decides between "send smaller values" and "re-emit valid JSON".
            String problem = JsonSyntax.problem(text);
            if (problem != null) {
                throw new MalformedArgumentsException(problem);
            }
            throw new OversizedArgumentsException(limit instanceof StreamConstraintsException constraint
                    ? constraint.getOriginalMessage() : "a number is beyond the range a decimal can hold");
        } catch (JacksonException e) {
            throw new MalformedArgumentsException(e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject()) {
            throw new MalformedArgumentsException("the top level is not a JSON object");
        }
        return (ObjectNode) tree;
    }

    /**
     * The canonical JSON text of {@code node}: object keys sorted recursively, no whitespace,
     * numbers by value ({@code 1}, {@code 1.0} and {@code 1e0} are one number). Two argument
     * texts that mean the same call have the same canonical form.
     */
    static String canonical(JsonNode node) {
        StringBuilder out = new StringBuilder(128);
        write(node, out);
        return out.toString();
    }

    private static void write(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            @SuppressWarnings({"unchecked", "rawtypes"}) // no generic array creation in Java
            Map.Entry<String, JsonNode>[] properties = new Map.Entry[node.size()];
            int count = 0;
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                properties[count++] = property;
            }
            Arrays.sort(properties, Map.Entry.comparingByKey());
            out.append('{');
            for (int i = 0; i < properties.length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                writeString(properties[i].getKey(), out);
                out.append(':');
                write(properties[i].getValue(), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            boolean first = true;
            for (JsonNode element : node.values()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(element, out);
            }
            out.append(']');
        } else if (node.isString()) {
            writeString(node.stringValue(), out);
        } else if (node.isInt() || node.isLong()) {
            out.append(node.longValue());
        } else if (node.isNumber()) {
            out.append(canonicalNumber(node));
        } else {
            out.append(node.toString());
        }
    }

    private static String canonicalNumber(JsonNode node) {
        // 100, 100.0 and 1e2 are one number: integral values print as plain integers (as the long
        // case above does), others in BigDecimal's form without trailing zeros. An integer too long
        // to write out keeps the short form: 1e100000000 must not become a hundred million digits.
        BigDecimal value = (node.isIntegralNumber() ? new BigDecimal(node.bigIntegerValue()) : node.decimalValue())
                .stripTrailingZeros();
        if (value.signum() == 0) {
            return "0";
        }
        // long arithmetic: with 1E+2147483647, precision - scale overflows an int
        if (value.scale() <= 0 && (long) value.precision() - value.scale() <= MAX_PLAIN_DIGITS) {
            return value.toBigInteger().toString();
        }
        return value.toString();
    }

    private static void writeString(String value, StringBuilder out) {
        out.append('"');
        if (!needsEscaping(value)) {
            // The common case: copied in one go rather than one character at a time.
            out.append(value).append('"');
            return;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean needsEscaping(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\' || c < 0x20) {
                return true;
            }
        }
        return false;
    }

    /** The argument text is one JSON object, but a value in it is past what a call may carry. */
    static final class OversizedArgumentsException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OversizedArgumentsException(String detail) {
            super(detail, null, false, false);
        }
    }

    /** The argument text is not one complete JSON object. */
    static final class MalformedArgumentsException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedArgumentsException(String detail) {
            super(detail, null, false, false);
        }
    }
}
