package dev.idem.regex;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.text.UnicodeSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's Unicode data is that of one stated version (16.0), whatever JDK runs it: compared
 * in full with ICU4J 76 (which carries Unicode 16.0), code point by code point for every property
 * value and alias ECMA-262 names.
 */
class UnicodeTablesTest {
    private static final Path MAIN = Path.of("src/main/java/dev/idem/regex");

    @Test
    void thePropertyTablesAreThoseOfUnicode16_0() {
        assertThat(UCharacter.getUnicodeVersion().toString()).startsWith("16.0.");
        List<String> differ = new ArrayList<>();
        int values = 0;
        for (Map.Entry<List<String>, UnicodeSet> category : UnicodeTablesGenerator.categories().entrySet()) {
            for (String name : category.getKey()) {
                values += compare(differ, category.getValue(), name, "gc=" + name, "General_Category=" + name);
            }
        }
        for (int script : UnicodeTablesGenerator.scripts()) {
            UnicodeSet only = UnicodeTablesGenerator.script(UProperty.SCRIPT, script);
            UnicodeSet extended = UnicodeTablesGenerator.script(UProperty.SCRIPT_EXTENSIONS, script);
            for (String name : UnicodeTablesGenerator.names(UProperty.SCRIPT, script)) {
                values += compare(differ, only, "sc=" + name, "Script=" + name);
                values += compare(differ, extended, "scx=" + name, "Script_Extensions=" + name);
            }
        }
        for (String binary : UnicodeTablesGenerator.BINARY) {
            for (String name : UnicodeTablesGenerator.names(UCharacter.getPropertyEnum(binary))) {
                values += compare(differ, UnicodeTablesGenerator.binary(binary), name);
            }
        }
        values += compare(differ, new UnicodeSet(0, 0x10FFFF), "Any");
        values += compare(differ, new UnicodeSet(0, 0x7F), "ASCII");
        values += compare(differ, new UnicodeSet("[:^gc=Cn:]"), "Assigned");
        // \s is ECMA-262's WhiteSpace and LineTerminator; group names are ID_Start ID_Continue*
        values += compare(differ, RegexParser.SPACE, new UnicodeSet("[\\t\\n\\u000B\\f\\r\\uFEFF\\u2028\\u2029[:Zs:]]"), "\\s");
        values += compare(differ, UnicodeProperties.idStart(), new UnicodeSet("[:ID_Start:]"), "group name start");
        values += compare(differ, UnicodeProperties.idContinue(), new UnicodeSet("[:ID_Continue:]"), "group name part");
        assertThat(differ).as("property values whose code points differ from Unicode 16.0").isEmpty();
        // every alias of 38 General_Category values, every script (sc and scx), 50 binary properties, and more
        assertThat(values).isGreaterThan(1000);
        System.out.printf("compared %,d property expressions x %,d code points with Unicode 16.0%n", values, 0x110000);
    }

    @Test
    void theGeneratedTablesAreUpToDate() throws IOException {
        assertThat(Files.readString(MAIN.resolve("UnicodeTables.java"), StandardCharsets.UTF_8))
                .as("UnicodeTables.java differs from what UnicodeTablesGenerator writes: run it (see its Javadoc)")
                .isEqualTo(UnicodeTablesGenerator.render());
    }

    /**
     * Nothing in the engine asks the running JDK about Unicode: only Character's UTF-16 arithmetic
     * is used, never its character data, java.util.regex or case mapping.
     */
    @Test
    void theEngineAnswersTheSameOnEveryJdk() throws IOException {
        Pattern characterUse = Pattern.compile("Character\\.(\\w+)");
        List<String> unicodeIndependent = List.of("charCount", "toChars", "isHighSurrogate", "isLowSurrogate",
                "toCodePoint", "MAX_CODE_POINT");
        List<String> found = new ArrayList<>();
        try (Stream<Path> sources = Files.list(MAIN)) {
            for (Path source : sources.filter(path -> path.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(source);
                java.util.regex.Matcher use = characterUse.matcher(text.replaceAll("(?m)^\\s*(/\\*\\*|\\*).*$", ""));
                while (use.find()) {
                    if (!unicodeIndependent.contains(use.group(1))) {
                        found.add(source.getFileName() + ": Character." + use.group(1));
                    }
                }
                for (String banned : List.of("import java.util.regex", "UnicodeScript", "UnicodeBlock", "toLowerCase(",
                        "toUpperCase(", "equalsIgnoreCase(", "Locale")) {
                    if (text.contains(banned)) {
                        found.add(source.getFileName() + ": " + banned);
                    }
                }
            }
        }
        assertThat(found).as("JDK character data used by the engine").isEmpty();
        // characters that Unicode 13 (JDK 17) did not have, as Unicode 16.0 has them
        assertThat(EcmaRegex.compile("^\\p{Lo}$").find(new String(Character.toChars(0x11F04)))).isTrue(); // Kawi, 15.0
        assertThat(EcmaRegex.compile("^\\p{Script=Garay}+$").find(new String(Character.toChars(0x10D4A)))).isTrue();
        assertThat(EcmaRegex.compile("^\\p{Emoji}$").find(new String(Character.toChars(0x1FAE8)))).isTrue(); // 15.0
        assertThat(EcmaRegex.compile("^\\p{Cn}$").find(new String(Character.toChars(0x1FAE8)))).isFalse();
        assertThat(EcmaRegex.compile("^(?<a\u0CF3>x)$").find("x")).isTrue(); // U+0CF3: ID_Continue since 15.0
    }

    private static int compare(List<String> differ, UnicodeSet expected, String... expressions) {
        for (String expression : expressions) {
            CodePointSet actual;
            try {
                actual = UnicodeProperties.resolve(expression);
            } catch (RuntimeException refused) {
                differ.add(expression + ": " + refused.getMessage());
                continue;
            }
            compare(differ, actual, expected, expression);
        }
        return expressions.length;
    }

    private static int compare(List<String> differ, CodePointSet actual, UnicodeSet expected, String what) {
        CodePointSet.Builder builder = new CodePointSet.Builder();
        for (int i = 0; i < expected.getRangeCount(); i++) {
            builder.add(expected.getRangeStart(i), expected.getRangeEnd(i));
        }
        if (!actual.equals(builder.build())) {
            differ.add(what);
        }
        return 1;
    }
}
