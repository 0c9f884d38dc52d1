package dev.idem.regex;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;

/**
 * The {@code \p{...}} property escapes of ECMA-262's Unicode mode that this engine can enforce
 * exactly with the JDK's character data: every {@code General_Category} value, {@code Script}
 * values, and the binary properties listed in {@link #BINARY}. Names are case-sensitive, as in
 * ECMA-262. Anything else valid in ECMA-262 ({@code Script_Extensions}, emoji properties, ...) is
 * refused as unsupported rather than guessed.
 */
final class UnicodeProperties {
    private static final Map<String, CodePointSet> CACHE = new ConcurrentHashMap<>();
    private static final Map<String, int[]> CATEGORIES = new HashMap<>();
    private static final Map<String, String> CATEGORY_ALIASES = new HashMap<>();
    private static final Map<String, String> BINARY = new HashMap<>();

    static {
        category("Lu", "Uppercase_Letter", Character.UPPERCASE_LETTER);
        category("Ll", "Lowercase_Letter", Character.LOWERCASE_LETTER);
        category("Lt", "Titlecase_Letter", Character.TITLECASE_LETTER);
        category("Lm", "Modifier_Letter", Character.MODIFIER_LETTER);
        category("Lo", "Other_Letter", Character.OTHER_LETTER);
        category("Mn", "Nonspacing_Mark", Character.NON_SPACING_MARK);
        category("Mc", "Spacing_Mark", Character.COMBINING_SPACING_MARK);
        category("Me", "Enclosing_Mark", Character.ENCLOSING_MARK);
        category("Nd", "Decimal_Number", Character.DECIMAL_DIGIT_NUMBER);
        category("Nl", "Letter_Number", Character.LETTER_NUMBER);
        category("No", "Other_Number", Character.OTHER_NUMBER);
        category("Pc", "Connector_Punctuation", Character.CONNECTOR_PUNCTUATION);
        category("Pd", "Dash_Punctuation", Character.DASH_PUNCTUATION);
        category("Ps", "Open_Punctuation", Character.START_PUNCTUATION);
        category("Pe", "Close_Punctuation", Character.END_PUNCTUATION);
        category("Pi", "Initial_Punctuation", Character.INITIAL_QUOTE_PUNCTUATION);
        category("Pf", "Final_Punctuation", Character.FINAL_QUOTE_PUNCTUATION);
        category("Po", "Other_Punctuation", Character.OTHER_PUNCTUATION);
        category("Sm", "Math_Symbol", Character.MATH_SYMBOL);
        category("Sc", "Currency_Symbol", Character.CURRENCY_SYMBOL);
        category("Sk", "Modifier_Symbol", Character.MODIFIER_SYMBOL);
        category("So", "Other_Symbol", Character.OTHER_SYMBOL);
        category("Zs", "Space_Separator", Character.SPACE_SEPARATOR);
        category("Zl", "Line_Separator", Character.LINE_SEPARATOR);
        category("Zp", "Paragraph_Separator", Character.PARAGRAPH_SEPARATOR);
        category("Cc", "Control", Character.CONTROL);
        category("Cf", "Format", Character.FORMAT);
        category("Cs", "Surrogate", Character.SURROGATE);
        category("Co", "Private_Use", Character.PRIVATE_USE);
        category("Cn", "Unassigned", Character.UNASSIGNED);
        category("LC", "Cased_Letter", Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER);
        group("L", "Letter", "Lu", "Ll", "Lt", "Lm", "Lo");
        group("M", "Mark", "Mn", "Mc", "Me");
        group("N", "Number", "Nd", "Nl", "No");
        group("P", "Punctuation", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po");
        group("S", "Symbol", "Sm", "Sc", "Sk", "So");
        group("Z", "Separator", "Zs", "Zl", "Zp");
        group("C", "Other", "Cc", "Cf", "Cs", "Co", "Cn");
        CATEGORY_ALIASES.put("Combining_Mark", "M");
        CATEGORY_ALIASES.put("digit", "Nd");
        CATEGORY_ALIASES.put("punct", "P");
        CATEGORY_ALIASES.put("cntrl", "Cc");
        binary("ASCII", "ASCII");
        binary("ASCII_Hex_Digit", "ASCII_Hex_Digit", "AHex");
        binary("Alphabetic", "Alphabetic", "Alpha");
        binary("Any", "Any");
        binary("Assigned", "Assigned");
        binary("Ideographic", "Ideographic", "Ideo");
        binary("Lowercase", "Lowercase", "Lower");
        binary("Uppercase", "Uppercase", "Upper");
        binary("White_Space", "White_Space", "space");
        binary("Hex_Digit", "Hex_Digit", "Hex");
    }

    private UnicodeProperties() {}

    /**
     * The set named by {@code \p{expression}}.
     *
     * @throws IllegalArgumentException (message: what is wrong) for names ECMA-262 does not know
     * @throws UnsupportedOperationException for names it knows that this engine cannot enforce
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
            set = switch (name) {
                case "General_Category", "gc" -> category(value);
                case "Script", "sc" -> script(value);
                case "Script_Extensions", "scx" -> throw new UnsupportedOperationException(
                        "the Script_Extensions property is not supported");
                default -> throw new IllegalArgumentException("unknown Unicode property '" + name + "'");
            };
        }
        CACHE.put(expression, set);
        return set;
    }

    private static CodePointSet lone(String name) {
        if (CATEGORIES.containsKey(name) || CATEGORY_ALIASES.containsKey(name)) {
            return category(name);
        }
        String binary = BINARY.get(name);
        if (binary == null) {
            throw new UnsupportedOperationException("the Unicode property '" + name + "' is not supported");
        }
        return switch (binary) {
            case "ASCII" -> CodePointSet.range(0, 0x7F);
            case "ASCII_Hex_Digit" -> new CodePointSet.Builder().add('0', '9').add('A', 'F').add('a', 'f').build();
            case "Hex_Digit" -> new CodePointSet.Builder().add('0', '9').add('A', 'F').add('a', 'f')
                    .add(0xFF10, 0xFF19).add(0xFF21, 0xFF26).add(0xFF41, 0xFF46).build();
            case "Alphabetic" -> CodePointSet.matching(Character::isAlphabetic);
            case "Any" -> CodePointSet.ALL;
            case "Assigned" -> CodePointSet.matching(cp -> Character.getType(cp) != Character.UNASSIGNED);
            case "Ideographic" -> CodePointSet.matching(Character::isIdeographic);
            case "Lowercase" -> CodePointSet.matching(Character::isLowerCase);
            case "Uppercase" -> CodePointSet.matching(Character::isUpperCase);
            case "White_Space" -> new CodePointSet.Builder().add(0x09, 0x0D).add(0x20, 0x20).add(0x85, 0x85)
                    .add(0xA0, 0xA0).add(0x1680, 0x1680).add(0x2000, 0x200A).add(0x2028, 0x2029)
                    .add(0x202F, 0x202F).add(0x205F, 0x205F).add(0x3000, 0x3000).build();
            default -> throw new IllegalStateException(binary);
        };
    }

    private static CodePointSet category(String value) {
        String canonical = CATEGORY_ALIASES.getOrDefault(value, value);
        int[] types = CATEGORIES.get(canonical);
        if (types == null) {
            throw new IllegalArgumentException("unknown General_Category value '" + value + "'");
        }
        IntPredicate test = cp -> {
            int type = Character.getType(cp);
            for (int wanted : types) {
                if (type == wanted) {
                    return true;
                }
            }
            return false;
        };
        return CodePointSet.matching(test);
    }

    private static CodePointSet script(String value) {
        Character.UnicodeScript script;
        try {
            script = Character.UnicodeScript.forName(value);
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("unknown Script value '" + value + "'");
        }
        // ECMA-262 names are case-sensitive: the long name (Old_Italic) or the four-letter code (Ital).
        boolean longName = value.equals(titleCase(script.name()));
        boolean code = value.length() == 4 && Character.isUpperCase(value.charAt(0))
                && value.substring(1).equals(value.substring(1).toLowerCase(Locale.ROOT));
        if (!longName && !code) {
            throw new IllegalArgumentException("unknown Script value '" + value + "'");
        }
        return CodePointSet.matching(cp -> Character.UnicodeScript.of(cp) == script);
    }

    private static String titleCase(String constant) {
        StringBuilder out = new StringBuilder(constant.length());
        boolean start = true;
        for (char c : constant.toCharArray()) {
            out.append(start ? c : Character.toLowerCase(c));
            start = c == '_';
        }
        return out.toString();
    }

    private static void category(String shortName, String longName, int... types) {
        CATEGORIES.put(shortName, types);
        CATEGORY_ALIASES.put(longName, shortName);
    }

    private static void group(String shortName, String longName, String... members) {
        int[] types = new int[members.length];
        for (int i = 0; i < members.length; i++) {
            types[i] = CATEGORIES.get(members[i])[0];
        }
        category(shortName, longName, types);
    }

    private static void binary(String canonical, String... names) {
        for (String name : names) {
            BINARY.put(name, canonical);
        }
    }
}
