package dev.idem.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import org.junit.jupiter.api.Test;

/** docs/setup.md, "Jackson versions": a tool set generated and run on the oldest supported Jackson. */
class GeneratedCodeOnTheFloorTest {
    private final Remittances remittances = new Remittances();
    private final ToolExecutor executor =
            ToolExecutor.builder(ToolRegistry.of(Remittances_ToolSet.of(remittances))).build();

    @Test
    void aToolSetCompiledAgainstTheFloorBindsItsArgumentsAndRunsOnce() {
        String arguments = "{\"to\":{\"name\":\"Ana\",\"account\":\"PT50-1\",\"tags\":[\"rent\"]},"
                + "\"amount\":1250.10,\"on\":\"2026-12-02\",\"memo\":\"Dec\",\"extra\":{\"ref\":[1,2.50]}}";

        ToolRun ticket = executor.newRun("ticket-7");
        ToolResult first = ticket.execute(new ToolCall("c1", "send", arguments));
        ToolResult again = ticket.execute(new ToolCall("c2", "send", arguments));

        assertThat(first.textForModel()).isEqualTo(
                "R1 1250.10 to Ana (PT50-1, [rent]) on 2026-12-02 memo Dec extra {\"ref\":[1,2.50]}");
        assertThat(again.textForModel()).isEqualTo(first.textForModel());
        assertThat(remittances.effects).hasValue(1);
    }

    @Test
    void onTheFloorBrokenArgumentsStillRunNothingAndSayWhy() {
        ToolResult truncated = executor.execute(new ToolCall("c1", "send", "{\"to\":{\"name\":"));
        ToolResult invalid = executor.execute(new ToolCall("c2", "send",
                "{\"to\":{\"name\":\"Ana\",\"account\":\"A\",\"tags\":[]},\"amount\":0,\"on\":\"2026-12-02\"}"));

        assertThat(truncated.errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(invalid.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(invalid.textForModel()).contains("amount");
        assertThat(remittances.effects).hasValue(0);
    }
}
