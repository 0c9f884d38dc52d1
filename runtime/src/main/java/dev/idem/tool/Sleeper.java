package dev.idem.tool;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Waits between attempts. Injectable so tests record the delays instead of waiting them out.
 * The asynchronous path never blocks on it; the synchronous path waits for the stage on the
 * caller's own thread.
 *
 * <pre>{@code
 * List<Long> delays = new ArrayList<>();
 * Sleeper recording = millis -> { delays.add(millis); return CompletableFuture.completedFuture(null); };
 * }</pre>
 */
@FunctionalInterface
public interface Sleeper {

    /** A stage that completes after {@code millis}; must not block the calling thread. */
    CompletionStage<Void> sleep(long millis);

    /** Real waiting, on the given scheduler. */
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
}
