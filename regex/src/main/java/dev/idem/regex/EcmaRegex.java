package dev.idem.regex;

/**
 * A regular expression with ECMA-262 semantics (Unicode mode), as JSON Schema's {@code pattern}
 * means it: {@code $} only at the very end (never before a final line terminator), {@code .}
 * anything but {@code \n \r \u2028 \u2029}, {@code \d \w \b} ASCII, {@code \s} Unicode white
 * space, code points rather than UTF-16 units. {@link #find} looks for a match anywhere, as the
 * {@code pattern} keyword does.
 *
 * <p>Matching never overflows the thread's stack, and without back references it takes at most
 * (pattern size x text length) steps, so patterns that hang backtracking engines
 * ({@code ^(.*a){12}$}) answer at once. With back references a deadline bounds the search.
 *
 * <pre>{@code
 * EcmaRegex currency = EcmaRegex.compile("^[A-Z]{3}$");
 * currency.find("USD");      // true
 * currency.find("USD\n");    // false (java.util.regex says true)
 * }</pre>
 *
 * Immutable and thread-safe.
 */
public final class EcmaRegex {
    private final String pattern;
    private final Compiler.Compiled compiled;
    private final RegexNode root;

    private EcmaRegex(String pattern, RegexNode root, Compiler.Compiled compiled) {
        this.pattern = pattern;
        this.root = root;
        this.compiled = compiled;
    }

    /**
     * Compiles {@code pattern}.
     *
     * @param pattern an ECMA-262 regular expression
     * @return the compiled pattern
     * @throws RegexSyntaxException when {@code pattern} is not ECMA-262 syntax, or uses something
     *     this engine does not enforce ({@link RegexSyntaxException#unsupported()})
     */
    public static EcmaRegex compile(String pattern) {
        RegexParser.Parsed parsed = RegexParser.parse(pattern);
        return new EcmaRegex(pattern, parsed.root(), Compiler.compile(parsed));
    }

    /**
     * The pattern as written.
     *
     * @return the pattern given to {@link #compile}
     */
    public String pattern() {
        return pattern;
    }

    /**
     * Whether the pattern matches somewhere in {@code text}, however long that takes.
     *
     * @param text the text searched
     * @return true when the pattern matches
     */
    public boolean find(String text) {
        return new Matcher(compiled, text, 0, false).find();
    }

    /**
     * Whether the pattern matches somewhere in {@code text}.
     *
     * @param text the text searched
     * @param deadlineNanos a {@link System#nanoTime()} value
     * @return true when the pattern matches
     * @throws RegexLimitException when the answer is not known by then, or would need too much memory
     */
    public boolean find(String text, long deadlineNanos) {
        return new Matcher(compiled, text, deadlineNanos, true).find();
    }

    /**
     * Why this pattern would make backtracking engines slow on some inputs (nested or adjacent
     * overlapping quantifiers), or {@code null}.
     *
     * @return what makes the pattern risky, or {@code null} when nothing does
     */
    public String backtrackingRisk() {
        return BacktrackingRisk.of(root);
    }

    @Override
    public String toString() {
        return pattern;
    }
}
