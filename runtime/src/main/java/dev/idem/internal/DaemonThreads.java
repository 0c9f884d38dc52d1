package dev.idem.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads Idem starts on its own when the caller gives none: daemon threads, so they never
 * keep the JVM alive, named {@code <name>-<n>} so a thread dump says whose they are. A pool's
 * thread ends after {@value #IDLE_SECONDS} idle second: a launcher that waits for the threads a
 * program started ({@code mvn exec:java} waits 15 s for each daemon that outlives its interrupt)
 * is not kept waiting by an idle Idem thread. Pools are created by their owners on first use (in
 * a holder class), never at class load of the runtime.
 *
 * <pre>{@code
 * private static final class Timer {
 *     static final ScheduledExecutorService POOL = DaemonThreads.timer("idem-tool-timer");
 * }
 * }</pre>
 */
public final class DaemonThreads {
    /** How long a pool's thread waits for work before it ends. */
    public static final long IDLE_SECONDS = 1;

    private DaemonThreads() {
    }

    /**
     * Daemon threads named {@code name-1}, {@code name-2} ...
     *
     * @param name the threads' name prefix
     * @return a factory of daemon threads
     */
    public static ThreadFactory named(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * A pool that grows with demand and lets idle threads go: for work that blocks (bodies, streams).
     *
     * @param name the threads' name prefix
     * @return the pool
     */
    public static ExecutorService cachedPool(String name) {
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(),
                named(name));
    }

    /**
     * One thread for tiny, never-blocking tasks (timeouts, the end of a wait, an idle check).
     * Cancelled tasks are removed at once: most timeouts are cancelled because the work finished
     * in time, and they must not pile up until they would have fired.
     *
     * @param name the thread's name prefix
     * @return the timer
     */
    public static ScheduledExecutorService timer(String name) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, named(name));
        timer.setRemoveOnCancelPolicy(true);
        timer.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        return timer;
    }
}
