package dev.idem.openai;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A streamed response body that closes itself when the provider stops making progress or the
 * call runs out of time, so that no server can hold its reader: the blocked read then returns
 * (end of stream or an {@link IOException}) and {@link #stalled()} or {@link #expired()} says
 * why. Closing it also ends the HTTP exchange (the client cancels the body subscription).
 *
 * <ul>
 *   <li><b>Idle</b>: the reader calls {@link #progress()} when it has read something meaningful
 *       (an event's data), not on every byte, so keep-alive comments and a body trickled a byte
 *       at a time do not keep the stream alive. Only time spent blocked in a read counts: a slow
 *       {@code StreamListener} on the reading thread (which marks progress once it is done) never
 *       makes the provider look idle.</li>
 *   <li><b>Deadline</b>: at the call's deadline the body is closed whatever the reader is doing;
 *       the listener's time counts here, as it is part of the call.</li>
 * </ul>
 *
 * <p>One timer task per body, on the shared {@link CallTimer}; it re-arms itself from the last
 * progress, never per read. {@link #close()} cancels it. One reading thread per instance.
 *
 * <pre>{@code
 * try (WatchedBody body = WatchedBody.watch(response.body(), Duration.ofSeconds(60), deadlineNanos)) {
 *     ... read a line ...; if it carried data: body.progress();
 *     ... if it ended early: body.expired() or body.stalled() says why
 * }
 * }</pre>
 */
final class WatchedBody extends FilterInputStream {

    private final long idleNanos;
    private final long deadlineNanos;
    private volatile long lastProgress = System.nanoTime();
    private volatile boolean reading;
    private volatile boolean stalled;
    private volatile boolean expired;
    private long bytesRead;
    private boolean closed;
    private ScheduledFuture<?> check;

    private WatchedBody(InputStream body, Duration idle, long deadlineNanos) {
        super(body);
        this.idleNanos = idle.toNanos();
        this.deadlineNanos = deadlineNanos;
    }

    /** Wraps {@code body} and starts watching it; {@code deadlineNanos} is a {@link System#nanoTime()}. */
    static WatchedBody watch(InputStream body, Duration idle, long deadlineNanos) {
        WatchedBody watched = new WatchedBody(body, idle, deadlineNanos);
        watched.schedule(watched.idleNanos);
        return watched;
    }

    /** The reader got something meaningful: the idle timeout starts again from now. */
    void progress() {
        lastProgress = System.nanoTime();
    }

    /** Whether the body was closed because no progress came within the idle timeout. */
    boolean stalled() {
        return stalled;
    }

    /** Whether the body was closed because the call's deadline passed. */
    boolean expired() {
        return expired;
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
        reading = true;
        try {
            int next = super.read();
            bytesRead += next < 0 ? 0 : 1;
            return next;
        } finally {
            reading = false;
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        reading = true;
        try {
            int count = super.read(buffer, offset, length);
            bytesRead += Math.max(count, 0);
            return count;
        } finally {
            reading = false;
        }
    }

    @Override
    public long skip(long count) throws IOException {
        reading = true;
        try {
            return super.skip(count);
        } finally {
            reading = false;
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

    private synchronized void schedule(long delayNanos) {
        if (!closed) {
            long untilDeadline = Math.max(0, deadlineNanos - System.nanoTime());
            check = CallTimer.TIMER.schedule(this::check, Math.min(delayNanos, untilDeadline), TimeUnit.NANOSECONDS);
        }
    }

    /** Runs on the timer: closes a body past its deadline or idle too long, else checks again when it next could be. */
    private void check() {
        long now = System.nanoTime();
        if (now - deadlineNanos >= 0) {
            stop(true);
            return;
        }
        long quiet = now - lastProgress;
        if (reading && quiet >= idleNanos) {
            stop(false);
            return;
        }
        // Not reading (the listener has the thread): it marks progress when done, so look again a full timeout later.
        schedule(reading ? idleNanos - quiet : idleNanos);
    }

    private void stop(boolean deadline) {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (deadline) {
                expired = true;
            } else {
                stalled = true;
            }
        }
        try {
            // Closing the body is what makes the blocked read return.
            close();
        } catch (IOException ignored) {
            // The reader sees the stream end either way; stalled() and expired() tell it why.
        }
    }
}
