package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.ToolArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.node.JsonNodeFactory;

/** DESIGN.md section 3, step 8: one formatter, one sentence pattern, never a stack trace. */
class ToolResultFormatterTest {

    private static ToolResult value(Object value) {
        return ToolResult.success("c", "t", ScriptedTools.json(value), 1, "k");
    }

    @Test
    void stringResultIsSentAsItselfWithoutQuotes() {
        assertThat(value("it is \"sunny\"").textForModel()).isEqualTo("it is \"sunny\"");
    }

    @Test
    void structuredResultIsCompactJson() {
        assertThat(value(ToolArguments.MAPPER.readTree("{ \"temp\" : 31, \"tags\" : [ \"hot\" ] }")).textForModel())
                .isEqualTo("{\"temp\":31,\"tags\":[\"hot\"]}");
    }

    @Test
    void nullOrVoidResultIsTheFixedNoOutputText() {
        assertThat(value(null).textForModel()).isEqualTo("Tool 't' completed with no output.");
        assertThat(ToolResult.success("c", "t", null, 1, "k").textForModel()).isEqualTo("Tool 't' completed with no output.");
    }

    @Test
    void zeroFalseEmptyStringAndEmptyArrayAreValuesNotNoOutput() {
        assertThat(value(0).textForModel()).isEqualTo("0");
        assertThat(value(false).textForModel()).isEqualTo("false");
        assertThat(value("").textForModel()).isEmpty();
        assertThat(value(JsonNodeFactory.instance.arrayNode()).textForModel()).isEqualTo("[]");
    }

    @Test
    void valueThatCannotBeEncodedIsSentAsItsStringForm() {
        Object unencodable = new Object() {
            @Override
            public String toString() {
                return "opaque";
            }

            @SuppressWarnings("unused")
            public Object getSelf() {
                return this; // a cycle the mapper refuses
            }
        };
        ToolResult result = ToolResult.success("c", "t", JsonNodeFactory.instance.pojoNode(unencodable), 1, "k");

        assertThat(result.textForModel()).isEqualTo("opaque");
    }

    @Test
    void errorsFollowOneSentencePattern() {
        ToolResult result = ToolResult.error("c", "pay", ErrorType.TIMEOUT, "read timed out.", 2, "k");

        assertThat(result.textForModel()).isEqualTo("Error: tool 'pay' failed (TIMEOUT) after 2 attempt(s): read timed out."
                + " Its outcome is unknown: check whether it took effect before calling it again.");
        assertThat(result.isError()).isTrue();
    }

    @Test
    void everyErrorTypeHasAnAdviceSentence() {
        for (ErrorType type : ErrorType.values()) {
            String text = ToolResult.error("c", "t", type, "m", 1, "k").textForModel();
            assertThat(text).as(type.name())
                    .startsWith("Error: tool 't' failed (" + type + ") after 1 attempt(s): m. ")
                    .endsWith(".");
        }
    }

    @Test
    void multiLineMessageBecomesOneLine() {
        String text = ToolResult.error("c", "t", ErrorType.UNKNOWN, "first\n  second\r\nthird", 1, "k").textForModel();

        assertThat(text).contains("first second third.").doesNotContain("\n");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void stackTraceOfAToolErrorNeverReachesTheModel(EntryPoint entry) {
        Harness harness = new Harness();
        harness.script(new FormatterTools.Explode(), "explode", (run, ctx, args) -> {
            throw new IllegalStateException("ledger is locked", new RuntimeException("inner cause"));
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("explode", "{}"));

        assertThat(result.textForModel())
                .isEqualTo("Error: tool 'explode' failed (UNKNOWN) after 1 attempt(s): ledger is locked."
                        + " Do not repeat the same call unchanged; tell the user if it keeps failing."
                        + " It may have taken effect: check before treating it as not done.")
                .doesNotContain("\tat ", "java.lang.", "inner cause");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void exceptionWithoutAMessageIsNamedByItsSimpleType(EntryPoint entry) {
        Harness harness = new Harness();
        harness.script(new FormatterTools.Npe(), "npe", (run, ctx, args) -> {
            throw new NullPointerException();
        });

        assertThat(entry.execute(harness.run(), Harness.call("npe", "{}")).textForModel())
                .contains("(PROGRAMMING_ERROR) after 1 attempt(s): NullPointerException.");
    }
}
