package dev.idem.processor.writing;

import java.util.ArrayList;
import java.util.List;

/**
 * The long string literals of a generated source (the descriptors' schemas and descriptions),
 * kept out of JavaPoet's rendering: JavaPoet splits every {@code $L} on line breaks with a regular
 * expression and feeds it through its line wrapper, twice per file (once to collect the imports),
 * which for 200 tools' schemas was a third of the processor's rendering time. Deferred, each
 * literal is rendered as a short placeholder, {@code U+0000}, its number, {@code U+0000}, and put
 * in after rendering; the text is the one JavaPoet would have written, character for character,
 * because these literals sit on lines of their own with no wrapping point after them.
 *
 * <pre>{@code
 * LongLiterals literals = LongLiterals.deferred();
 * code.add(".inputSchema($L)\n", literals.of(schemaText));
 * ...
 * String text = literals.substitute(rendered); // null: render again with LongLiterals.inline()
 * }</pre>
 */
final class LongLiterals {
    private static final char MARK = '\u0000';

    private final boolean deferred;
    private final List<String> literals = new ArrayList<>();

    private LongLiterals(boolean deferred) {
        this.deferred = deferred;
    }

    /** Literals rendered as placeholders, for {@link #substitute}. */
    static LongLiterals deferred() {
        return new LongLiterals(true);
    }

    /** Literals rendered in place, as {@link StringLiteral#of} writes them. */
    static LongLiterals inline() {
        return new LongLiterals(false);
    }

    /** {@code text} as a Java literal to pass as {@code $L}, or the placeholder that stands for it. */
    String of(String text) {
        String literal = StringLiteral.of(text);
        if (!deferred) {
            return literal;
        }
        literals.add(literal);
        return MARK + Integer.toString(literals.size() - 1) + MARK;
    }

    /**
     * {@code rendered} with each placeholder replaced by its literal; {@code null} unless every
     * {@code U+0000} of {@code rendered} belongs to a placeholder and each placeholder occurs once
     * (a user's text written raw somewhere, in a comment, could hold one: the source is then
     * rendered again with {@link #inline()}). Inline literals need no substitution.
     */
    String substitute(CharSequence rendered) {
        if (!deferred) {
            return rendered.toString();
        }
        int length = rendered.length();
        int extra = 0;
        for (String literal : literals) {
            extra += literal.length();
        }
        StringBuilder out = new StringBuilder(length + extra);
        boolean[] used = new boolean[literals.size()];
        int found = 0;
        int start = 0;
        for (int i = 0; i < length; i++) {
            if (rendered.charAt(i) != MARK) {
                continue;
            }
            int end = i + 1;
            int number = 0;
            while (end < length && end - i <= 9 && rendered.charAt(end) >= '0' && rendered.charAt(end) <= '9') {
                number = number * 10 + (rendered.charAt(end) - '0');
                end++;
            }
            if (end == i + 1 || end >= length || rendered.charAt(end) != MARK || number >= used.length || used[number]) {
                return null;
            }
            used[number] = true;
            found++;
            out.append(rendered, start, i).append(literals.get(number));
            start = end + 1;
            i = end;
        }
        if (found != literals.size()) {
            return null;
        }
        return out.append(rendered, start, length).toString();
    }
}
