package dev.idem.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.idem.regex.EcmaRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One judge: the processor accepts a {@code @Param} pattern exactly when the runtime's ECMA-262 engine does. */
class PatternJudgeTest {
    /** Valid ECMA-262 (Unicode mode) that java.util.regex refuses or reads differently. */
    static final List<String> TRICKY_VALID = List.of("^(?<year>\\d{4})-\\k<year>$", "(?<=\\$)\\d+", "(?<!a+)b",
            "^\\p{Script=Greek}+$", "^\\p{sc=Cyrillic}$", "\\u{1F600}", "^[\\u{1F600}-\\u{1F64F}]+$",
            "[a&&b]", "[]", "[^]", "^\\cJ$", "\\p{L}\\P{Lu}", "\\p{General_Category=Letter}", "(?<𝒜>x)\\k<𝒜>",
            "(?<$x>a)", "a{2,}", "\\0", "[\\b]", "\\/", "\\u0041", "[\\-]",
            "^(a)|\\1$", "\\k<n>(?<n>a)");
    private static final String[] ATOMS = {"a", "\\d", "\\w", ".", "\\p{L}", "\\p{Script=Greek}", "[a-z]", "[^x]", "[]",
            "[^]", "\\u{1F600}", "\\u0041", "\\x41", "\\cA", "[a&&b]", "\\b", "^", "$", "\\@", "\\Z", "\\A", "]", "}", "{",
            "\\p{Alpha}", "\\pL", "\\k<n>", "\\1", "\\-", "[\\-]", "\\/", "\\q", "(?i)", "\\Q", "\\z", "\\h", "😀"};
    private static final String[] QUANTIFIERS = {"", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "*?", "++", "{,2}", "{3,1}"};

    @Test
    void theProcessorAcceptsAPatternExactlyWhenTheRuntimeEngineDoes() {
        List<String> patterns = new ArrayList<>(TRICKY_VALID);
        Random random = new Random(494L);
        for (int i = 0; i < 300; i++) {
            patterns.add(generate(random, 0));
        }
        for (int from = 0; from < patterns.size(); from += 110) {
            judgeAlike(patterns.subList(from, Math.min(patterns.size(), from + 110)));
        }
    }

    @Test
    void validEcmaPatternsJavaReadsOtherwiseAreAccepted() {
        assertThat(TRICKY_VALID.stream().filter(pattern -> !runtimeAccepts(pattern)).toList()).isEmpty();
    }

    private static void judgeAlike(List<String> patterns) {
        List<String> body = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            body.add("/** T. */ @Tool public static String t" + i + "(@Param(pattern = " + PatternTextTest.java(patterns.get(i))
                    + ") String s) { return s; }");
        }
        JavaFileObject source = Compile.toolsClass("", body.toArray(String[]::new));
        Compilation compilation = Compile.compile(source);
        Set<Long> refusedLines = new TreeSet<>();
        for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.errors()) {
            assertThat(diagnostic.getMessage(null)).matches("(?s)\\[Idem/(JavaOnlyPattern|InvalidPattern)].*");
            refusedLines.add(diagnostic.getLineNumber());
        }
        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            boolean processorAccepts = !refusedLines.contains((long) (8 + i));
            if (processorAccepts != runtimeAccepts(patterns.get(i))) {
                disagreements.add(PatternTextTest.java(patterns.get(i)) + (processorAccepts ? " accepted" : " refused"));
            }
        }
        assertThat(disagreements).as("processor verdicts that differ from the runtime engine's").isEmpty();
    }

    static boolean runtimeAccepts(String pattern) {
        try {
            EcmaRegex.compile(pattern);
            return true;
        } catch (RuntimeException refused) {
            return false;
        }
    }

    private static String generate(Random random, int depth) {
        StringBuilder out = new StringBuilder();
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            int kind = random.nextInt(depth < 2 ? 10 : 7);
            String atom = switch (kind) {
                case 7 -> "(" + generate(random, depth + 1) + ")";
                case 8 -> List.of("(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>", "(?<m>").get(random.nextInt(7))
                        + generate(random, depth + 1) + ")";
                case 9 -> generate(random, depth + 1) + "|" + generate(random, depth + 1);
                default -> ATOMS[random.nextInt(ATOMS.length)];
            };
            out.append(atom).append(QUANTIFIERS[random.nextInt(QUANTIFIERS.length)]);
        }
        return out.toString();
    }
}
