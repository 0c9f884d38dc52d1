package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Delays between attempts follow the policy: exponential, capped, jitter clamped to [0, max]. */
class RetryDelayTest {

    private final Harness harness = new Harness().configure(b -> b.retryBudget(100, 1));

    private CountingTools.CountingTool alwaysFailing(RetryPolicy policy) {
        return harness.tools.add(d -> d.retryPolicy(policy), "flaky", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void delaysGrowByTheFactorUpToTheMaximum(EntryPoint entry) {
        alwaysFailing(RetryPolicy.builder().maxAttempts(5).initialDelayMs(100).backoffFactor(2).maxDelayMs(300).build());

        entry.execute(harness.run(), Harness.call("flaky", "{}"));

        assertThat(harness.delays).containsExactly(100L, 200L, 300L, 300L);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void jitterSpreadsDelaysWithinTheFactorAndIsClampedToTheMaximum(EntryPoint entry) {
        alwaysFailing(RetryPolicy.builder().maxAttempts(3).initialDelayMs(100).backoffFactor(2).maxDelayMs(150)
                .jitter(true).jitterFactor(0.5).build());
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
        alwaysFailing(RetryPolicy.NO_RETRY);

        entry.execute(harness.run(), Harness.call("flaky", "{}"));

        assertThat(harness.delays).isEmpty();
    }

    @Property(tries = 500)
    void delayIsAlwaysWithinZeroAndTheMaximum(@ForAll @LongRange(max = 60_000) long initial,
            @ForAll @DoubleRange(min = 1.0, max = 10.0) double factor, @ForAll @LongRange(max = 120_000) long extra,
            @ForAll boolean jitter, @ForAll @DoubleRange(min = 0.0, max = 1.0) double jitterFactor,
            @ForAll @IntRange(min = 1, max = 200) int retry, @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double random) {
        RetryPolicy policy = RetryPolicy.builder().maxAttempts(201).initialDelayMs(initial).backoffFactor(factor)
                .maxDelayMs(initial + extra).jitter(jitter).jitterFactor(jitterFactor).build();

        assertThat(policy.delayMs(retry, random)).isBetween(0L, policy.maxDelayMs());
    }
}
