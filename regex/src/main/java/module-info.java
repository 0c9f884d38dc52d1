/**
 * Idem's ECMA-262 regular expression engine (the {@code u} flag), as JSON Schema's {@code pattern}
 * means it; no dependencies.
 */
module dev.idem.regex {
    exports dev.idem.regex;
}
