package dev.idem.processor.writing;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The text of a generated source, safe to write in UTF-8 and to read: every character UTF-8
 * cannot hold (a lone surrogate from a user's pattern or description would become {@code ?}),
 * every invisible or line-separating one (U+2028, U+2029, the byte order mark, bidirectional
 * controls) and every control character other than tab, line feed and carriage return is written
 * as its Unicode escape, which javac reads as exactly that character (JLS 3.3), in a string
 * literal as anywhere else.
 *
 * <pre>{@code
 * String text = SourceText.escape(SourceText.render(file));
 * }</pre>
 */
final class SourceText {

    private SourceText() {}

    /**
     * The whole source of {@code file}, rendered at once, not yet escaped.
     *
     * @param file the generated file
     * @return its rendered text
     */
    static StringBuilder render(JavaFile file) {
        // Rendered whole, then written once: JavaPoet appends in small pieces, and each piece
        // written straight to the filer's writer would go through its encoder on its own.
        StringBuilder text = new StringBuilder(64 * 1024);
        try {
            file.writeTo(text);
        } catch (IOException cannotHappen) {
            throw new UncheckedIOException(cannotHappen);
        }
        return text;
    }

    /** {@code text} with every character that needs it written as a Unicode escape. */
    static String escape(CharSequence text) {
        int first = 0;
        int length = text.length();
        // Printable ASCII, tab and the line ends never need an escape: most sources are only that.
        while (first < length && plain(text.charAt(first))) {
            first++;
        }
        if (first == length) {
            return text.toString();
        }
        StringBuilder out = new StringBuilder(length + 16).append(text, 0, first);
        int backslashes = 0;
        while (backslashes < first && text.charAt(first - 1 - backslashes) == '\\') {
            backslashes++;
        }
        for (int i = first; i < length; i++) {
            char c = text.charAt(i);
            if (!plain(c) && needsEscape(text, i)) {
                if (backslashes % 2 == 1) {
                    // an odd run of backslashes would make ours a literal "\\u": write the last as an escape too
                    out.setLength(out.length() - 1);
                    out.append("\\u005c");
                }
                out.append(String.format("\\u%04x", (int) c));
                backslashes = 0;
                continue;
            }
            backslashes = c == '\\' ? backslashes + 1 : 0;
            out.append(c);
        }
        return out.toString();
    }

    /** Printable ASCII, tab, line feed or carriage return: never escaped. */
    private static boolean plain(char c) {
        return c >= ' ' && c < 0x7f || c == '\n' || c == '\r' || c == '\t';
    }

    /** Whether the character at {@code i} must be written as a Unicode escape. */
    static boolean needsEscape(CharSequence text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
        }
        if (c == '\t' || c == '\n' || c == '\r') {
            return false;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }
}
