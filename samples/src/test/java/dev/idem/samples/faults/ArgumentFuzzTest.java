package dev.idem.samples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.idem.samples.faults.ArgumentStrings.Attempt;
import dev.idem.testing.SeededTrials;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fuzzes the argument path of generated tool sets through the {@link ToolExecutor}: whatever text
 * the model sends, a tool body never runs with arguments its schema forbids, and every call ends
 * in a {@link ToolResult}, never in an exception.
 *
 * <p>The normal suite runs 10,000 generated texts (seeded: the same every run); the long run is
 * {@code mvn -B -pl samples -am verify -Dtest=ArgumentFuzzTest -Didem.tries=100000 -Dsurefire.failIfNoSpecifiedTests=false}.
 * A failure prints the seed that replays it alone.
 */
class ArgumentFuzzTest {
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    // Strict reading for the check: a text the executor ran must be one complete JSON value with
    // no duplicate keys blurring which value counted.
    /** Reads the text as the executor does: strict, and fractions as decimals (1e400 stays a number). */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final FuzzTools tools = new FuzzTools();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(FuzzTools_ToolSet.of(tools))).build();
    private final Map<String, Schema> schemas = new HashMap<>();

    ArgumentFuzzTest() {
        for (ToolDescriptor tool : executor.registry().descriptors()) {
            schemas.put(tool.name(), SCHEMAS.getSchema(STRICT.readTree(tool.inputSchema())));
        }
    }

    @Test
    void noBodyRunsOnArgumentsItsSchemaForbidsAndNoExceptionEscapes() {
        SeededTrials.run(10_000, gen -> check(ArgumentStrings.any(gen)));
    }

    private void check(Attempt attempt) {
        int runsBefore = tools.runs;

        ToolResult result = executor.execute(new ToolCall("call_1", attempt.tool(), attempt.arguments()));

        assertThat(result).as("every call ends in a result").isNotNull();
        assertThat(tools.breaches).as("arguments a body saw that it declared impossible").isEmpty();
        if (tools.runs > runsBefore) {
            assertThat(result.success()).as(result.textForModel()).isTrue();
            JsonNode arguments = STRICT.readTree(attempt.arguments().isBlank() ? "{}" : attempt.arguments());
            List<Error> errors = schemas.get(attempt.tool()).validate(arguments);
            assertThat(errors).as("the body ran on arguments the schema rejects").isEmpty();
        } else {
            assertThat(result.isError()).isTrue();
            assertThat(result.attempts()).as("a refused call never started its body").isZero();
        }
    }
}
