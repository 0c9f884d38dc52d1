package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * Issue 10, point 1: a call always ends in a {@link ToolResult}, whatever the argument text, and
 * never waits on a pattern past the tool's timeout; {@code executeAsync} never completes
 * exceptionally nor holds its caller.
 */
class TotalCallsTest {
    private static final long TIMEOUT_MS = PatternedTools.TIMEOUT_MS;

    private final PatternedTools tools = new PatternedTools();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(PatternedTools_ToolSet.of(tools))).build();

    private ToolResult call(EntryPoint entry, String tool, String arguments) {
        return entry.execute(executor.newRun(), new ToolCall("call", tool, arguments));
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void numbersWithHugeExponentsAreRefusedNotThrown(EntryPoint entry) {
        for (String huge : List.of("1e9999999999", "1E+2147483647", "-1E+2147483647", "1E-2147483648", "1e-9999999999")) {
            ToolResult result = call(entry, PatternedTools.NOTE, "{\"value\":" + huge + "}");

            assertThat(result.errorType()).as(huge).isEqualTo(ErrorType.INVALID_ARGUMENTS);
            assertThat(result.attempts()).isZero();
        }
        assertThat(tools.runs).hasValue(0);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void wellFormedArgumentsPastTheParsersLimitsAreInvalidAndTruncatedOnesMalformed(EntryPoint entry) {
        String deep = "{\"value\":" + "[".repeat(3_000) + "]".repeat(3_000) + "}";
        String longNumber = "{\"value\":1" + "0".repeat(1_500) + "}";

        assertThat(call(entry, PatternedTools.NOTE, deep).errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(call(entry, PatternedTools.NOTE, longNumber).errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(call(entry, PatternedTools.NOTE, deep.substring(0, deep.length() - 1)).errorType())
                .isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(call(entry, PatternedTools.NOTE, "{\"value\":1" + "0".repeat(1_500)).errorType())
                .isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(call(entry, PatternedTools.NOTE, "{\"value\":1e9999999999,\"value\":2}").errorType())
                .as("a duplicated key stays malformed").isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void alternationInsideARepetitionChecksLongArgumentsWithoutOverflowingTheStack(EntryPoint entry) {
        ToolResult result = call(entry, PatternedTools.PAIRS, "{\"value\":\"" + "ab".repeat(100_000) + "\"}");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(call(entry, PatternedTools.PAIRS, "{\"value\":\"" + "ab".repeat(1_000) + "c\"}").errorType())
                .isEqualTo(ErrorType.INVALID_ARGUMENTS);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void aPatternThatWouldHangEndsAsAClearErrorWithinTheToolsTimeout(EntryPoint entry) {
        long start = System.nanoTime();
        ToolResult result = call(entry, PatternedTools.EXPONENTIAL, "{\"value\":\"" + "a".repeat(90) + "\"}");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(result.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(result.textForModel()).contains("could not be checked against the pattern", "within the call's time limit");
        assertThat(result.attempts()).isZero();
        assertThat(took).isLessThan(Duration.ofMillis(TIMEOUT_MS * 10));
        assertThat(tools.runs).hasValue(0);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void nestedQuantifiersThatHangBacktrackingEnginesAnswerAtOnce(EntryPoint entry) {
        ToolResult refused = call(entry, PatternedTools.NESTED, "{\"value\":\"" + "a".repeat(69) + "b\"}");
        ToolResult accepted = call(entry, PatternedTools.NESTED, "{\"value\":\"" + "a".repeat(70) + "\"}");

        assertThat(refused.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(refused.textForModel()).contains("must match the pattern");
        assertThat(accepted.success()).isTrue();
    }

    @org.junit.jupiter.api.Test
    void executeAsyncHandsBackItsStageBeforeTheBodyRunsAndNeverCompletesExceptionally() throws Exception {
        CompletionStage<ToolResult> stage = executor.newRun().executeAsync(
                new ToolCall("call", PatternedTools.EXPONENTIAL, "{\"value\":\"" + "a".repeat(90) + "\"}"));

        ToolResult result = stage.toCompletableFuture().get(TIMEOUT_MS * 10, TimeUnit.MILLISECONDS);
        assertThat(result.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void whateverABinderThrowsBecomesAResultExceptAFatalJvmError(EntryPoint entry) {
        for (Throwable thrown : List.of(new StackOverflowError(), new NoClassDefFoundError("Missing"),
                new ExceptionInInitializerError("static init"), new IllegalStateException("bug"))) {
            ToolExecutor failing = ToolExecutor.builder(ToolRegistry.of(throwing(thrown))).build();

            ToolResult result = entry.execute(failing.newRun(), new ToolCall("call", "t", "{}"));

            assertThat(result.errorType()).as(thrown.toString()).isEqualTo(ErrorType.PROGRAMMING_ERROR);
            assertThat(result.attempts()).isZero();
        }
        ToolExecutor outOfMemory = ToolExecutor.builder(ToolRegistry.of(throwing(new OutOfMemoryError("test")))).build();
        assertThatThrownBy(() -> entry.execute(outOfMemory.newRun(), new ToolCall("call", "t", "{}")))
                .isInstanceOf(OutOfMemoryError.class);
    }

    // Hand-written: a binder that throws whatever the test hands it is a fault no generated set has.
    private static ToolSet throwing(Throwable thrown) {
        return new ToolSet() {
            @Override
            public List<ToolDescriptor> descriptors() {
                return List.of(ToolDescriptor.builder("t").build());
            }

            @Override
            public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {

                if (thrown instanceof Error error) {
                    throw error;
                }
                throw (RuntimeException) thrown;
            }
        };
    }
}
