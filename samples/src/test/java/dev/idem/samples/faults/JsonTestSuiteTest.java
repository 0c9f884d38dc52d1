package dev.idem.samples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JSONTestSuite's 318 parsing cases (github.com/nst/JSONTestSuite) as argument texts, through
 * both entry points: every {@code n_} text is refused without running the body, every {@code y_}
 * text whose top level is an object binds or is refused as INVALID_ARGUMENTS (never as malformed),
 * and every {@code i_} text ends in a result. One deliberate choice departs from the suite: a
 * text with a duplicated key is refused as malformed (which value did the model mean?).
 *
 * <p>The suite is not part of the project: the test reads {@code shared/json-test-suite/test_parsing}
 * from the nearest parent folder that has it ({@code -Didem.jsonTestSuite=<dir>} points elsewhere)
 * and is skipped, saying so, when there is none.
 */
class JsonTestSuiteTest {
    /** The suite's valid objects Idem refuses on purpose: duplicated keys. */
    private static final Set<String> DUPLICATE_KEYS = Set.of("y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json");

    private final FuzzTools tools = new FuzzTools();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(FuzzTools_ToolSet.of(tools))).build();

    static Path suite() {
        String configured = System.getProperty("idem.jsonTestSuite");
        if (configured != null) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/json-test-suite/test_parsing");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyParsingCaseEndsInAResultAndTheBodyRunsOnlyOnAWellFormedObject(boolean async) throws IOException {
        Path suite = suite();
        Assumptions.assumeTrue(suite != null && Files.isDirectory(suite), "JSONTestSuite not found ("
                + (suite == null ? "no shared/json-test-suite/test_parsing above " + Path.of("").toAbsolutePath() : suite)
                + "; set -Didem.jsonTestSuite=<dir>): skipped");
        List<Path> files;
        try (Stream<Path> listing = Files.list(suite)) {
            files = listing.filter(file -> file.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).as("the suite's parsing cases").hasSizeGreaterThanOrEqualTo(318);
        List<String> wrong = new ArrayList<>();
        int objects = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            int runsBefore = tools.runs;
            ToolResult result = execute(executor.newRun(), new ToolCall("call_" + name, "transfer", text), async);
            boolean ran = tools.runs > runsBefore;
            if (result == null) {
                wrong.add(name + ": no result");
            } else if (name.startsWith("n_") && (ran || !result.isError() || result.attempts() != 0)) {
                wrong.add(name + ": the body ran on a text that is not JSON");
            } else if (name.startsWith("y_") && text.strip().startsWith("{")) {
                objects++;
                ErrorType expected = DUPLICATE_KEYS.contains(name) ? ErrorType.MALFORMED_ARGUMENTS : null;
                if (expected == null && result.isError() && result.errorType() != ErrorType.INVALID_ARGUMENTS) {
                    wrong.add(name + ": a valid JSON object ended as " + result.errorType());
                } else if (expected != null && result.errorType() != expected) {
                    wrong.add(name + ": a duplicated key ended as " + result.errorType());
                }
            }
        }
        assertThat(objects).as("y_ files whose top level is an object").isGreaterThanOrEqualTo(12);
        assertThat(wrong).isEmpty();
    }

    private static ToolResult execute(ToolRun run, ToolCall call, boolean async) {
        try {
            return async ? run.executeAsync(call).toCompletableFuture().get(30, TimeUnit.SECONDS) : run.execute(call);
        } catch (Exception e) {
            throw new AssertionError(call.id() + " escaped as " + e, e);
        }
    }
}
