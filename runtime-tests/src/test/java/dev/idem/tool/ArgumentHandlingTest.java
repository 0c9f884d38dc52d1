package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.ToolArguments;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** DESIGN.md section 3, steps 1 to 3: nothing runs unless the tool exists and its arguments bind. */
class ArgumentHandlingTest {

    private static final String NOT_PARSED = "Arguments for tool 'weather' could not be parsed as JSON; the tool was NOT"
            + " executed. Re-emit the call with complete, valid JSON arguments.";

    private final Harness harness = new Harness();
    private final ArgumentTools tools = new ArgumentTools();
    private final ScriptedTool weather = harness.script(tools, "weather", (run, ctx, args) -> args);
    private final ScriptedTool time = harness.script(tools, "getTime", (run, ctx, args) -> args);

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void unknownToolRunsNothingAndSuggestsTheClosestNameAndListsTheAvailableOnes(EntryPoint entry) {
        ToolResult result = entry.execute(harness.run(), Harness.call("wether", "{\"city\":\"Recife\"}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.TOOL_NOT_FOUND);
        assertThat(result.attempts()).isZero();
        assertThat(result.toolName()).isEqualTo("wether");
        assertThat(result.textForModel())
                .contains("did you mean 'weather'?")
                .contains("Available tools: 'weather', 'getTime'");
        assertThat(weather.runs() + time.runs()).isZero();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void unknownToolFarFromEveryNameGetsNoSuggestionButTheList(EntryPoint entry) {
        ToolResult result = entry.execute(harness.run(), Harness.call("sendEmailToCustomer", "{}"));

        assertThat(result.textForModel()).doesNotContain("did you mean").contains("Available tools: 'weather', 'getTime'");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void emptyArgumentTextIsAnEmptyObject(EntryPoint entry) {
        ToolResult empty = entry.execute(harness.run(), Harness.call("getTime", ""));
        ToolResult blank = entry.execute(harness.run(), Harness.call("getTime", "  \n "));
        ToolResult absent = entry.execute(harness.run(), new ToolCall("c", "getTime", null));

        assertThat(time.runs()).isEqualTo(3);
        assertThat(empty.textForModel()).isEqualTo("{}");
        assertThat(blank.textForModel()).isEqualTo("{}");
        assertThat(absent.textForModel()).isEqualTo("{}");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void truncatedJsonIsMalformedNotAnEmptyObjectAndTheToolIsNotExecuted(EntryPoint entry) {
        ToolResult truncated = entry.execute(harness.run(), Harness.call("weather", "{\"city\": \"Rec"));

        assertThat(truncated.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(truncated.isError()).isTrue();
        assertThat(truncated.textForModel()).endsWith(NOT_PARSED);
        assertThat(weather.runs()).isZero();

        ToolResult empty = entry.execute(harness.run(), Harness.call("getTime", "{"));
        assertThat(empty.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(time.runs()).isZero();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void duplicateKeysAreMalformed(EntryPoint entry) {
        ToolResult result = entry.execute(harness.run(),
                Harness.call("weather", "{\"city\":\"Recife\",\"days\":1,\"city\":\"Olinda\"}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(weather.runs()).isZero();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void textAfterTheObjectIsMalformed(EntryPoint entry) {
        ToolResult twoObjects = entry.execute(harness.run(), Harness.call("getTime", "{\"a\":1}{\"a\":2}"));
        ToolResult garbage = entry.execute(harness.run(), Harness.call("getTime", "{} trailing"));

        assertThat(twoObjects.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(garbage.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(time.runs()).isZero();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void topLevelThatIsNotAnObjectIsMalformed(EntryPoint entry) {
        for (String text : new String[] {"[]", "\"Recife\"", "42", "null", "true"}) {
            assertThat(entry.execute(harness.run(), Harness.call("getTime", text)).errorType())
                    .as(text)
                    .isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        }
        assertThat(time.runs()).isZero();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void malformedArgumentsAreNotGuardedSoTheModelMayReEmitTheCall(EntryPoint entry) {
        ToolRun run = harness.run();
        entry.execute(run, Harness.call("getTime", "{"));
        ToolResult again = entry.execute(run, Harness.call("getTime", "{"));
        ToolResult fixed = entry.execute(run, Harness.call("getTime", "{}"));

        assertThat(again.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(fixed.isError()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void bindingErrorNamesTheProblemsAndTheParametersAndTheBodyNeverRuns(EntryPoint entry) {
        harness.configure(b -> b.retryPolicy(RetryPolicy.builder().maxAttempts(5).retryOn(ErrorType.values()).build()));

        ToolResult result = entry.execute(harness.run(), Harness.call("weather", "{\"cty\":\"Recife\",\"days\":2}"));

        assertThat(weather.runs()).isZero();
        assertThat(result.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(result.attempts()).isZero();
        assertThat(result.textForModel())
                .contains("missing required parameter 'city'")
                .contains("unknown parameter 'cty'")
                .contains("the tool was NOT executed")
                .contains("Required parameters: city, days")
                .contains("optional parameters: units");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void argumentsThatBindReachTheBody(EntryPoint entry) {
        ToolResult result = entry.execute(harness.run(), Harness.call("weather", "{\"days\":2,\"city\":\"Recife\"}"));

        assertThat(weather.runs()).isEqualTo(1);
        // The body answers its parameters in their declared order, not the model's: equal as JSON.
        assertThat(result.value()).isEqualTo(ToolArguments.MAPPER.readTree("{\"days\":2,\"city\":\"Recife\"}"));
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void decimalArgumentsReachTheBodyWithEveryDigit(EntryPoint entry) {
        ToolResult result = entry.execute(harness.run(), Harness.call("getTime", "{\"amount\":12345678901234567.89}"));

        assertThat(result.textForModel()).isEqualTo("{\"amount\":12345678901234567.89}");
    }
}
