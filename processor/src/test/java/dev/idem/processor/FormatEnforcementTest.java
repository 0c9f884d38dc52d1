package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code format} in the schema is a check the binder makes, exactly as the format-assertion
 * vocabulary defines it, on {@code @Param(format = ...)} and Bean Validation's {@code @Email}
 * alike, required or optional; a format the binder does not check is a compile error
 * ({@code [Idem/UnsupportedFormat]}, see {@link MisuseKindsTest}), never a promise in the schema.
 */
class FormatEnforcementTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Compilation COMPILATION = Compile.compile(
            Compile.source("jakarta.validation.constraints.Email",
                    "package jakarta.validation.constraints;",
                    "public @interface Email {}"),
            Compile.source("test.Formats",
                    "package test;",
                    "import dev.idem.*;",
                    "import java.util.Optional;",
                    "/** Formats. */",
                    "public class Formats {",
                    "  /** All. */ @Tool public static int all(@Param(format = \"date\") String day,",
                    "      @Param(format = \"time\") String clock, @Param(format = \"date-time\") String at,",
                    "      @Param(format = \"duration\") String span, @Param(format = \"email\") String mail,",
                    "      @Param(format = \"uuid\") String ref, @jakarta.validation.constraints.Email String contact,",
                    "      @Param(format = \"date\") Optional<String> maybeDay) { return 1; }",
                    "}"));
    /** A valid value of each property. */
    private static final Map<String, String> VALID = new LinkedHashMap<>();

    static {
        VALID.put("day", "2024-02-29");
        VALID.put("clock", "10:15:30Z");
        VALID.put("at", "2026-12-01T10:15:30+01:00");
        VALID.put("span", "P1Y2M3D");
        VALID.put("mail", "ana@example.com");
        VALID.put("ref", "123e4567-e89b-12d3-a456-426614174000");
        VALID.put("contact", "ana@example.com");
        VALID.put("maybeDay", "2026-12-01");
    }

    private static ToolSet tools() throws ReflectiveOperationException {
        assertThat(COMPILATION).succeededWithoutWarnings();
        return (ToolSet) Compile.loader(COMPILATION).loadClass("test.Formats_ToolSet").getMethod("of").invoke(null);
    }

    private static ObjectNode arguments(String property, String value) {
        ObjectNode arguments = JSON.createObjectNode();
        VALID.forEach(arguments::put);
        arguments.put(property, value);
        return arguments;
    }

    @Test
    void theSchemaStatesEachFormatTheToolDeclared() throws Exception {
        JsonNode properties = JSON.readTree(tools().descriptors().get(0).inputSchema()).get("properties");
        Map<String, String> formats = new LinkedHashMap<>();
        properties.properties().forEach(entry -> formats.put(entry.getKey(), entry.getValue().toString()));
        assertThat(formats).containsOnlyKeys(VALID.keySet());
        assertThat(properties.get("day").get("format").asString()).isEqualTo("date");
        assertThat(properties.get("clock").get("format").asString()).isEqualTo("time");
        assertThat(properties.get("at").get("format").asString()).isEqualTo("date-time");
        assertThat(properties.get("span").get("format").asString()).isEqualTo("duration");
        assertThat(properties.get("mail").get("format").asString()).isEqualTo("email");
        assertThat(properties.get("ref").get("format").asString()).isEqualTo("uuid");
        assertThat(properties.get("contact").get("format").asString()).isEqualTo("email");
        assertThat(formats.get("maybeDay")).contains("\"format\":\"date\"");
    }

    @Test
    void valuesOfEveryDeclaredFormatBind() throws Exception {
        assertThat(tools().bind("all", arguments("day", VALID.get("day")))).isNotNull();
    }

    static Stream<Arguments> nearMisses() {
        return Stream.of(
                Arguments.of("day", "2023-02-29"),                // no such day
                Arguments.of("day", "+10000-01-01"),              // RFC 3339 years have four digits
                Arguments.of("day", "-0001-01-01"),
                Arguments.of("clock", "10:15:30"),                // full-time needs an offset
                Arguments.of("at", "2026-12-01T10:15Z"),          // seconds are not optional
                Arguments.of("at", "2026-12-01T10:15:30Z\n"),     // nothing after the offset
                Arguments.of("span", "P-1D"),                     // no signs in the duration format
                Arguments.of("span", "P1Y2D"),                    // parts chain without gaps
                Arguments.of("span", "PT1.5S"),                   // no fractions
                Arguments.of("mail", "ana.example.com"),
                Arguments.of("mail", "ana@example.com\n"),
                Arguments.of("mail", "ana @example.com"),
                Arguments.of("ref", "123e4567e89b12d3a456426614174000"),
                Arguments.of("contact", "ana"),
                Arguments.of("maybeDay", "2026-13-01"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("nearMisses")
    void aValueOutsideItsDeclaredFormatNeverReachesTheMethod(String property, String value) {
        assertThatThrownBy(() -> tools().bind("all", arguments(property, value)))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems()).singleElement()
                        .asString().contains("'" + property + "'").contains("JSON Schema format"));
    }
}
