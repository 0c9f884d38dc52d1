package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Period;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Schemas say exactly what binds: fixed-size numbers carry their Java range (narrowed by declared
 * bounds), and {@code Duration}, {@code Period} and {@code char} carry a pattern of what their
 * parser accepts instead of a {@code format} the binder does not mean.
 */
class NaturalRangeSchemaTest {
    private static final JsonNode PROPERTIES = properties();

    private static JsonNode properties() {
        JavaFileObject source = Compile.source("test.Ranges",
                "package test;",
                "import dev.idem.*;",
                "/** Ranges. */",
                "public class Ranges {",
                "  /** All. */ @Tool public int all(byte b, short s, int i, long l, float f, double d, Long boxed,",
                "      @Param(min = 1, max = 1e30) int bounded, @Param(min = -1e300) float wide,",
                "      java.time.Duration wait, java.time.Period every, char c) { return 1; }",
                "}");
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        String resource = Compile.generatedText(compilation, JavaFileObject.Kind.OTHER, "META-INF/idem/tools/test.Ranges.json");
        return JsonMapper.builder().build().readTree(resource).at("/tools/0/inputSchema/properties");
    }

    private static BigDecimal bound(String property, String keyword) {
        return PROPERTIES.get(property).get(keyword).decimalValue();
    }

    @Test
    void fixedSizeIntegersCarryTheirJavaRangeExactly() {
        assertThat(bound("b", "minimum")).isEqualByComparingTo("-128");
        assertThat(bound("b", "maximum")).isEqualByComparingTo("127");
        assertThat(bound("s", "minimum")).isEqualByComparingTo("-32768");
        assertThat(bound("s", "maximum")).isEqualByComparingTo("32767");
        assertThat(bound("i", "minimum")).isEqualByComparingTo("-2147483648");
        assertThat(bound("i", "maximum")).isEqualByComparingTo("2147483647");
        assertThat(bound("l", "minimum")).isEqualByComparingTo("-9223372036854775808");
        assertThat(bound("l", "maximum")).isEqualByComparingTo("9223372036854775807");
        assertThat(bound("boxed", "maximum")).isEqualByComparingTo("9223372036854775807");
    }

    @Test
    void floatCarriesTheFiniteFloatRangeAndDoubleNone() {
        assertThat(bound("f", "maximum")).isEqualByComparingTo(new BigDecimal(Float.MAX_VALUE));
        assertThat(bound("f", "minimum")).isEqualByComparingTo(new BigDecimal(-Float.MAX_VALUE));
        assertThat(PROPERTIES.get("d").has("minimum")).isFalse();
    }

    @Test
    void declaredBoundsNarrowTheNaturalRangeAndNeverWidenIt() {
        assertThat(bound("bounded", "minimum")).isEqualByComparingTo("1");
        assertThat(bound("bounded", "maximum")).isEqualByComparingTo("2147483647");
        assertThat(bound("wide", "minimum")).isEqualByComparingTo(new BigDecimal(-Float.MAX_VALUE));
    }

    @Test
    void durationAndPeriodDeclareNoFormatTheBinderDoesNotMean() {
        assertThat(PROPERTIES.get("wait").has("format")).isFalse();
        assertThat(PROPERTIES.get("every").has("format")).isFalse();
    }

    @Test
    void durationPatternAcceptsExactlyWhatDurationParseAccepts() {
        assertPatternAgrees("wait", new String[] {"1", "42", "-7", "+3", "5.5", "1,25", "3.", "D", "d", "H", "M", "m", "S", "s", "T", "t", "Y", "W"}, text -> {
            try {
                Duration.parse(text);
                return true;
            } catch (RuntimeException refused) {
                return false;
            }
        });
    }

    @Test
    void periodPatternAcceptsExactlyWhatPeriodParseAccepts() {
        assertPatternAgrees("every", new String[] {"1", "42", "-7", "+3", "5.5", "Y", "y", "M", "m", "W", "w", "D", "d", "T", "H"}, text -> {
            try {
                Period.parse(text);
                return true;
            } catch (RuntimeException refused) {
                return false;
            }
        });
    }

    @Test
    void charPatternAcceptsOneUtf16UnitNotAnEmoji() {
        Pattern pattern = Pattern.compile(PROPERTIES.get("c").get("pattern").asString());
        assertThat(pattern.matcher("x").find()).isTrue();
        assertThat(pattern.matcher("\u00e9").find()).isTrue();
        assertThat(pattern.matcher("\uD83D\uDE00").find()).isFalse();
        assertThat(pattern.matcher("xy").find()).isFalse();
    }

    /** Seeded texts of a few tokens (no amount can overflow): pattern and parser agree on each. */
    private static void assertPatternAgrees(String property, String[] tokens, Predicate<String> parses) {
        Pattern pattern = Pattern.compile(PROPERTIES.get(property).get("pattern").asString());
        long seed = Long.getLong("idem.schema.seed", 20261201L);
        Random random = new Random(seed);
        int accepted = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder text = new StringBuilder(random.nextInt(8) == 0 ? "" : random.nextInt(5) == 0 ? "-P" : "P");
            int length = random.nextInt(7);
            for (int k = 0; k < length; k++) {
                text.append(tokens[random.nextInt(tokens.length)]);
            }
            boolean expected = parses.test(text.toString());
            accepted += expected ? 1 : 0;
            assertThat(pattern.matcher(text).find()).as("'%s' (seed %d)", text, seed).isEqualTo(expected);
        }
        assertThat(accepted).as("texts the parser accepted").isGreaterThan(100);
    }
}
