package dev.idem.tool;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Whether a text is one JSON object as RFC 8259 writes it, with no name twice in an object:
 * consulted only when the parser stopped at one of its limits (a number of more than 1000
 * characters, an exponent past the range of a {@code BigDecimal}, nesting deeper than 500), to tell
 * a well-formed but oversized call (the model can send smaller values) from a malformed one (it
 * must re-emit the JSON). Iterative, so depth costs heap, not stack.
 */
final class JsonSyntax {
    private final String text;
    private int index;

    private JsonSyntax(String text) {
        this.text = text;
    }

    /** Null when {@code text} is one well-formed JSON object without duplicate names, else what is wrong. */
    static String problem(String text) {
        return new JsonSyntax(text).document();
    }

    private String document() {
        skipWhitespace();
        if (index >= text.length() || text.charAt(index) != '{') {
            return "the top level is not a JSON object";
        }
        // one frame per open container: the names seen so far (null for arrays)
        Deque<Set<String>> open = new ArrayDeque<>();
        boolean expectValue = true;
        while (true) {
            skipWhitespace();
            if (expectValue) {
                if (index >= text.length()) {
                    return "unexpected end of text";
                }
                char c = text.charAt(index);
                if (c == '{') {
                    index++;
                    open.push(new HashSet<>());
                    skipWhitespace();
                    if (peek() == '}') {
                        index++;
                        open.pop();
                        expectValue = false;
                    } else {
                        String name = member(open.peek());
                        if (name != null) {
                            return name;
                        }
                    }
                    continue;
                }
                if (c == '[') {
                    index++;
                    open.push(new NoNames());
                    skipWhitespace();
                    if (peek() == ']') {
                        index++;
                        open.pop();
                        expectValue = false;
                    }
                    continue;
                }
                String scalar = scalar();
                if (scalar != null) {
                    return scalar;
                }
                expectValue = false;
                continue;
            }
            if (open.isEmpty()) {
                return index == text.length() ? null : "text after the object";
            }
            int c = peek();
            boolean inArray = open.peek() instanceof NoNames;
            if (c == ',') {
                index++;
                if (!inArray) {
                    skipWhitespace();
                    String name = member(open.peek());
                    if (name != null) {
                        return name;
                    }
                }
                expectValue = true;
            } else if (c == (inArray ? ']' : '}')) {
                index++;
                open.pop();
            } else {
                return "expected ',' or the end of the " + (inArray ? "array" : "object");
            }
        }
    }

    /** Reads {@code "name":}; null when fine. */
    private String member(Set<String> names) {
        if (peek() != '"') {
            return "expected a property name";
        }
        StringBuilder name = new StringBuilder();
        String problem = string(name);
        if (problem != null) {
            return problem;
        }
        if (!names.add(name.toString())) {
            return "duplicate property name '" + name + "'";
        }
        skipWhitespace();
        if (peek() != ':') {
            return "expected ':'";
        }
        index++;
        return null;
    }

    private String scalar() {
        int c = peek();
        if (c == '"') {
            return string(null);
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            return number();
        }
        for (String literal : new String[] {"true", "false", "null"}) {
            if (text.startsWith(literal, index)) {
                index += literal.length();
                return null;
            }
        }
        return "unexpected character";
    }

    private String string(StringBuilder decoded) {
        index++; // opening quote
        while (index < text.length()) {
            char c = text.charAt(index++);
            if (c == '"') {
                return null;
            }
            if (c < 0x20) {
                return "control character in a string";
            }
            if (c != '\\') {
                if (decoded != null) {
                    decoded.append(c);
                }
                continue;
            }
            if (index >= text.length()) {
                break;
            }
            char escape = text.charAt(index++);
            int value;
            switch (escape) {
                case '"', '\\', '/' -> value = escape;
                case 'b' -> value = '\b';
                case 'f' -> value = '\f';
                case 'n' -> value = '\n';
                case 'r' -> value = '\r';
                case 't' -> value = '\t';
                case 'u' -> {
                    if (index + 4 > text.length()) {
                        return "bad \\u escape";
                    }
                    value = 0;
                    for (int i = 0; i < 4; i++) {
                        int digit = Character.digit(text.charAt(index++), 16);
                        if (digit < 0) {
                            return "bad \\u escape";
                        }
                        value = value * 16 + digit;
                    }
                }
                default -> {
                    return "bad escape";
                }
            }
            if (decoded != null) {
                decoded.append((char) value);
            }
        }
        return "unterminated string";
    }

    private String number() {
        if (peek() == '-') {
            index++;
        }
        if (peek() == '0') {
            index++;
        } else if (!digits()) {
            return "bad number";
        }
        if (peek() == '.') {
            index++;
            if (!digits()) {
                return "bad number";
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            index++;
            if (peek() == '+' || peek() == '-') {
                index++;
            }
            if (!digits()) {
                return "bad number";
            }
        }
        return null;
    }

    private boolean digits() {
        int start = index;
        while (index < text.length() && text.charAt(index) >= '0' && text.charAt(index) <= '9') {
            index++;
        }
        return index > start;
    }

    private int peek() {
        return index < text.length() ? text.charAt(index) : -1;
    }

    private void skipWhitespace() {
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            index++;
        }
    }

    /** The frame of an array: it has no names. */
    private static final class NoNames extends HashSet<String> {
        private static final long serialVersionUID = 1L;
    }
}
