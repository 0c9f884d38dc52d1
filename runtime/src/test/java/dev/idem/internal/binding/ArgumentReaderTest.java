package dev.idem.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.regex.EcmaRegex;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The binder accepts exactly what the schema accepts, in JSON Schema 2020-12's meaning (issue 10, point 2). */
class ArgumentReaderTest {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final ArgumentReader reader = new ArgumentReader();

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    private boolean reads(String method, String json) {
        ArgumentReader fresh = new ArgumentReader();
        Object value = switch (method) {
            case "date" -> fresh.readLocalDate(json(json), "p");
            case "instant" -> fresh.readInstant(json(json), "p");
            case "offset" -> fresh.readOffsetDateTime(json(json), "p");
            case "zoned" -> fresh.readZonedDateTime(json(json), "p");
            case "time" -> fresh.readOffsetTime(json(json), "p");
            case "localTime" -> fresh.readLocalTime(json(json), "p");
            case "local" -> fresh.readLocalDateTime(json(json), "p");
            case "duration" -> fresh.readDuration(json(json), "p");
            case "period" -> fresh.readPeriod(json(json), "p");
            case "char" -> fresh.readChar(json(json), "p");
            case "double" -> fresh.readDouble(json(json), "p");
            case "float" -> fresh.readFloat(json(json), "p");
            case "big" -> fresh.readBigInteger(json(json), "p");
            case "byte" -> fresh.readByte(json(json), "p");
            case "long" -> fresh.readLong(json(json), "p");
            default -> throw new IllegalArgumentException(method);
        };
        assertThat(value == null).as("a refusal is a problem").isEqualTo(fresh.problemCount() > 0);
        return value != null;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "date | \"2026-12-01\" | true", "date | \"0000-02-29\" | true", "date | \"2024-02-29\" | true",
        "date | \"-0001-01-01\" | false", "date | \"+10000-01-01\" | false", "date | \"2026-02-29\" | false",
        "date | \"1900-02-29\" | false", "date | \"2026-12-01Z\" | false", "date | \"2026-1-01\" | false",
        "instant | \"2026-12-01T10:15:30Z\" | true", "instant | \"2026-12-01t10:15:30z\" | true",
        "instant | \"2026-12-01T10:15Z\" | false", "instant | \"2026-12-01T10:15:30\" | false",
        "instant | \"1998-12-31T23:59:60Z\" | true", "instant | \"1998-12-31T15:59:60.5-08:00\" | true",
        "instant | \"1979-12-31T23:59:60Z\" | true", "instant | \"2026-12-31T23:59:60Z\" | false",
        "instant | \"1998-12-31T23:58:60Z\" | false", "instant | \"2026-12-01T10:15:30.123456789012+23:59\" | true",
        "instant | \"2026-12-01T10:15:30+24:00\" | false", "instant | \"2026-12-01T10:15:30+01:00[Europe/Paris]\" | false",
        "offset | \"2026-12-01T10:15:30+18:00\" | true", "offset | \"2026-12-01T10:15:30+18:01\" | false",
        "offset | \"2026-12-01T10:15:30-00:00\" | true", "zoned | \"2026-12-01T10:15:30+01:00\" | true",
        "zoned | \"2026-12-01T10:15:30+01:00[Europe/Paris]\" | false",
        "time | \"23:59:60Z\" | true", "time | \"22:59:60-01:00\" | true", "time | \"23:59:60+01:00\" | false",
        "time | \"10:15:30\" | false", "time | \"10:15Z\" | false",
        "localTime | \"10:15\" | true", "localTime | \"10:15:30.123456789123\" | true", "localTime | \"24:00\" | false",
        "localTime | \"10:15:30Z\" | false", "local | \"2024-02-29T10:15\" | true", "local | \"2023-02-29T10:15\" | false",
        "local | \"2026-12-01 10:15\" | false",
        "duration | \"PT15M\" | true", "duration | \"P1DT12H\" | true", "duration | \"PT1H2S\" | true",
        "duration | \"PT1.5S\" | true", "duration | \"-PT1H\" | true", "duration | \"pt1h\" | true",
        "duration | \"P1234567890123D\" | true", "duration | \"P12345678901234D\" | false", "duration | \"P2W\" | false",
        "duration | \"P1Y\" | false", "duration | \"P1M\" | false", "duration | \"PT\" | false",
        "period | \"P1Y2M3D\" | true", "period | \"P2W\" | true", "period | \"P1Y2D\" | true", "period | \"P-1D\" | true",
        "period | \"P99999999W\" | true", "period | \"P100000000W\" | false", "period | \"P1234567890D\" | false",
        "period | \"PT1H\" | false",
        "char | \"é\" | true", "char | \"\\uFFFF\" | true", "char | \"\\uD800\" | true", "char | \"\\uD83D\\uDE00\" | false",
        "char | \"ab\" | false", "char | \"\" | false",
        "double | 1.7976931348623157E308 | true", "double | 1e400 | true", "double | -1e400 | true", "double | 1e-400 | true",
        "double | \"1\" | false", "float | 340282346638528859811704183484516925440 | true", "float | 3.4028234E38 | true",
        "float | 3.4028235E38 | false",
        "big | 1E+299 | true", "big | 1E+300 | false", "big | 1E+2147483647 | false", "big | 1.5 | false",
        "byte | 127.0 | true", "byte | 12700e-2 | true", "byte | 128 | false", "byte | 1E+2147483647 | false",
        "long | 9223372036854775807 | true", "long | 9223372036854775808 | false", "long | 1e19 | false",
    })
    void bindsExactlyWhatTheSchemaAccepts(String method, String json, boolean expected) {
        assertThat(reads(method, json)).as("%s %s", method, json).isEqualTo(expected);
    }

    @Test
    void leapSecondsBindToTheLastNanosecondOfTheirMinute() {
        assertThat(reader.readInstant(json("\"1998-12-31T23:59:60Z\""), "p")).isEqualTo(Instant.parse("1998-12-31T23:59:59.999999999Z"));
        assertThat(reader.readOffsetDateTime(json("\"2026-12-01T10:15:30.123456789012+01:00\""), "p"))
                .isEqualTo(OffsetDateTime.parse("2026-12-01T10:15:30.123456789+01:00"));
        assertThat(reader.readLocalTime(json("\"10:15\""), "p")).isEqualTo(LocalTime.of(10, 15));
        assertThat(reader.readDuration(json("\"P2DT1.5S\""), "p")).isEqualTo(Duration.ofDays(2).plusMillis(1500));
        assertThat(reader.readDouble(json("1e400"), "p")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(reader.readPeriod(json("\"P2W\""), "p")).isEqualTo(Period.ofDays(14));
    }

    @Test
    void boundsAreComparedWithTheExactDecimalNeverARoundedDouble() {
        BigDecimal max = new BigDecimal("99.5");
        JsonNode justAbove = json("99.500000000000001");
        assertThat(reader.range(reader.readDouble(justAbove, "p"), justAbove, null, max, "p")).isNull();
        assertThat(reader.problems()).containsExactly("parameter 'p' must be at most 99.5, was 99.500000000000001");
        JsonNode same = json("99.50");
        assertThat(new ArgumentReader().range(99.5, same, null, max, "p")).isEqualTo(99.5);
    }

    @Test
    void uniqueItemsIsJsonEqualityNumbersByValueObjectsWhateverTheirKeyOrder() {
        assertThat(new ArgumentReader().readSet(json("[2.5, 2.50]"), "p", reader::readBigDecimal)).isNotNull();
        for (String duplicates : new String[] {"[2.5, 2.50]", "[1, 1.0]", "[1E+2, 100]", "[{\"a\":1,\"b\":[2]},{\"b\":[2.0],\"a\":1}]"}) {
            ArgumentReader fresh = new ArgumentReader();
            fresh.readSet(json(duplicates), "p", fresh::readJson);
            assertThat(fresh.problems()).as(duplicates).singleElement().asString().contains("must not contain duplicate items");
        }
        ArgumentReader fresh = new ArgumentReader();
        Set<Float> floats = fresh.readSet(json("[0.1, 0.10000000000000001]"), "p", fresh::readFloat);
        assertThat(fresh.problems()).as("distinct JSON numbers: no duplicate for the schema").isEmpty();
        assertThat(floats).containsExactly(0.1f);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "date | 2026-12-01 | true", "date | 2026-12-01Z | false", "date-time | 2026-12-01T10:15:30+23:59 | true",
        "time | 23:59:60Z | true", "duration | P1Y2M3DT4H5M6S | true", "duration | p1d | true", "duration | P1Y2D | false",
        "duration | PT1H2S | false", "duration | P1W2D | false", "duration | PT | false",
        "uuid | 123E4567-e89b-12d3-a456-426614174000 | true", "uuid | 123e4567e89b12d3a456426614174000 | false",
        "email | joe.bloggs@example.com | true", "email | \"joe bloggs\"@example.com | true", "email | a@[IPv6:::1] | true",
        "email | a@[IPv6:::ffff:1.2.3.4] | true", "email | a@[IPv6::ffff:1.2.3.4] | false", "email | a@[tag:stuff] | true", "email | a@[127.0.0.256] | false",
        "email | a@1.2.3.4 | true", "email | joe@example | true", "email | josé@example.com | false", "email | .joe@x.com | false",
        "email | jo..e@x.com | false", "email | joe.@x.com | false", "email | joe@-x.com | false", "email | a@[IPv6:1:2:3:4:5:6:7::8] | false",
    })
    void stringFormatsAreEnforcedAsTheVocabularyDefinesThem(String format, String value, boolean valid) {
        ArgumentReader fresh = new ArgumentReader();
        assertThat(fresh.format(value, format, "p") != null).as("%s %s", format, value).isEqualTo(valid);
    }

    @Test
    void aConstructorThatRefusesItsValuesIsAProblemOfTheArguments() {
        Object built = reader.construct("lead.address", "com.acme.Address", () -> {
            throw new IllegalArgumentException("zip must have 5 digits");
        });
        assertThat(built).isNull();
        assertThat(reader.problems()).containsExactly("'lead.address' was refused by com.acme.Address: zip must have 5 digits");
    }

    @Test
    void aPatternCheckPastTheDeadlineIsAProblemNotAHang() {
        ArgumentReader late = new ArgumentReader(System.nanoTime() + 50_000_000L);
        assertThat(late.matches("a".repeat(90), EcmaRegex.compile("^(x?)(a|aa)*\\1b$"), "p")).isNull();
        assertThat(late.problems()).singleElement().asString().contains("could not be checked against the pattern");
        assertThat(new ArgumentReader().matches("USD\n", EcmaRegex.compile("^[A-Z]{3}$"), "p")).isNull();
    }

    @Test
    void aJsonNodeParameterTakesJsonNullAsAValue() {
        JsonNode arguments = json("{\"any\":null}");
        assertThat(reader.requiredJson(arguments, "", "any").isNull()).as("JSON null, bound").isTrue();
        assertThat(reader.requiredJson(json("{}"), "", "any")).isNull();
        assertThat(reader.problems()).containsExactly("missing required parameter 'any'");
    }

    @Test
    void generatedCodeReadingValueByValueReportsWhatTheElementReadersReport() {
        // Generated binders read a property's value node, then the value, with no element reader:
        // the problems must be the ones the element-reader methods report.
        JsonNode arguments = json("{\"a\":null,\"tags\":[\"x\",\"x\"],\"map\":[1]}");
        ArgumentReader plain = new ArgumentReader();
        assertThat(plain.requiredValue(arguments, "a", "lead.a")).isNull();
        assertThat(plain.requiredValue(arguments, "b", "lead.b")).isNull();
        assertThat(plain.presentValue(arguments, "a")).isNull();
        assertThat(plain.presentValue(arguments, "tags")).isNotNull();
        JsonNode tags = arguments.get("tags");
        assertThat(plain.array(tags, "tags")).isTrue();
        assertThat(plain.unique(java.util.List.of("x", "x"), tags, "tags")).containsExactly("x");
        assertThat(plain.object(arguments.get("map"), "map")).isFalse();
        assertThat(plain.array(arguments, "")).isFalse();
        plain.refused("lead.address", "com.acme.Address", new IllegalArgumentException("zip must have 5 digits"));

        ArgumentReader composed = new ArgumentReader();
        composed.required(arguments, "lead", "a", composed::readString);
        composed.required(arguments, "lead", "b", composed::readString);
        composed.readSet(tags, "tags", composed::readString);
        composed.readMap(arguments.get("map"), "map", composed::readString);
        composed.readList(arguments, "", composed::readString);
        composed.construct("lead.address", "com.acme.Address", () -> {
            throw new IllegalArgumentException("zip must have 5 digits");
        });
        assertThat(plain.problems()).isEqualTo(composed.problems()).hasSize(6);
    }
}
