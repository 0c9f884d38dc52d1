package dev.idem.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {

    @Test
    void threadsAreDaemonsNamedAfterTheirOwner() {
        Thread first = DaemonThreads.named("idem-test").newThread(() -> { });
        Thread second = DaemonThreads.named("idem-test").newThread(() -> { });

        assertThat(first.isDaemon()).isTrue();
        assertThat(first.getName()).isEqualTo("idem-test-1");
        assertThat(second.getName()).isEqualTo("idem-test-1");
    }

    @Test
    void aTimerDropsCancelledTasksAtOnce() {
        ScheduledExecutorService timer = DaemonThreads.timer("idem-test-timer");
        try {
            ScheduledFuture<?> timeout = timer.schedule(() -> { }, 1, TimeUnit.HOURS);
            timeout.cancel(false);

            assertThat(((ScheduledThreadPoolExecutor) timer).getQueue()).isEmpty();
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void anIdleTimersThreadEndsSoNoLauncherWaitsForIt() throws Exception {
        ScheduledExecutorService timer = DaemonThreads.timer("idem-test-timer");
        try {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            timer.schedule(() -> ran.complete(Thread.currentThread()), 1, TimeUnit.MILLISECONDS);

            assertThatThreadEnds(ran.get(10, TimeUnit.SECONDS));
            CompletableFuture<Thread> again = new CompletableFuture<>();
            timer.schedule(() -> again.complete(Thread.currentThread()), 1, TimeUnit.MILLISECONDS);
            assertThat(again.get(10, TimeUnit.SECONDS)).as("a new task gets a new thread").isNotNull();
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void anIdlePoolsThreadEndsSoNoLauncherWaitsForIt() throws Exception {
        ExecutorService pool = DaemonThreads.cachedPool("idem-test-pool");
        try {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            pool.execute(() -> ran.complete(Thread.currentThread()));

            assertThatThreadEnds(ran.get(10, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
    }

    /** What {@code mvn exec:java} does after main returns: interrupt each thread, then wait for it (15 s). */
    private static void assertThatThreadEnds(Thread thread) throws InterruptedException {
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(10 * DaemonThreads.IDLE_SECONDS));
        assertThat(thread.isAlive()).as("%s, idle, still alive", thread.getName()).isFalse();
    }
}
