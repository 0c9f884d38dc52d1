package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An effect that may have happened is never reported as a plain failure: once an attempt of a
 * call intent timed out or failed without saying, every later error of that intent in the run
 * says the outcome is unknown.
 */
class OutcomeUnknownTest {

    private final Harness harness = new Harness();

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void laterPlainFailureDoesNotHideAnEarlierUnknownOutcome(EntryPoint entry) {
        harness.script(new OutcomeUnknownTools.TwoAttemptPay(), "pay", (run, ctx, args) -> {
            if (run == 1) {
                throw new HttpTimeoutException("request timed out");
            }
            throw new ConnectException("bank unavailable");
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("pay", "{}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(result.outcomeUnknown()).isTrue();
        assertThat(result.mayStillBeRunning()).isFalse();
        assertThat(result.textForModel()).contains("It may have taken effect");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void reIssuedCallRefusedByTheBreakerAfterAnUnknownOutcomeIsStillOutcomeUnknown(EntryPoint entry) {
        harness.configure(b -> b.circuitBreaker(1, Duration.ofSeconds(60)));
        ScriptedTool pay = harness.script(new OutcomeUnknownTools.OneAttemptPay(), "pay", (run, ctx, args) -> {
            throw new HttpTimeoutException("request timed out");
        });
        ToolRun run = harness.run();

        ToolResult first = entry.execute(run, Harness.call("pay", "{\"cents\":500}"));
        ToolResult reissued = entry.execute(run, Harness.call("pay", "{\"cents\":500}"));
        ToolResult otherIntent = entry.execute(run, Harness.call("pay", "{\"cents\":700}"));

        assertThat(pay.runs()).isEqualTo(1);
        assertThat(first.outcomeUnknown()).isTrue();
        assertThat(reissued.errorType()).isEqualTo(ErrorType.CIRCUIT_OPEN);
        assertThat(reissued.outcomeUnknown()).as("the first attempt may have paid").isTrue();
        assertThat(otherIntent.errorType()).isEqualTo(ErrorType.CIRCUIT_OPEN);
        assertThat(otherIntent.outcomeUnknown()).as("nothing of this intent ever ran").isFalse();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void failuresThatSayNothingHappenedAreKnownOutcomes(EntryPoint entry) {
        harness.script(new OutcomeUnknownTools.TwoAttemptPay(), "pay", (run, ctx, args) -> {
            if (run == 1) {
                throw new ConnectException("connection refused");
            }
            throw new ToolException(ErrorType.REJECTED, "insufficient funds");
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("pay", "{}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(result.outcomeUnknown()).isFalse();
        assertThat(result.textForModel()).doesNotContain("may have taken effect");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void abandonedBodyIsAnUnknownOutcome(EntryPoint entry) {
        harness.script(new OutcomeUnknownTools.Send(), "send", (run, ctx, args) -> {
            Thread.sleep(10_000);
            return null;
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("send", "{}"));

        assertThat(result.mayStillBeRunning()).isTrue();
        assertThat(result.outcomeUnknown()).isTrue();
    }
}
