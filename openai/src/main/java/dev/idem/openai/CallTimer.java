package dev.idem.openai;

import dev.idem.internal.DaemonThreads;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The one daemon thread that ends model calls on time: deadlines of non-streamed bodies, idle
 * and deadline checks of streams. Its tasks only cancel a subscription or close a stream, never
 * block; created on first use.
 */
final class CallTimer {

    static final ScheduledExecutorService TIMER = DaemonThreads.timer("idem-model-call-watch");

    private CallTimer() {
    }
}
