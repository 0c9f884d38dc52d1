package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.testing.SeededTrials;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Delays between attempts follow the policy: exponential, capped, jitter clamped to [0, max]. */
class RetryDelayTest {

    private final Harness harness = new Harness().configure(b -> b.retryBudget(100, 1));

    /** Scripts {@code flaky}, under the policy of {@code tools}' class, to fail every time. */
    private ScriptedTool alwaysFailing(ScriptedTools tools) {
        return harness.script(tools, "flaky", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void delaysGrowByTheFactorUpToTheMaximum(EntryPoint entry) {
        alwaysFailing(new RetryDelayTools.Capped());

        entry.execute(harness.run(), Harness.call("flaky", "{}"));

        assertThat(harness.delays).containsExactly(100L, 200L, 300L, 300L);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void jitterSpreadsDelaysWithinTheFactorAndIsClampedToTheMaximum(EntryPoint entry) {
        alwaysFailing(new RetryDelayTools.Jittered());
        harness.random = 0.0;
        entry.execute(harness.run(), Harness.call("flaky", "{}"));
        harness.random = 0.999;
        entry.execute(harness.run(), Harness.call("flaky", "{}"));

        // low end: 100 - 50, then 150 - 75; high end: 100 + ~50 = 149, then 150 + ~75 clamped to 150
        assertThat(harness.delays).containsExactly(50L, 75L, 149L, 150L);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void noDelayIsTakenWhenNothingIsRetried(EntryPoint entry) {
        alwaysFailing(new RetryDelayTools.Once());

        entry.execute(harness.run(), Harness.call("flaky", "{}"));

        assertThat(harness.delays).isEmpty();
    }

    @Test
    void delayIsAlwaysWithinZeroAndTheMaximum() {
        SeededTrials.run(500, gen -> {
            long initial = gen.between(0L, 60_000L);
            double factor = gen.oneIn(5) ? 10.0 : gen.between(1.0, 10.0);
            long extra = gen.between(0L, 120_000L);
            boolean jitter = gen.bool();
            double jitterFactor = gen.oneIn(5) ? 1.0 : gen.between(0.0, 1.0);
            int retry = gen.between(1, 200);
            double random = gen.oneIn(5) ? Math.nextDown(1.0) : gen.between(0.0, 1.0);
            RetryPolicy policy = RetryPolicy.builder().maxAttempts(201).initialDelayMs(initial).backoffFactor(factor)
                    .maxDelayMs(initial + extra).jitter(jitter).jitterFactor(jitterFactor).build();

            assertThat(policy.delayMs(retry, random)).isBetween(0L, policy.maxDelayMs());
        });
    }
}
