package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.CircuitBreaker;
import dev.idem.internal.call.RetryBudget;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A failing dependency is not flooded: per-tool breaker, executor-wide retry budget. */
class CircuitBreakerAndBudgetTest {

    private final Harness harness = new Harness();
    private final AtomicBoolean healthy = new AtomicBoolean(false);
    private final ScriptedTool bank = harness.script(new BreakerTools.Bank(), "bank", (run, ctx, args) -> {
        if (!healthy.get()) {
            throw new ConnectException("refused");
        }
        return "ok";
    });

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void breakerOpensAfterFiveConsecutiveFailuresAndRecoversViaAHalfOpenProbe(EntryPoint entry) {
        for (int i = 0; i < 5; i++) {
            assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        }

        ToolResult open = entry.execute(harness.run(), Harness.call("bank", "{}"));
        assertThat(open.errorType()).isEqualTo(ErrorType.CIRCUIT_OPEN);
        assertThat(open.attempts()).isZero();
        assertThat(open.textForModel()).contains("NOT executed");
        assertThat(bank.runs()).isEqualTo(5);

        harness.clock.advance(Duration.ofSeconds(59));
        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).errorType()).isEqualTo(ErrorType.CIRCUIT_OPEN);
        assertThat(bank.runs()).isEqualTo(5);

        harness.clock.advance(Duration.ofSeconds(1));
        healthy.set(true);
        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).isError()).isFalse();
        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).isError()).isFalse();
        assertThat(bank.runs()).isEqualTo(7);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void failedHalfOpenProbeOpensTheBreakerAgain(EntryPoint entry) {
        for (int i = 0; i < 5; i++) {
            entry.execute(harness.run(), Harness.call("bank", "{}"));
        }
        harness.clock.advance(Duration.ofSeconds(60));

        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).errorType()).isEqualTo(ErrorType.CIRCUIT_OPEN);
        assertThat(bank.runs()).isEqualTo(6);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void breakerIsPerToolAndASuccessResetsTheCount(EntryPoint entry) {
        ScriptedTool other = harness.script(new BreakerTools.Other(), "other", (run, ctx, args) -> "fine");
        for (int i = 0; i < 4; i++) {
            entry.execute(harness.run(), Harness.call("bank", "{}"));
        }
        healthy.set(true);
        entry.execute(harness.run(), Harness.call("bank", "{}"));
        healthy.set(false);
        for (int i = 0; i < 4; i++) {
            entry.execute(harness.run(), Harness.call("bank", "{}"));
        }

        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(entry.execute(harness.run(), Harness.call("other", "{}")).isError()).isFalse();
        assertThat(other.runs()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void breakerSettingsAreConfigurable(EntryPoint entry) {
        harness.configure(b -> b.circuitBreaker(2, Duration.ofMillis(10)));
        entry.execute(harness.run(), Harness.call("bank", "{}"));
        entry.execute(harness.run(), Harness.call("bank", "{}"));

        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).errorType()).isEqualTo(ErrorType.CIRCUIT_OPEN);
        harness.clock.advance(Duration.ofMillis(10));
        healthy.set(true);
        assertThat(entry.execute(harness.run(), Harness.call("bank", "{}")).isError()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void budgetExhaustionStopsRetries(EntryPoint entry) {
        harness.configure(b -> b.retryBudget(4, 1).circuitBreaker(1000, Duration.ofSeconds(60)));
        ScriptedTool flaky = harness.script(new BreakerTools.Flaky(), "flaky", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        ToolResult first = entry.execute(harness.run(), Harness.call("flaky", "{}"));
        // 4 tokens; each failure takes one; retries only while more than 2 are left.
        assertThat(first.attempts()).isEqualTo(2);
        assertThat(flaky.runs()).isEqualTo(2);

        ToolResult second = entry.execute(harness.run(), Harness.call("flaky", "{}"));
        assertThat(second.attempts()).isEqualTo(1);
        assertThat(flaky.runs()).isEqualTo(3);
    }

    @Test
    void successesRefillTheBudgetUpToItsMaximum() {
        RetryBudget budget = new RetryBudget(10, 0.1);
        for (int i = 0; i < 5; i++) {
            budget.onFailure();
        }
        assertThat(budget.allowsRetry()).isFalse();

        budget.onSuccess();
        assertThat(budget.tokens()).isEqualTo(5.1);
        assertThat(budget.allowsRetry()).isTrue();

        for (int i = 0; i < 100; i++) {
            budget.onSuccess();
        }
        assertThat(budget.tokens()).isEqualTo(10.0);
    }

    @Test
    void halfOpenBreakerLetsExactlyOneProbeThrough() {
        CircuitBreaker breaker = new CircuitBreaker(1, 100);
        breaker.onFailure(0);

        assertThat(breaker.tryAcquire(50)).isFalse();
        assertThat(breaker.tryAcquire(100)).isTrue();
        assertThat(breaker.tryAcquire(100)).isFalse();
        breaker.onSuccess();
        assertThat(breaker.tryAcquire(101)).isTrue();
        assertThat(breaker.tryAcquire(101)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void terminalAnswersDoNotOpenTheBreaker(EntryPoint entry) {
        ScriptedTool strict = harness.script(new BreakerTools.Strict(), "strict", (run, ctx, args) -> {
            throw new ToolException(ErrorType.REJECTED, "insufficient funds: " + args);
        });
        for (int i = 0; i < 7; i++) {
            entry.execute(harness.run(), Harness.call("strict", "{\"n\":" + i + "}"));
        }

        assertThat(strict.runs()).isEqualTo(7);
    }
}
