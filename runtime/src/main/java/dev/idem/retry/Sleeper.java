package dev.idem.retry;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Waits between attempts, of tool calls and of model calls alike. The wait is a stage: the
 * non-blocking paths chain the next attempt on it and never block; the blocking paths settle it,
 * waiting on the caller's own thread. Injectable so tests record the delays instead of waiting
 * them out.
 *
 * <pre>{@code
 * List<Long> delays = new ArrayList<>();
 * Agent agent = Agent.builder().model(model).tools(tools)
 *         .toolSleeper(Sleeper.recording(delays::add))      // tests: record, do not wait
 *         .modelSleeper(Sleeper.using(scheduler))          // real waits on your scheduler
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface Sleeper {

    /**
     * A stage that completes after {@code millis}; must not block the calling thread.
     *
     * @param millis the delay in ms
     * @return a stage that completes when the delay is over
     */
    CompletionStage<Void> sleep(long millis);

    /**
     * Real waiting, on the given scheduler.
     *
     * @param scheduler the scheduler the delays run on
     * @return a sleeper that waits for real
     */
    static Sleeper using(ScheduledExecutorService scheduler) {
        return millis -> {
            if (millis <= 0) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> done = new CompletableFuture<>();
            scheduler.schedule(() -> done.complete(null), millis, TimeUnit.MILLISECONDS);
            return done;
        };
    }

    /**
     * No waiting at all: each requested delay goes to {@code recorder}, and the wait is over at once.
     *
     * @param recorder receives each requested delay, in ms
     * @return a sleeper that never waits
     */
    static Sleeper recording(LongConsumer recorder) {
        return millis -> {
            recorder.accept(millis);
            return CompletableFuture.completedFuture(null);
        };
    }
}
