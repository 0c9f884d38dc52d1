package dev.idem.internal.call;

import dev.idem.internal.DaemonThreads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The threads executors use when none are given: created on first use, shared by every executor,
 * daemon threads so they never keep the JVM alive.
 */
public final class DefaultThreads {

    private DefaultThreads() {}

    /** Runs tool bodies that have a timeout, and every body of the asynchronous path. */
    public static ExecutorService bodies() {
        return Bodies.POOL;
    }

    /** Fires timeouts and ends retry delays; its tasks are tiny and never block. */
    public static ScheduledExecutorService timer() {
        return Timer.POOL;
    }

    private static final class Bodies {
        public static final ExecutorService POOL = DaemonThreads.cachedPool("idem-tool-body");
    }

    private static final class Timer {
        public static final ScheduledExecutorService POOL = DaemonThreads.timer("idem-tool-timer");
    }
}
