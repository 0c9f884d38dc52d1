package dev.idem.openai;

import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderResponseException;
import dev.idem.retry.DispatchPhase;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The body of a non-streamed answer, read under the call's deadline and within a size cap. It
 * remembers whether a status line arrived (a failure after it is a response cut off once the
 * provider had processed the request: MAYBE_PROCESSED). A 2xx body over {@code maxBytes}, or any
 * body still arriving at the deadline, fails the call with a {@link ProviderResponseException}
 * and cancels the body subscription, which makes the HTTP client close the connection: the server
 * is no longer read and no thread waits for it. An error answer (non-2xx) keeps its first
 * {@link #ERROR_BODY_BYTES} bytes: its status is what counts. One instance per request.
 */
final class BoundedBody implements BodyHandler<ResponseBytes> {

    /** How much of an error answer's body is kept. */
    static final int ERROR_BODY_BYTES = 64 * 1024;

    private final long maxBytes;
    private final long deadlineNanos;
    private final String timeoutName;
    private final long timeoutMillis;
    private volatile int status = -1;
    private volatile Subscriber subscriber;
    private volatile boolean aborted;

    /**
     * @param deadlineNanos {@link System#nanoTime()} by which the whole body must be in
     * @param timeoutName   the setting that made the deadline, for the message
     */
    BoundedBody(long maxBytes, long deadlineNanos, String timeoutName, long timeoutMillis) {
        this.maxBytes = maxBytes;
        this.deadlineNanos = deadlineNanos;
        this.timeoutName = timeoutName;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public BodySubscriber<ResponseBytes> apply(ResponseInfo info) {
        status = info.statusCode();
        boolean success = status / 100 == 2;
        Subscriber body = new Subscriber(success ? maxBytes : Math.min(maxBytes, ERROR_BODY_BYTES), success);
        subscriber = body;
        if (aborted) {
            body.stop(new CancellationException("the caller stopped waiting for the answer"));
        }
        return body;
    }

    /** Whether the response's status line was received. */
    boolean statusReceived() {
        return status >= 0;
    }

    /** The status received, or -1. */
    int status() {
        return status;
    }

    /** Ends the exchange if the body is still being read (the caller gave up); harmless once it is done. */
    void abort() {
        aborted = true;
        Subscriber body = subscriber;
        if (body != null) {
            body.stop(new CancellationException("the caller stopped waiting for the answer"));
        }
    }

    private final class Subscriber implements BodySubscriber<ResponseBytes> {
        private final CompletableFuture<ResponseBytes> result = new CompletableFuture<>();
        private final ResponseBytes bytes;
        private final boolean failsWhenOverCap;
        private Flow.Subscription subscription;
        private ScheduledFuture<?> deadline;

        private Subscriber(long cap, boolean failsWhenOverCap) {
            this.bytes = new ResponseBytes(cap);
            this.failsWhenOverCap = failsWhenOverCap;
        }

        @Override
        public CompletionStage<ResponseBytes> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription value) {
            synchronized (this) {
                subscription = value;
                if (!result.isDone()) {
                    long left = Math.max(0, deadlineNanos - System.nanoTime());
                    deadline = CallTimer.TIMER.schedule(this::expire, left, TimeUnit.NANOSECONDS);
                }
            }
            if (result.isDone()) {
                value.cancel();
            } else {
                value.request(Long.MAX_VALUE);
            }
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (result.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                if (!bytes.append(buffer)) {
                    stop(failsWhenOverCap ? WireFormat.tooLarge("the response body is larger than "
                            + maxBytes + " bytes (maxResponseBytes); stopped reading") : null);
                    return;
                }
            }
        }

        @Override
        public void onError(Throwable error) {
            cancelDeadline();
            result.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            cancelDeadline();
            result.complete(bytes);
        }

        /** Runs on the timer: the body is still coming at the deadline (the byte count is read racily, for the message only). */
        private void expire() {
            stop(new ProviderResponseException(ErrorKind.IDLE_TIMEOUT, DispatchPhase.MAYBE_PROCESSED,
                    "the answer took longer than the " + timeoutName + " of " + timeoutMillis + " ms; stopped reading after "
                            + bytes.length() + " bytes of the body", null));
        }

        /**
         * Ends the exchange: fails the body with {@code failure}, or (null) completes it with what
         * was kept, then cancels the subscription so the connection is closed.
         */
        private void stop(RuntimeException failure) {
            boolean changed = failure != null ? result.completeExceptionally(failure) : result.complete(bytes);
            Flow.Subscription toCancel;
            synchronized (this) {
                toCancel = changed ? subscription : null;
            }
            cancelDeadline();
            if (toCancel != null) {
                toCancel.cancel();
            }
        }

        private synchronized void cancelDeadline() {
            if (deadline != null) {
                deadline.cancel(false);
            }
        }
    }
}
