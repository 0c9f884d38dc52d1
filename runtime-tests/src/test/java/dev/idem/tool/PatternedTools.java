package dev.idem.tool;

import dev.idem.Param;
import dev.idem.Tool;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Tools for the totality tests, compiled by the processor (its ECMA-262 patterns, checked by a
 * reader bounded by the call's deadline): each takes one string parameter {@code value}, checked
 * against its pattern, and counts its body runs.
 */
public class PatternedTools {
    /** Every tool's timeout, which also bounds the pattern checks. */
    static final long TIMEOUT_MS = 300;
    /**
     * The nested pattern's timeout: it needs no deadline (the check is linear), and the first call
     * of a cold JVM on a loaded machine can spend {@link #TIMEOUT_MS} loading the call's route.
     */
    static final long UNHURRIED_TIMEOUT_MS = 10_000;
    /** Alternation inside a repetition: java.util.regex overflows its stack on long texts. */
    static final String PAIRS = "pairs";
    /** Exponential with a back reference, whatever the engine: only the deadline ends it. */
    static final String EXPONENTIAL = "exponential";
    /** Nested quantifiers: hangs backtracking engines, linear here. */
    static final String NESTED = "nested";
    /** No pattern at all. */
    static final String NOTE = "note";

    final AtomicInteger runs = new AtomicInteger();

    /**
     * Pairs of letters.
     *
     * @param value a and b only
     */
    @Tool(name = PAIRS, timeoutMs = TIMEOUT_MS)
    public String pairs(@Param(pattern = "^(a|b)*$") String value) {
        return ok(value);
    }

    /**
     * A back reference.
     *
     * @param value a text
     */
    @Tool(name = EXPONENTIAL, timeoutMs = TIMEOUT_MS)
    public String exponential(@Param(pattern = "^(x?)(a|aa)*\\1b$") String value) {
        return ok(value);
    }

    /**
     * Nested quantifiers.
     *
     * @param value a text
     */
    @Tool(name = NESTED, timeoutMs = UNHURRIED_TIMEOUT_MS)
    public String nested(@Param(pattern = "^(.*a){12}$") String value) {
        return ok(value);
    }

    /**
     * Any text.
     *
     * @param value a text
     */
    @Tool(name = NOTE, timeoutMs = TIMEOUT_MS)
    public String note(String value) {
        return ok(value);
    }

    private String ok(String value) {
        runs.incrementAndGet();
        return "ok " + value.length();
    }
}
