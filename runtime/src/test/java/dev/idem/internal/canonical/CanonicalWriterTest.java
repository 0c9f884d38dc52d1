package dev.idem.internal.canonical;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The canonical form is what idempotency keys hash: one spelling per value, a different one for every other. */
class CanonicalWriterTest {
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private static String json(String text) {
        CanonicalWriter out = new CanonicalWriter();
        out.json(STRICT.readTree(text));
        return out.toString();
    }

    @Test
    void objectsAreSortedAtEveryDepthWithoutWhitespace() {
        assertThat(json("{ \"b\" : [ {\"z\":1,\"a\":2}, [] , {} ], \"a\" : null, \"B\":true }"))
                .isEqualTo("{\"B\":true,\"a\":null,\"b\":[{\"a\":2,\"z\":1},[],{}]}");
    }

    @Test
    void numbersAreWrittenByValue() {
        assertThat(json("[1, 1.0, 1e0, 10e-1, 100, 1e2, 0.0, -0.0, 1.50, 1e-3, 123456789012345678901234567890]"))
                .isEqualTo("[1,1,1,1,100,100,0,0,1.5,0.001,123456789012345678901234567890]");
        // A short literal with a huge exponent keeps its short form instead of a hundred million digits.
        assertThat(json("[1e100000000]")).isEqualTo("[1E+100000000]");
        CanonicalWriter typed = new CanonicalWriter();
        typed.beginArray();
        typed.integer(1);
        typed.decimal(1.0);
        typed.decimal(1.0f);
        typed.decimal(new BigDecimal("1.000"));
        typed.integer(BigInteger.ONE);
        typed.decimal(0.1);
        typed.endArray();
        assertThat(typed.toString()).isEqualTo("[1,1,1,1,1,0.1]");
    }

    @Test
    void stringsUseShortEscapesAndUtf8AndKeepLoneSurrogatesDistinct() {
        CanonicalWriter out = new CanonicalWriter();
        out.beginArray();
        out.string("q\"b\\n\nr\rt\t\u0001é€😀");
        out.string("a\uD800");
        out.string("a?");
        out.endArray();
        assertThat(out.toString()).isEqualTo("[\"q\\\"b\\\\n\\nr\\rt\\t\\u0001é€😀\",\"a\\ud800\",\"a?\"]");
    }

    @Test
    void typedValuesAreSpelledAsTheTreeSpellsTheirText() {
        CanonicalWriter typed = new CanonicalWriter();
        typed.beginObject();
        typed.name("day");
        typed.text(LocalDate.of(2026, 12, 1));
        typed.name("m");
        Map<String, Integer> map = new LinkedHashMap<>();
        map.put("z", 1);
        map.put("a", 2);
        typed.sortedEntries(map, (o, v) -> o.integer(v));
        typed.name("ok");
        typed.bool(true);
        typed.name("x");
        typed.character('x');
        typed.endObject();
        assertThat(typed.toString()).isEqualTo(json("{\"x\":\"x\",\"ok\":true,\"m\":{\"a\":2,\"z\":1},\"day\":\"2026-12-01\"}"));
    }

    @Test
    void theDigestSeesExactlyTheBytesWrittenAndResetStartsOver() throws Exception {
        CanonicalWriter out = new CanonicalWriter();
        out.beginObject();
        out.name("long");
        out.string("x".repeat(5_000)); // past the first buffer
        out.endObject();
        out.reset();
        out.beginObject();
        out.name("k");
        out.string("é");
        out.endObject();
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        out.updateDigest(digest);
        byte[] expected = MessageDigest.getInstance("SHA-256").digest("{\"k\":\"é\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(digest.digest()).isEqualTo(expected);
        assertThat(out.length()).isEqualTo("{\"k\":\"é\"}".getBytes(StandardCharsets.UTF_8).length);
    }
}
