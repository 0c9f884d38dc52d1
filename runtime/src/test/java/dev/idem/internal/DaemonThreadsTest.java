package dev.idem.internal;

import static org.assertj.core.api.Assertions.assertThat;

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
}
