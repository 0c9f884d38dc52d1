package dev.idem.regex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** ECMA-262 pattern semantics, as JSON Schema's {@code pattern} keyword means them. */
class EcmaRegexTest {

    private static boolean find(String pattern, String text) {
        return EcmaRegex.compile(pattern).find(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"USD\n", "USD\r\n", "USD\r", "USD\u2028", "USD\u2029", "USD\u0085"})
    void dollarMatchesOnlyAtTheVeryEndNeverBeforeAFinalLineTerminator(String text) {
        assertThat(find("^[A-Z]{3}$", text)).isFalse();
        assertThat(find("^[A-Z]{3}$", "USD")).isTrue();
        assertThat(Pattern.compile("^[A-Z]{3}$").matcher("USD\n").find()).as("java.util.regex differs").isTrue();
    }

    @Test
    void caretMatchesOnlyAtTheVeryStart() {
        assertThat(find("^USD", "\nUSD")).isFalse();
        assertThat(find("USD", "xUSDx")).as("unanchored: anywhere").isTrue();
    }

    @Test
    void dotIsAnyCodePointButTheFourLineTerminators() {
        assertThat(find("^a.c$", "a\u0085c")).isTrue();
        assertThat(find("^a.c$", "a\uD83D\uDE00c")).as("one code point, two UTF-16 units").isTrue();
        for (String terminator : new String[] {"\n", "\r", "\u2028", "\u2029"}) {
            assertThat(find("^a.c$", "a" + terminator + "c")).as(terminator).isFalse();
        }
        assertThat(find("^[^]$", "\n")).as("[^] is anything").isTrue();
    }

    @Test
    void classEscapesAreAsciiExceptWhiteSpace() {
        assertThat(find("^\\d$", "\u0663")).as("Arabic-Indic three is not \\d").isFalse();
        assertThat(find("^\\w$", "é")).isFalse();
        assertThat(find("^\\s$", "\u00a0")).isTrue();
        assertThat(find("^\\s$", "\ufeff")).isTrue();
        assertThat(find("^\\s$", "\u2003")).isTrue();
        assertThat(find("^\\s$", "\u0085")).as("NEL is not ECMA-262 white space").isFalse();
        assertThat(find("\\bcat\\b", "a cat!")).isTrue();
        assertThat(find("\\bcat\\b", "écat")).as("é is not a word character").isTrue();
        assertThat(find("\\Bcat", "bobcat")).isTrue();
    }

    @Test
    void unicodeModeReadsCodePointsAndPropertyEscapes() {
        assertThat(find("^\\p{Letter}+$", "Ünïcødé")).isTrue();
        assertThat(find("^\\p{L}+$", "abc1")).isFalse();
        assertThat(find("^\\p{Lu}$", "É")).isTrue();
        assertThat(find("^\\P{Lu}$", "é")).isTrue();
        assertThat(find("^\\p{Script=Greek}+$", "αβγ")).isTrue();
        assertThat(find("^\\p{sc=Grek}+$", "αβγ")).isTrue();
        assertThat(find("^\\p{Alpha}$", "é")).as("ECMA-262's Alpha is Unicode Alphabetic, not ASCII").isTrue();
        assertThat(find("^\\u{1F600}$", "\uD83D\uDE00")).isTrue();
        assertThat(find("^\\uD83D\\uDE00$", "\uD83D\uDE00")).isTrue();
        assertThat(find("^[\\u{1F600}-\\u{1F64F}]$", "\uD83D\uDE03")).isTrue();
        assertThat(find("^.$", "\uD83D\uDE00")).isTrue();
        assertThat(find("^..$", "\uD83D\uDE00")).isFalse();
        assertThat(find("^\\t\\cJ\\x41\\0$", "\t\nA\0")).isTrue();
    }

