package dev.idem.openai;

import dev.idem.internal.DaemonThreads;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A response body that closes itself once a read has waited longer than the idle timeout, so
 * that a stream stalled after its status line ends instead of blocking its reader forever. The
 * blocked read then returns (end of stream or an {@link IOException}) and {@link #stalled()}
 * says why. Only time spent blocked in a read counts: a slow {@code StreamListener} on the
 * reading thread never makes the provider look idle.
 *
 * <p>One timer task per body, on one shared daemon thread; it is re-armed by itself from the
 * last activity, never per read. {@link #close()} cancels it. One reading thread per instance.
 *
 * <pre>{@code
 * try (IdleWatchedBody body = IdleWatchedBody.watch(response.body(), Duration.ofSeconds(60))) {
 *     ... read body ...; if it ended early and body.stalled(): an idle timeout
 * }
 * }</pre>
 */
final class IdleWatchedBody extends FilterInputStream {

    // A finished stream cancels its pending check; the timer drops it at once rather than keeping it
    // queued for up to the idle timeout.
    private static final ScheduledExecutorService TIMER = DaemonThreads.timer("idem-stream-idle-watch");

    private final long idleNanos;
    private volatile long lastActivity = System.nanoTime();
    private volatile boolean reading;
    private volatile boolean stalled;
    private long bytesRead;
    private boolean closed;
    private ScheduledFuture<?> check;

    private IdleWatchedBody(InputStream body, Duration idle) {
        super(body);
        this.idleNanos = idle.toNanos();
    }

    /** Wraps {@code body} and starts watching it. */
    static IdleWatchedBody watch(InputStream body, Duration idle) {
        IdleWatchedBody watched = new IdleWatchedBody(body, idle);
        watched.schedule(watched.idleNanos);
        return watched;
    }

    /** Whether the body was closed because no byte arrived within the idle timeout. */
    boolean stalled() {
        return stalled;
    }

    /** Bytes handed to the reader so far. */
    long bytesRead() {
        return bytesRead;
    }

    /** The idle timeout in milliseconds, for messages. */
    long idleMillis() {
        return TimeUnit.NANOSECONDS.toMillis(idleNanos);
    }

    @Override
    public int read() throws IOException {
        begin();
        try {
            int next = super.read();
            bytesRead += next < 0 ? 0 : 1;
            return next;
        } finally {
            end();
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        begin();
        try {
            int count = super.read(buffer, offset, length);
            bytesRead += Math.max(count, 0);
            return count;
        } finally {
            end();
        }
    }

    @Override
    public long skip(long count) throws IOException {
        begin();
        try {
            return super.skip(count);
        } finally {
            end();
        }
    }

    /** Stops watching and closes the body. */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            closed = true;
            if (check != null) {
                check.cancel(false);
            }
        }
        super.close();
    }

    private void begin() {
        lastActivity = System.nanoTime();
        reading = true;
    }

    private void end() {
        reading = false;
        lastActivity = System.nanoTime();
    }

    private synchronized void schedule(long delayNanos) {
        if (!closed) {
            check = TIMER.schedule(this::checkIdle, delayNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Runs on the timer: closes a body whose reader waited too long, else checks again when it could next be idle. */
    private void checkIdle() {
        long quiet = System.nanoTime() - lastActivity;
        if (reading && quiet >= idleNanos) {
            synchronized (this) {
                if (closed) {
                    return;
                }
                stalled = true;
            }
            try {
                // Closing the body is what makes the blocked read return.
                close();
            } catch (IOException ignored) {
                // The reader sees the stream end either way; stalled() tells it why.
            }
            return;
        }
        schedule(reading ? idleNanos - quiet : idleNanos);
    }

}
