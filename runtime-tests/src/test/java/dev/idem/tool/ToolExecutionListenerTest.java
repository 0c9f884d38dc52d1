package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A call's observation sees every retry and exactly one outcome per call, on every path. */
class ToolExecutionListenerTest {

    private final Harness harness = new Harness();

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void listenerSeesEachRetryAndOneOutcome(EntryPoint entry) {
        harness.script(new ListenerTools.ThreeAttemptBank(), "bank", (run, ctx, args) -> {
            if (run < 3) {
                throw new ConnectException("refused #" + run);
            }
            return "ok";
        });

        entry.execute(harness.run(), Harness.call("bank", "{}"));

        assertThat(harness.events).containsExactly(
                "retry bank 1/3 after 10 ms: CONNECTION_ERROR refused #1",
                "retry bank 2/3 after 20 ms: CONNECTION_ERROR refused #2",
                "outcome bank success");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void callsThatNeverRunStillReportTheirOutcome(EntryPoint entry) {
        harness.script(new ListenerTools.Bank(), "bank", (run, ctx, args) -> "ok");

        entry.execute(harness.run(), Harness.call("bnak", "{}"));
        entry.execute(harness.run(), Harness.call("bank", "{oops"));

        assertThat(harness.events).containsExactly("outcome bnak TOOL_NOT_FOUND", "outcome bank MALFORMED_ARGUMENTS");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void timeoutRetryIsReportedWithATimeoutException(EntryPoint entry) {
        harness.script(new ListenerTools.Slow(), "slow", (run, ctx, args) -> {
            if (run == 1) {
                Thread.sleep(10_000);
            }
            return "ok";
        });

        entry.execute(harness.run(), Harness.call("slow", "{}"));

        assertThat(harness.events).containsExactly(
                "retry slow 1/2 after 1 ms: TIMEOUT did not finish within 200 ms", "outcome slow success");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void failingListenerDoesNotBreakTheCall(EntryPoint entry) {
        harness.configure(b -> b.listener((call, tool) -> new ToolCallObservation() {
            @Override
            public void finished(ToolResult result) {
                throw new IllegalStateException("metrics down");
            }

            @Override
            public void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure,
                    RetryDecision.Reason rule) {
                throw new IllegalStateException("metrics down");
            }
        }));
        ScriptedTool bank = harness.script(new ListenerTools.TwoAttemptBank(), "bank", (run, ctx, args) -> {
            if (run == 1) {
                throw new ConnectException("refused");
            }
            return "ok";
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("bank", "{}"));

        assertThat(result.textForModel()).isEqualTo("ok");
        assertThat(bank.runs()).isEqualTo(2);
    }
}
