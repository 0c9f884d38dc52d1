package dev.idem.generated;

import dev.idem.regex.EcmaRegex;

/**
 * A compiled ECMA-262 pattern of a {@link Shape}: the one file of the generated-code contract that
 * knows the regex engine.
 */
final class Pattern {
    private final EcmaRegex regex;

    private Pattern(EcmaRegex regex) {
        this.regex = regex;
    }

    static Pattern compile(String pattern) {
        return new Pattern(EcmaRegex.compile(pattern));
    }

    EcmaRegex regex() {
        return regex;
    }
}
