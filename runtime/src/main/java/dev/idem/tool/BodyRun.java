package dev.idem.tool;

import dev.idem.internal.Mode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * Runs a bound body once and reports how it ended, never exceptionally. Under a wall-clock
 * timeout the body runs on the pool; when the time is up the attempt ends as timed out, the
 * body's context is cancelled and its thread interrupted, and whatever the body does afterwards
 * (return or throw) is ignored: the attempt has exactly one outcome, so a late failure is never
 * counted twice.
 */
final class BodyRun {

    private final ExecutorService pool;
    private final ScheduledExecutorService timer;

    BodyRun(ExecutorService pool, ScheduledExecutorService timer) {
        this.pool = pool;
        this.timer = timer;
    }

    CompletionStage<AttemptOutcome> start(BoundCall body, ToolContext context, AtomicBoolean cancelled,
            long timeoutMs, Mode mode) {
        if (timeoutMs <= 0 && mode.isBlocking()) {
            CompletableFuture<AttemptOutcome> outcome = new CompletableFuture<>();
            runInto(body, context, outcome, null); // nothing can cancel it: no timer
            return outcome;
        }
        CompletableFuture<AttemptOutcome> outcome = new CompletableFuture<>();
        AtomicReference<CompletionStage<JsonNode>> bodyStage = new AtomicReference<>();
        Future<?> task;
        try {
            task = pool.submit(() -> runInto(body, context, outcome, bodyStage));
        } catch (RejectedExecutionException e) {
            outcome.complete(AttemptOutcome.failed(ToolFailure.thrown(e)));
            return outcome;
        }
        if (timeoutMs > 0) {
            ScheduledFuture<?> deadline = timer.schedule(() -> {
                TimeoutException late = new TimeoutException("did not finish within " + timeoutMs + " ms");
                if (outcome.complete(AttemptOutcome.failed(ToolFailure.timedOut(late)))) {
                    cancelled.set(true);
                    task.cancel(true);
                    CompletionStage<JsonNode> stage = bodyStage.get();
                    if (stage != null) {
                        stage.toCompletableFuture().cancel(true);
                    }
                }
            }, timeoutMs, TimeUnit.MILLISECONDS);
            outcome.whenComplete((ignored, error) -> deadline.cancel(false));
        }
        return outcome;
    }

    /** The outcome of a started attempt if it is already there, else {@code null}. */
    static AttemptOutcome ifDone(CompletionStage<AttemptOutcome> started) {
        // Attempt stages are made here and never fail: done means a value.
        return started instanceof CompletableFuture<AttemptOutcome> future ? future.getNow(null) : null;
    }

    private static void runInto(BoundCall body, ToolContext context, CompletableFuture<AttemptOutcome> outcome,
            AtomicReference<CompletionStage<JsonNode>> bodyStage) {
        CompletionStage<JsonNode> stage;
        try {
            stage = body.run(context);
        } catch (Throwable thrown) {
            // Whatever the body throws is a classified failure of this attempt, Errors included:
            // the executor must answer the model, not die with the body.
            outcome.complete(AttemptOutcome.failed(ToolFailure.thrown(thrown)));
            return;
        }
        if (stage == null) {
            outcome.complete(AttemptOutcome.returned(null));
            return;
        }
        if (stage instanceof CompletableFuture<JsonNode> future && future.isDone() && !future.isCompletedExceptionally()) {
            // A synchronous tool returns a completed stage: its value, without chaining on it.
            outcome.complete(AttemptOutcome.returned(future.getNow(null)));
            return;
        }
        if (bodyStage != null) {
            bodyStage.set(stage);
        }
        stage.whenComplete((value, error) -> outcome.complete(error == null
                ? AttemptOutcome.returned(value)
                : AttemptOutcome.failed(ToolFailure.thrown(error))));
    }
}
