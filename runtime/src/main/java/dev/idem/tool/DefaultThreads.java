package dev.idem.tool;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads executors use when none are given: created on first use, shared by every executor,
 * daemon threads so they never keep the JVM alive.
 */
final class DefaultThreads {

    private DefaultThreads() {}

    /** Runs tool bodies that have a timeout, and every body of the asynchronous path. */
    static ExecutorService bodies() {
        return Bodies.POOL;
    }

    /** Fires timeouts and ends retry delays; its tasks are tiny and never block. */
    static ScheduledExecutorService timer() {
        return Timer.POOL;
    }

    private static final class Bodies {
        static final ExecutorService POOL = Executors.newCachedThreadPool(daemon("idem-tool-body-"));
    }

    private static final class Timer {
        static final ScheduledExecutorService POOL = create();

        private static ScheduledExecutorService create() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemon("idem-tool-timer-"));
            // Cancelled timeouts (the common case: the body finished in time) must not pile up.
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
