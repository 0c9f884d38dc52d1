package dev.idem.regex;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.text.UnicodeSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code UnicodeTables.java}, the engine's Unicode data, from ICU4J (test scope only, so
 * idem-regex keeps no runtime dependency). Run it after changing the pinned version (the ICU4J
 * release in regex/pom.xml and {@link #UNICODE_VERSION}); {@code UnicodeTablesTest} fails while the
 * committed file differs from what this writes:
 *
 * <pre>
 * mvn -B -q -pl regex test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.idem.regex.UnicodeTablesGenerator
 * </pre>
 *
 * <p>Each property value becomes a string of the boundaries of its ranges (a start, then the first
 * code point after it, and so on), each as the distance from the previous boundary in base 32:
 * digits {@code '#'..'B'} come before the last digit, {@code ']'..'|'} end a number. No quote, no
 * backslash, so a literal needs no escape.
 */
public final class UnicodeTablesGenerator {
    /** The Unicode version the engine pins; ICU4J 76 carries it. */
    static final String UNICODE_VERSION = "16.0";
    static final Path TARGET = Path.of("src/main/java/dev/idem/regex/UnicodeTables.java");

    /** ECMA-262's binary properties that are Unicode properties (ASCII, Any and Assigned are not). */
    static final List<String> BINARY = List.of("ASCII_Hex_Digit", "Alphabetic", "Bidi_Control", "Bidi_Mirrored",
            "Case_Ignorable", "Cased", "Changes_When_Casefolded", "Changes_When_Casemapped", "Changes_When_Lowercased",
            "Changes_When_NFKC_Casefolded", "Changes_When_Titlecased", "Changes_When_Uppercased", "Dash",
            "Default_Ignorable_Code_Point", "Deprecated", "Diacritic", "Emoji", "Emoji_Component", "Emoji_Modifier",
            "Emoji_Modifier_Base", "Emoji_Presentation", "Extended_Pictographic", "Extender", "Grapheme_Base",
            "Grapheme_Extend", "Hex_Digit", "IDS_Binary_Operator", "IDS_Trinary_Operator", "ID_Continue", "ID_Start",
            "Ideographic", "Join_Control", "Logical_Order_Exception", "Lowercase", "Math", "Noncharacter_Code_Point",
            "Pattern_Syntax", "Pattern_White_Space", "Quotation_Mark", "Radical", "Regional_Indicator",
            "Sentence_Terminal", "Soft_Dotted", "Terminal_Punctuation", "Unified_Ideograph", "Uppercase",
            "Variation_Selector", "White_Space", "XID_Continue", "XID_Start");

    /** General_Category values: the 30 categories, then the groups ECMA-262 names. */
    static final List<String> CATEGORIES = List.of("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No",
            "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co",
            "Cn", "LC", "L", "M", "N", "P", "S", "Z", "C");

    private UnicodeTablesGenerator() {}

    public static void main(String[] args) throws IOException {
        // run from the module (surefire, an IDE) or from the reactor's root (exec:java with -pl regex)
        Path target = args.length > 0 ? Path.of(args[0]) : Files.isDirectory(TARGET.getParent()) ? TARGET
                : Path.of("regex").resolve(TARGET);
        Files.writeString(target, render(), StandardCharsets.UTF_8);
        System.out.println("wrote " + target.toAbsolutePath());
    }

    /** Every alias of a property value (short, long, others), as ICU names it. */
    static List<String> names(int property, int value) {
        List<String> names = new ArrayList<>();
        for (int choice = 0; ; choice++) {
            String name;
            try {
                name = UCharacter.getPropertyValueName(property, value, choice);
            } catch (IllegalArgumentException noMore) {
                break;
            }
            if (name != null && !names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** Every alias of a binary property. */
    static List<String> names(int property) {
        List<String> names = new ArrayList<>();
        for (int choice = 0; ; choice++) {
            String name;
            try {
                name = UCharacter.getPropertyName(property, choice);
            } catch (IllegalArgumentException noMore) {
                break;
            }
            if (name != null && !names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** The General_Category values, by their aliases, with their code points. */
    static Map<List<String>, UnicodeSet> categories() {
        Map<List<String>, UnicodeSet> out = new LinkedHashMap<>();
        for (String name : CATEGORIES) {
            int mask = UCharacter.getPropertyValueEnum(UProperty.GENERAL_CATEGORY_MASK, name);
            out.put(names(UProperty.GENERAL_CATEGORY_MASK, mask),
                    new UnicodeSet().applyIntPropertyValue(UProperty.GENERAL_CATEGORY_MASK, mask).freeze());
        }
        return out;
    }

    /**
     * The scripts that some character has (in its Script_Extensions at least): ICU also knows ISO
     * 15924 codes that the Unicode Character Database does not (Latf), and Katakana_Or_Hiragana,
     * which the UCD names but gives no character, V8 refuses.
     */
    static List<Integer> scripts() {
        List<Integer> out = new ArrayList<>();
        for (int script = 0; script <= UCharacter.getIntPropertyMaxValue(UProperty.SCRIPT); script++) {
            if (!script(UProperty.SCRIPT_EXTENSIONS, script).isEmpty()) {
                out.add(script);
            }
        }
        return out;
    }

    static UnicodeSet script(int property, int script) {
        return new UnicodeSet().applyIntPropertyValue(property, script).freeze();
    }

    static UnicodeSet binary(String name) {
        return new UnicodeSet().applyIntPropertyValue(UCharacter.getPropertyEnum(name), 1).freeze();
    }

    static String render() {
        if (!UCharacter.getUnicodeVersion().toString().startsWith(UNICODE_VERSION + ".")) {
            throw new IllegalStateException("ICU4J carries Unicode " + UCharacter.getUnicodeVersion()
                    + ", not " + UNICODE_VERSION + ": change the icu4j version in regex/pom.xml");
        }
        StringBuilder out = new StringBuilder();
        out.append("package dev.idem.regex;\n\n")
                .append("/**\n")
                .append(" * The Unicode ").append(UNICODE_VERSION)
                .append(" data of the engine: the code points of every General_Category, Script,\n")
                .append(" * Script_Extensions and binary property value ECMA-262 names, by any of its aliases. Written by\n")
                .append(" * {@code UnicodeTablesGenerator} (regex/src/test) from ICU4J ")
                .append(com.ibm.icu.util.VersionInfo.ICU_VERSION.getMajor()).append('.')
                .append(com.ibm.icu.util.VersionInfo.ICU_VERSION.getMinor()).append("; do not edit.\n")
                .append(" * Each value is a string of range boundaries (see {@link UnicodeProperties#decode}); a\n")
                .append(" * literal is loaded only when its case is taken, so unused properties cost nothing.\n")
                .append(" */\n")
                .append("final class UnicodeTables {\n")
                .append("    /** The Unicode version of these tables. */\n")
                .append("    static final String UNICODE_VERSION = \"").append(UNICODE_VERSION).append("\";\n\n")
                .append("    private UnicodeTables() {}\n");

        List<String> cases = new ArrayList<>();
        for (Map.Entry<List<String>, UnicodeSet> category : categories().entrySet()) {
            cases.add(caseOf(category.getKey(), encode(category.getValue())));
        }
        method(out, "generalCategory", "General_Category", cases);

        cases = new ArrayList<>();
        List<String> extensions = new ArrayList<>();
        for (int script : scripts()) {
            List<String> names = names(UProperty.SCRIPT, script);
            UnicodeSet only = script(UProperty.SCRIPT, script);
            UnicodeSet extended = script(UProperty.SCRIPT_EXTENSIONS, script);
            cases.add(caseOf(names, encode(only)));
            extensions.add(only.equals(extended) ? labels(names) + " -> script(value);"
                    : caseOf(names, encode(extended)));
        }
        method(out, "script", "Script", cases);
        method(out, "scriptExtensions", "Script_Extensions", extensions);

        cases = new ArrayList<>();
        for (String name : BINARY) {
            cases.add(caseOf(names(UCharacter.getPropertyEnum(name)), encode(binary(name))));
        }
        method(out, "binary", "binary property", cases);
        return out.append("}\n").toString();
    }

    private static void method(StringBuilder out, String method, String what, List<String> cases) {
        out.append("\n    /** The ranges of the ").append(what).append(" value {@code value}, or null if there is none. */\n")
                .append("    static String ").append(method).append("(String value) {\n")
                .append("        return switch (value) {\n");
        for (String item : cases) {
            out.append("            ").append(item).append('\n');
        }
        out.append("            default -> null;\n        };\n    }\n");
    }

    private static String labels(List<String> names) {
        StringBuilder out = new StringBuilder("case ");
        for (int i = 0; i < names.size(); i++) {
            out.append(i == 0 ? "" : ", ").append('"').append(names.get(i)).append('"');
        }
        return out.toString();
    }

    /** A case with its literal cut in lines of 100 characters (javac joins them into one constant). */
    private static String caseOf(List<String> names, String ranges) {
        StringBuilder out = new StringBuilder(labels(names)).append(" ->");
        for (int i = 0; i < ranges.length(); i += 100) {
            out.append(i == 0 ? " " : "\n                    + ")
                    .append('"').append(ranges, i, Math.min(ranges.length(), i + 100)).append('"');
        }
        return out.append(ranges.isEmpty() ? " \"\";" : ";").toString();
    }

    /** The boundaries of {@code set}'s ranges, each as its distance from the previous one. */
    static String encode(UnicodeSet set) {
        StringBuilder out = new StringBuilder();
        int previous = 0;
        for (int i = 0; i < set.getRangeCount(); i++) {
            int start = set.getRangeStart(i);
            int after = set.getRangeEnd(i) + 1;
            number(out, start - previous);
            number(out, after - start);
            previous = after;
        }
        return out.toString();
    }

    private static void number(StringBuilder out, int value) {
        int shift = 0;
        while (value >>> (shift + 5) != 0) {
            shift += 5;
        }
        for (; shift > 0; shift -= 5) {
            out.append((char) ('#' + ((value >>> shift) & 31)));
        }
        out.append((char) (']' + (value & 31)));
    }
}
