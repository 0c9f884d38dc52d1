package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import java.net.ConnectException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** After a terminal error, the same call is not executed again in the same run. */
class RepetitionGuardTest {

    private final Harness harness = new Harness();
    private final ScriptedTool refund = harness.script(new GuardTools.Refund(), "refund", (run, ctx, args) -> {
        throw new ToolException(ErrorType.REJECTED, "order already refunded");
    });

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void sameCallAfterATerminalErrorIsNotExecutedAgainInTheRun(EntryPoint entry) {
        ToolRun run = harness.run();
        entry.execute(run, Harness.call("refund", "{\"order\":\"A1\",\"cents\":100}"));
        ToolResult repeated = entry.execute(run, Harness.call("refund", "{\"cents\":100, \"order\":\"A1\"}"));

        assertThat(refund.runs()).isEqualTo(1);
        assertThat(repeated.errorType()).isEqualTo(ErrorType.REPEATED_CALL);
        assertThat(repeated.attempts()).isZero();
        assertThat(repeated.textForModel()).contains("NOT executed again").contains("Change the arguments or your approach");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void otherArgumentsStillRunAfterATerminalError(EntryPoint entry) {
        ToolRun run = harness.run();
        entry.execute(run, Harness.call("refund", "{\"order\":\"A1\"}"));
        ToolResult other = entry.execute(run, Harness.call("refund", "{\"order\":\"B2\"}"));

        assertThat(refund.runs()).isEqualTo(2);
        assertThat(other.errorType()).isEqualTo(ErrorType.REJECTED);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void theSameCallInAnotherRunStillRuns(EntryPoint entry) {
        entry.execute(harness.executor().newRun(), Harness.call("refund", "{\"order\":\"A1\"}"));
        entry.execute(harness.executor().newRun(), Harness.call("refund", "{\"order\":\"A1\"}"));

        assertThat(refund.runs()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void repeatedInvalidArgumentsAreARepeatedCall(EntryPoint entry) {
        ToolRun run = harness.run();
        ToolResult first = entry.execute(run, Harness.call("refund", "{\"orderId\":\"A1\"}"));
        ToolResult second = entry.execute(run, Harness.call("refund", "{\"orderId\":\"A1\"}"));

        assertThat(first.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(second.errorType()).isEqualTo(ErrorType.REPEATED_CALL);
        assertThat(refund.runs()).isZero();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void transientFailureDoesNotBlockReissuingTheCall(EntryPoint entry) {
        ScriptedTool bank = harness.script(new GuardTools.Bank(), "bank", (run, ctx, args) -> {
            if (run == 1) {
                throw new ConnectException("refused");
            }
            return "ok";
        });
        ToolRun run = harness.run();
        entry.execute(run, Harness.call("bank", "{}"));
        ToolResult reissued = entry.execute(run, Harness.call("bank", "{}"));

        assertThat(bank.runs()).isEqualTo(2);
        assertThat(reissued.isError()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void programmingErrorAndPermissionDeniedAreGuarded(EntryPoint entry) {
        ScriptedTool buggy = harness.script(new GuardTools.Buggy(), "buggy", (run, ctx, args) -> {
            throw new IllegalArgumentException("negative amount");
        });
        ScriptedTool denied = harness.script(new GuardTools.Denied(), "denied", (run, ctx, args) -> {
            throw new ToolException(ErrorType.PERMISSION_DENIED, "not yours");
        });
        ToolRun run = harness.run();
        for (int i = 0; i < 2; i++) {
            entry.execute(run, Harness.call("buggy", "{}"));
            entry.execute(run, Harness.call("denied", "{}"));
        }

        assertThat(buggy.runs()).isEqualTo(1);
        assertThat(denied.runs()).isEqualTo(1);
    }
}
