package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/** One run per intent: calls of one intent share its guard and keys; old intents are forgotten, their keys are not. */
class IntentRunsTest {

    private final Harness harness = new Harness();
    private final ScriptedTool refund = harness.script(new GuardTools.Refund(), "refund", (run, ctx, args) -> {
        throw new ToolException(ErrorType.REJECTED, "order already refunded");
    });

    @Test
    void callsOfOneIntentShareOneRunAndItsRepetitionGuard() {
        IntentRuns runs = new IntentRuns(harness.executor(), 10);
        runs.forIntent("ticket-1").execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        ToolResult again = runs.forIntent("ticket-1").execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        ToolResult otherIntent = runs.forIntent("ticket-2").execute(Harness.call("refund", "{\"order\":\"A1\"}"));

        assertThat(runs.forIntent("ticket-1")).isSameAs(runs.forIntent("ticket-1"));
        assertThat(again.errorType()).isEqualTo(ErrorType.REPEATED_CALL);
        assertThat(otherIntent.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(refund.runs()).isEqualTo(2);
    }

    @Test
    void leastRecentlyUsedIntentIsForgottenButItsIdempotencyKeysStayTheSame() {
        IntentRuns runs = new IntentRuns(harness.executor(), 2);
        ToolRun first = runs.forIntent("a");
        ToolResult before = first.execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        runs.forIntent("b");
        runs.forIntent("a");            // "a" used again: "b" is now the eldest
        runs.forIntent("c");

        assertThat(runs.size()).isEqualTo(2);
        assertThat(runs.forIntent("a")).isSameAs(first);
        ToolRun againB = runs.forIntent("b");
        assertThat(runs.forIntent("b")).isSameAs(againB);
        // "a" is now the eldest and goes; its new run derives the same key for the same call.
        runs.forIntent("c");
        runs.forIntent("d");
        ToolResult after = runs.forIntent("a").execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        assertThat(runs.forIntent("a")).isNotSameAs(first);
        assertThat(after.idempotencyKey()).isEqualTo(before.idempotencyKey());
    }

    @Test
    void capacityMustBePositive() {
        assertThatThrownBy(() -> new IntentRuns(harness.executor(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
    }

    @Test
    void threadsAskingForTheSameIntentAtOnceAllGetItsOneRun() throws Exception {
        IntentRuns runs = new IntentRuns(harness.executor(), 10_000);
        Map<String, ToolRun> firstSeen = new ConcurrentHashMap<>();
        AtomicInteger disagreements = new AtomicInteger();
        inParallel(4, i -> {
            String intent = "intent-" + i % 500;
            ToolRun run = runs.forIntent(intent);
            ToolRun first = firstSeen.putIfAbsent(intent, run);
            if (first != null && first != run) {
                disagreements.incrementAndGet();
            }
        });

        assertThat(disagreements.get()).as("calls of one intent given another run").isZero();
        assertThat(runs.size()).isEqualTo(500);
    }

    @Test
    void underChurnFromManyThreadsTheCapacityHoldsOnceTheyStop() throws Exception {
        IntentRuns runs = new IntentRuns(harness.executor(), 64);
        inParallel(4, i -> {
            runs.forIntent("hot");
            runs.forIntent("cold-" + Thread.currentThread().getId() + "-" + i);
        });
        ToolRun hot = runs.forIntent("hot");
        runs.forIntent("one-more"); // an eviction with no other thread running

        assertThat(runs.size()).isLessThanOrEqualTo(64);
        assertThat(runs.forIntent("hot")).as("the most recently used intent is kept").isSameAs(hot);
    }

    /** Runs {@code step} for i = 0..19,999 on each of {@code threads} threads started together. */
    private static void inParallel(int threads, IntConsumer step) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                work.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        step.accept(i);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> each : work) {
                each.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
