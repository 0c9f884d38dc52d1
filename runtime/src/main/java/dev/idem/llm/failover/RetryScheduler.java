package dev.idem.llm.failover;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The default scheduler of async retries: one daemon thread, created on first use. It only
 * starts the next attempt; the attempt itself is asynchronous, so one thread is enough.
 */
final class RetryScheduler {
    private RetryScheduler() {
    }

    static ScheduledExecutorService shared() {
        return Holder.SCHEDULER;
    }

    private static final class Holder {
        static final ScheduledExecutorService SCHEDULER = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "idem-model-retry");
            thread.setDaemon(true);
            return thread;
        });
    }
}
