package dev.idem.llm.failover;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/** The non-blocking retry loop: each next attempt is scheduled after its backoff. */
final class AsyncLoop<P, T> {
    private final CallAttempts<P> attempts;
    private final Supplier<ScheduledExecutorService> scheduler;
    private final Function<? super P, ? extends CompletionStage<? extends T>> first;
    private final Function<? super P, ? extends CompletionStage<? extends T>> fallback;
    private final CompletableFuture<T> result = new CompletableFuture<>();

    AsyncLoop(CallAttempts<P> attempts, Supplier<ScheduledExecutorService> scheduler,
            Function<? super P, ? extends CompletionStage<? extends T>> first,
            Function<? super P, ? extends CompletionStage<? extends T>> fallback) {
        this.attempts = attempts;
        this.scheduler = scheduler;
        this.first = first;
        this.fallback = fallback;
    }

    CompletionStage<T> start() {
        attempt();
        return result;
    }

    private void attempt() {
        attempts.begin();
        Function<? super P, ? extends CompletionStage<? extends T>> call = attempts.streaming() ? first : fallback;
        CompletionStage<? extends T> stage;
        try {
            stage = call.apply(attempts.profile());
            if (stage == null) {
                throw new NullPointerException("the model call returned no CompletionStage");
            }
        } catch (RuntimeException thrown) {
            stage = CompletableFuture.failedFuture(thrown);
        } catch (Error fatal) {
            // Scheduled attempts run on a thread nobody watches: the caller must still hear of it.
            result.completeExceptionally(fatal);
            return;
        }
        stage.whenComplete((value, error) -> {
            if (error == null) {
                attempts.succeeded();
                result.complete(value);
            } else if (error instanceof Error) {
                result.completeExceptionally(error);
            } else {
                retryOrSurface(error);
            }
        });
    }

    private void retryOrSurface(Throwable error) {
        FailoverDecision decision;
        try {
            decision = attempts.failed(error);
        } catch (ModelCallException surfaced) {
            result.completeExceptionally(surfaced);
            return;
        }
        try {
            scheduler.get().schedule(this::attempt, decision.backoffMs(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException shutDown) {
            result.completeExceptionally(attempts.waitFailed(shutDown));
        }
    }
}
