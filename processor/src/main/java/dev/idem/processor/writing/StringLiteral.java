package dev.idem.processor.writing;

/**
 * A Java string literal for any text a user wrote (a pattern, a description, a JSON name), to pass
 * to JavaPoet as {@code $L}: JavaPoet's {@code $S} writes U+2028 and U+2029 raw and then breaks
 * the line there (it splits code on {@code \R}), which cuts the literal in two, and writes lone
 * surrogates raw, which UTF-8 turns into {@code ?}. Here every character outside printable ASCII
 * that could be misread (controls, format characters, separators, surrogates without their
 * pair) is a Unicode escape, which javac reads as exactly that character.
 *
 * <pre>{@code
 * code.add(".description($L)\n", StringLiteral.of(tool.description()));
 * }</pre>
 */
final class StringLiteral {

    private StringLiteral() {}

    /** {@code text} as a double-quoted Java literal. */
    static String of(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (SourceText.needsEscape(text, i)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