    @Test
    void groupsLookaroundsAndBackReferencesFollowEcma262() {
        assertThat(find("^(a+)\\1$", "aaaa")).isTrue();
        assertThat(find("^(a+)\\1$", "aaa")).isFalse();
        assertThat(find("^(?<x>[a-z])\\k<x>$", "zz")).isTrue();
        assertThat(find("^(?:(a)|b)\\1c$", "bc")).as("a group that did not take part matches empty").isTrue();
        assertThat(find("^(?:(a)|b)+\\1$", "ab")).as("captures are cleared on every iteration").isTrue();
        assertThat(find("(?<=\\$)\\d+", "cost $42")).isTrue();
        assertThat(find("(?<!\\$)\\b\\d+", "$42")).isFalse();
        assertThat(find("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abc123")).isTrue();
        assertThat(find("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abcdef")).isFalse();
        assertThat(find("^(?!.*bad).*$", "a bad day")).isFalse();
        assertThat(find("(?<=(\\d)(\\d))x\\2\\1", "12x21")).as("lookbehind captures, read backwards").isTrue();
        assertThat(find("^(?:a*)*$", "aaa")).isTrue();
        assertThat(find("^(?:a|)*b$", "aab")).isTrue();
        assertThat(find("^a{2,3}$", "aaaa")).isFalse();
        assertThat(find("^a{2,}?$", "aaaa")).isTrue();
        assertThat(find("^(?:ab){0}c$", "c")).isTrue();
        assertThat(find("^[a-c-e]$", "-")).isTrue();
        assertThat(find("^[\\b]$", "\b")).isTrue();
        assertThat(find("^[]$", "a")).as("the empty class matches nothing").isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\\p{Alpha}++\\Z | possessive quantifiers are Java-only syntax",
        "^a\\Z | \\Z is Java-only syntax",
        "\\Aa | \\A is Java-only syntax",
        "(?i)abc | inline flags or modifiers",
        "(?>a) | atomic groups",
        "a{ | lone '{'",
        "a} | lone '}'",
        "] | lone ']'",
        "\\a | \\a is Java-only syntax",
        "\\q | invalid escape \\q",
        "\\01 | octal escapes are not allowed",
        "(a)\\2 | back reference \\2 to a group that does not exist",
        "\\k<x> | back reference to unknown group name 'x'",
        "[b-a] | range out of order",
        "[\\d-z] | a class escape cannot be the end of a range",
        "(?=a)* | cannot be quantified",
        "(?<=a)? | cannot be quantified",
        "*a | nothing to repeat",
        "a** | nothing to repeat",
        "a{3,2} | numbers out of order",
        "(a | unterminated group",
        "a) | unmatched ')'",
        "[a | unterminated character class",
        "\\p{Foo} | unknown Unicode property 'Foo'",
        "\\p{Letter | unterminated",
        "\\x4 | \\x must be followed by two hexadecimal digits",
        "\\u{110000} | invalid \\u{...} escape",
        "(?<a>x)(?<a>y) | duplicate group name 'a'",
        "\\c1 | \\c must be followed by an ASCII letter",
        "- \\- | invalid escape \\-",
    })
    void syntaxEcma262DoesNotHaveIsRefusedWithAReason(String pattern, String reason) {
        assertThatThrownBy(() -> EcmaRegex.compile(pattern.trim()))
                .isInstanceOf(RegexSyntaxException.class)
                .hasMessageContaining(reason.trim());
    }

    @Test
    void unsupportedButValidSyntaxIsToldApartFromInvalidSyntax() {
        RegexSyntaxException modifiers = (RegexSyntaxException) catchThrowable("(?i:a)");
        assertThat(modifiers.unsupported()).isTrue();
        RegexSyntaxException huge = (RegexSyntaxException) catchThrowable("a{1,100000}");
        assertThat(huge.unsupported()).isTrue();
        RegexSyntaxException javaOnly = (RegexSyntaxException) catchThrowable("a\\z");
        assertThat(javaOnly.unsupported()).isFalse();
        assertThat(javaOnly.index()).isEqualTo(1);
    }

    private static Throwable catchThrowable(String pattern) {
        try {
            EcmaRegex.compile(pattern);
        } catch (RegexSyntaxException e) {
            return e;
        }
        throw new AssertionError("compiled: " + pattern);
    }

    @Test
    void alternationInsideARepetitionOnALongTextNeitherOverflowsTheStackNorSlows() {
        String text = "ab".repeat(500_000);
        long start = System.nanoTime();
        assertThat(find("^(a|b)*$", text)).isTrue();
        assertThat(find("^(ab|cd)*$", text)).isTrue();
        assertThat(find("^(ab|cd)*$", text + "c")).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void patternsThatHangBacktrackingEnginesAnswerAtOnce() {
        long start = System.nanoTime();
        assertThat(find("^(.*a){12}$", "a".repeat(69) + "b")).isFalse();
        assertThat(find("^(a+)+$", "a".repeat(10_000) + "!")).isFalse();
        assertThat(find("^(a|aa)*c$", "a".repeat(10_000))).isFalse();
        assertThat(find("(\\d+,?)+x", "1".repeat(5_000))).isFalse();
        assertThat(find("^(?=(a*)*b)", "a".repeat(2_000))).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void withBackReferencesTheDeadlineEndsTheSearch() {
        EcmaRegex exponential = EcmaRegex.compile("^(x?)(a|aa)*\\1b$");
        long start = System.nanoTime();
        assertThatThrownBy(() -> exponential.find("a".repeat(80), System.nanoTime() + 200_000_000L))
                .isInstanceOf(RegexLimitException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void backtrackingRiskNamesNestedAndAdjacentOverlappingQuantifiers() {
        for (String risky : new String[] {"^(.*a){12}$", "^(a+)+$", "(\\d+,?)+", "^(a|ab)*$", "\\d+\\d*", "^(\\w+\\s?)*$"}) {
            assertThat(EcmaRegex.compile(risky).backtrackingRisk()).as(risky).isNotNull();
        }
        for (String safe : new String[] {"^[A-Z]{3}$", "^([a-z]+\\.)+[a-z]+$", "^(ab+c)+$", "^(a|b)*$", "^\\d{5}(-\\d{4})?$",
                "^[a-z0-9_-]{3,16}$", "^\\S+@\\S+$"}) {
            assertThat(EcmaRegex.compile(safe).backtrackingRisk()).as(safe).isNull();
        }
    }

    /**
     * On the syntax both dialects read alike, and texts without line terminators, the answers equal
     * java.util.regex's; with and without the memo (a back reference to an empty group turns it off).
     */
    @Test
    void agreesWithJavaRegexOnTheirCommonGroundWithAndWithoutMemo() {
        Random random = new Random(20261201L);
        String[] atoms = {"a", "b", "[ab]", "[^a]", ".", "\\d", "(a|b)", "(ab|a)", "(?:a|bb)", "x"};
        String[] quantifiers = {"", "", "*", "+", "?", "{2}", "{1,3}", "*?", "+?"};
        for (int trial = 0; trial < 5_000; trial++) {
            StringBuilder pattern = new StringBuilder(random.nextBoolean() ? "^" : "");
            int terms = 1 + random.nextInt(5);
            for (int t = 0; t < terms; t++) {
                String atom = atoms[random.nextInt(atoms.length)];
                if (random.nextInt(6) == 0) {
                    atom = "(" + atom + atoms[random.nextInt(atoms.length)] + ")";
                }
                pattern.append(atom).append(quantifiers[random.nextInt(quantifiers.length)]);
            }
            if (random.nextBoolean()) {
                pattern.append('$');
            }
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(random.nextBoolean() ? 9 : 30);
            for (int i = 0; i < length; i++) {
                text.append("ab1x"
                        .charAt(random.nextInt(4)));
            }
            boolean expected = Pattern.compile(pattern.toString()).matcher(text).find();
            assertThat(find(pattern.toString(), text.toString())).as("/%s/ on \"%s\"", pattern, text).isEqualTo(expected);
            String withoutMemo = "(?:" + pattern + ")()\\" + (countGroups(pattern.toString()) + 1);
            assertThat(find(withoutMemo, text.toString())).as("/%s/ on \"%s\"", withoutMemo, text).isEqualTo(expected);
        }
    }

    private static int countGroups(String pattern) {
        int groups = 0;
        for (int i = 0; i < pattern.length(); i++) {
            if (pattern.charAt(i) == '(' && (i + 1 >= pattern.length() || pattern.charAt(i + 1) != '?')) {
                groups++;
            }
        }
        return groups;
    }
}
