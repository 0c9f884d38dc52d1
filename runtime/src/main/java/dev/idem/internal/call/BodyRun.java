package dev.idem.internal.call;

import dev.idem.internal.Mode;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolFailure;
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
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Runs a bound body once and reports how it ended, never exceptionally. Under a wall-clock
 * timeout the body runs on the pool; when the time is up the attempt ends as timed out, the
 * body's context is cancelled and its thread interrupted, and whatever the body does afterwards
 * (return or throw) does not change the attempt's outcome: the attempt has exactly one, so a late
 * failure is never counted twice. What the abandoned body came to is still watched
 * ({@link AttemptOutcome#abandoned}): until it returns, it may still reach the service, and a
 * verifier's "not applied" is no evidence. An asynchronous body's stage is therefore not cancelled:
 * its completion is how its end is known.
 */
public final class BodyRun {

    private static final int NOT_STARTED = 0;
    private static final int RUNNING = 1;
    private static final int NEVER_RUN = 2;

    private final ExecutorService pool;
    private final ScheduledExecutorService timer;

    public BodyRun(ExecutorService pool, ScheduledExecutorService timer) {
        this.pool = pool;
        this.timer = timer;
    }

    /** {@code cancelled}: set when {@code timeoutMs} is up; {@code null} only when there is no time limit. */
    public CompletionStage<AttemptOutcome> start(BoundCall body, ToolContext context, AtomicBoolean cancelled,
            long timeoutMs) {
        CompletableFuture<AttemptOutcome> outcome = new CompletableFuture<>();
        CompletableFuture<AttemptOutcome> ended = new CompletableFuture<>(); // whenever the body returns
        AtomicInteger state = new AtomicInteger(NOT_STARTED);
        Future<?> task;
        try {
            task = pool.submit(() -> {
                if (state.compareAndSet(NOT_STARTED, RUNNING)) {
                    runInto(body, context, ended);
                }
            });
        } catch (RejectedExecutionException e) {
            outcome.complete(AttemptOutcome.failed(ToolFailure.thrown(e)));
            return outcome;
        }
        ended.whenComplete((done, error) -> outcome.complete(done));
        if (timeoutMs > 0) {
            ScheduledFuture<?> deadline = timer.schedule(() -> {
                TimeoutException late = new TimeoutException("did not finish within " + timeoutMs + " ms");
                if (outcome.complete(AttemptOutcome.abandoned(ToolFailure.timedOut(late), ended))) {
                    cancelled.set(true);
                    if (state.compareAndSet(NOT_STARTED, NEVER_RUN)) {
                        // still queued: it never runs, so it can reach nothing
                        ended.complete(AttemptOutcome.failed(ToolFailure.timedOut(late)));
                    }
                    task.cancel(true);
                }
            }, timeoutMs, TimeUnit.MILLISECONDS);
            outcome.whenComplete((ignored, error) -> deadline.cancel(false));
        }
        return outcome;
    }

    /** The outcome of a started attempt if it is already there, else {@code null}. */
    public static AttemptOutcome ifDone(CompletionStage<AttemptOutcome> started) {
        // Attempt stages are made here and never fail: done means a value.
        return started instanceof CompletableFuture<AttemptOutcome> future ? future.getNow(null) : null;
    }

    /**
     * Runs the body on this thread with no time limit, for a blocking call: nothing can cancel it,
     * and this thread waits for an asynchronous body's stage as the caller would.
     */
    public static AttemptOutcome runHere(BoundCall body, ToolContext context) {
        CompletionStage<JsonNode> stage;
        try {
            stage = body.run(context);
        } catch (Throwable thrown) {
            return thrownBy(thrown);
        }
        AttemptOutcome now = ended(stage);
        return now != null ? now : Mode.join(stage.handle(BodyRun::outcomeOf));
    }

    private static void runInto(BoundCall body, ToolContext context, CompletableFuture<AttemptOutcome> outcome) {
        CompletionStage<JsonNode> stage;
        try {
            stage = body.run(context);
        } catch (Throwable thrown) {
            outcome.complete(thrownBy(thrown));
            return;
        }
        AttemptOutcome now = ended(stage);
        if (now != null) {
            outcome.complete(now);
        } else {
            stage.whenComplete((value, error) -> outcome.complete(outcomeOf(value, error)));
        }
    }

    /** Whatever the body throws is a classified failure of this attempt, Errors included: the executor must answer the model, not die with the body. */
    private static AttemptOutcome thrownBy(Throwable thrown) {
        return AttemptOutcome.failed(ToolFailure.thrown(thrown));
    }

    /** The outcome of a body whose stage has ended (a synchronous tool's completed stage, or none), else {@code null}. */
    private static AttemptOutcome ended(CompletionStage<JsonNode> stage) {
        if (stage == null) {
            return AttemptOutcome.returned(null);
        }
        if (stage instanceof CompletableFuture<JsonNode> future && future.isDone() && !future.isCompletedExceptionally()) {
            return AttemptOutcome.returned(future.getNow(null)); // its value, without chaining on it
        }
        return null;
    }

    private static AttemptOutcome outcomeOf(JsonNode value, Throwable error) {
        return error == null ? AttemptOutcome.returned(value) : thrownBy(error);
    }

    /**
     * How one body run ended: a returned value, or a classified failure. Exactly one is set.
     *
     * @param value     what the body returned
     * @param failure   how the run failed
     * @param abandoned for a run abandoned at its timeout, what its body came to once it returned,
     *                  whenever that is; {@code null} otherwise
     */
    public record AttemptOutcome(JsonNode value, ToolFailure failure, CompletionStage<AttemptOutcome> abandoned) {

        public static AttemptOutcome returned(JsonNode value) {
            return new AttemptOutcome(value, null, null);
        }

        public static AttemptOutcome failed(ToolFailure failure) {
            return new AttemptOutcome(null, failure, null);
        }

        /** The run was abandoned at its timeout; {@code ended} completes when its body returns. */
        public static AttemptOutcome abandoned(ToolFailure timedOut, CompletionStage<AttemptOutcome> ended) {
            return new AttemptOutcome(null, timedOut, ended);
        }

        public boolean succeeded() {
            return failure == null;
        }
    }
}
