package dev.idem.faults;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a call on its own daemon thread and waits for it a bounded time, so a test of "this call
 * cannot hang" ends even when the call does hang: it then fails saying so, instead of blocking the
 * build. Wall-time limits given here are generous upper bounds on outcomes, not performance checks.
 *
 * <pre>{@code
 * Throwable failure = BoundedCall.failureWithin(Duration.ofSeconds(10), () -> model.chat(request));
 * }</pre>
 */
public final class BoundedCall {

    private BoundedCall() {
    }

    /** The call's result, or an {@link AssertionError} if it failed or is still running after {@code limit}. */
    @SuppressWarnings("unchecked")
    public static <T> T resultWithin(Duration limit, Supplier<T> call) {
        Outcome outcome = outcome(limit, call);
        if (outcome.failure != null) {
            throw new AssertionError("the call failed: " + outcome.failure, outcome.failure);
        }
        return (T) outcome.value;
    }

    /** What the call threw, or an {@link AssertionError} if it returned or is still running after {@code limit}. */
    public static Throwable failureWithin(Duration limit, Supplier<?> call) {
        Outcome outcome = outcome(limit, call);
        if (outcome.failure == null) {
            throw new AssertionError("the call did not fail; it returned " + outcome.value);
        }
        return outcome.failure;
    }

    private static Outcome outcome(Duration limit, Supplier<?> call) {
        CompletableFuture<Object> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                result.complete(call.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, "bounded-call");
        runner.setDaemon(true);
        runner.start();
        try {
            return new Outcome(result.get(limit.toMillis(), TimeUnit.MILLISECONDS), null);
        } catch (ExecutionException e) {
            return new Outcome(null, e.getCause());
        } catch (TimeoutException e) {
            runner.interrupt();
            throw new AssertionError("the call was still running after " + limit);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the call", e);
        }
    }

    private record Outcome(Object value, Throwable failure) {
    }
}
