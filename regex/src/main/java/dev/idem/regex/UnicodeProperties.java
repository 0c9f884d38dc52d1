package dev.idem.regex;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code \p{...}} property escapes of ECMA-262's Unicode mode, answered from the engine's own
 * tables ({@link UnicodeTables}, Unicode {@value UnicodeTables#UNICODE_VERSION}), never from the
 * running JDK: every {@code General_Category}, {@code Script} and {@code Script_Extensions} value and
 * every binary property ECMA-262 lists, by any of their aliases. Names are case-sensitive, as in
 * ECMA-262. The properties of strings ({@code RGI_Emoji}, the {@code v} flag's) are not valid in
 * the {@code u} mode JSON Schema uses.
 */
final class UnicodeProperties {
    private static final Map<String, CodePointSet> CACHE = new ConcurrentHashMap<>();

    private UnicodeProperties() {}

    /**
     * The set named by {@code \p{expression}}.
     *
     * @throws IllegalArgumentException (message: what is wrong) for names ECMA-262 does not know
     */
    static CodePointSet resolve(String expression) {
        CodePointSet cached = CACHE.get(expression);
        if (cached != null) {
            return cached;
        }
        CodePointSet set;
        int equals = expression.indexOf('=');
        if (equals < 0) {
            set = lone(expression);
        } else {
            String name = expression.substring(0, equals);
            String value = expression.substring(equals + 1);
            String ranges = switch (name) {
                case "General_Category", "gc" -> UnicodeTables.generalCategory(value);
                case "Script", "sc" -> UnicodeTables.script(value);
                case "Script_Extensions", "scx" -> UnicodeTables.scriptExtensions(value);
                default -> throw new IllegalArgumentException("unknown Unicode property '" + name + "'");
            };
            if (ranges == null) {
                throw new IllegalArgumentException("unknown " + name + " value '" + value + "'");
            }
            set = decode(ranges);
        }
        CACHE.put(expression, set);
        return set;
    }

    /** ID_Start, as ECMA-262's group names need it. */
    static CodePointSet idStart() {
        return resolve("ID_Start");
    }

    /** ID_Continue, as ECMA-262's group names need it. */
    static CodePointSet idContinue() {
        return resolve("ID_Continue");
    }

    private static CodePointSet lone(String name) {
        switch (name) {
            case "Any":
                return CodePointSet.ALL;
            case "ASCII":
                return CodePointSet.range(0, 0x7F);
            case "Assigned":
                return decode(UnicodeTables.generalCategory("Cn")).complement();
            default:
                break;
        }
        String ranges = UnicodeTables.generalCategory(name);
        if (ranges == null) {
            ranges = UnicodeTables.binary(name);
        }
        if (ranges == null) {
            throw new IllegalArgumentException("unknown Unicode property '" + name + "'");
        }
        return decode(ranges);
    }

    /**
     * The set whose range boundaries {@code ranges} holds: each boundary (a start, then the first
     * code point after that range, and so on) as its distance from the previous one, in base 32,
     * digits {@code '#'..'B'} before the last digit {@code ']'..'|'}.
     */
    static CodePointSet decode(String ranges) {
        CodePointSet.Builder builder = new CodePointSet.Builder();
        int boundary = 0;
        int start = -1;
        int value = 0;
        for (int i = 0; i < ranges.length(); i++) {
            char digit = ranges.charAt(i);
            if (digit < ']') {
                value = value * 32 + (digit - '#');
                continue;
            }
            boundary += value * 32 + (digit - ']');
            value = 0;
            if (start < 0) {
                start = boundary;
            } else {
                builder.add(start, boundary - 1);
                start = -1;
            }
        }
        return builder.build();
    }
}
