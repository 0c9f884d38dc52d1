package dev.idem.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one difference between a blocking and a non-blocking entry point. Idem's state machines
 * (a tool call, a model call, an agent run) are written once, as chains of stages; the mode only
 * decides whether each stage is waited for where it is made.
 *
 * <ul>
 *   <li>{@link #BLOCKING}: every stage is {@linkplain #settle settled} on the caller's thread, so
 *       the next step also runs there and the whole call stays on that thread;
 *   <li>{@link #NON_BLOCKING}: stages are chained as they are, and nothing waits on a thread the
 *       caller did not give.
 * </ul>
 *
 * <pre>{@code
 * return mode.settle(sleeper.sleep(delayMs)).thenCompose(ignored -> attempt(number + 1));
 * }</pre>
 */
public enum Mode {
    /** Stages are settled on the caller's thread. */
    BLOCKING,
    /** Stages are chained as they are. */
    NON_BLOCKING;

    /**
     * Whether this mode waits on the caller's thread (so work may also run right there).
     *
     * @return whether this mode waits on the caller's thread
     */
    public boolean isBlocking() {
        return this == BLOCKING;
    }

    /**
     * The stage to continue from. Blocking: waits for {@code stage} here and returns an already
     * completed stage (failed with the unwrapped cause when it failed), so whatever is chained on
     * it runs on this thread. The wait is not cut short by an interrupt (the flag stays set for
     * the caller to see), as {@link CompletableFuture#join} does. Non-blocking: {@code stage} itself.
     *
     * @param <T>   the stage's value type
     * @param stage the stage
     * @return a stage to continue from
     */
    public <T> CompletionStage<T> settle(CompletionStage<T> stage) {
        if (this == NON_BLOCKING) {
            return stage;
        }
        try {
            return CompletableFuture.completedFuture(stage.toCompletableFuture().join());
        } catch (CompletionException e) {
            return CompletableFuture.failedFuture(CauseChain.unwrap(e));
        }
    }

    /**
     * Work that blocks: blocking, it runs now on this thread; non-blocking, it runs on
     * {@code threads}. Either way the stage carries its value or what it threw.
     *
     * @param <T>     the work's value type
     * @param work    the blocking work
     * @param threads where the work runs when non-blocking
     * @return the stage of the work's value
     */
    public <T> CompletionStage<T> offload(Supplier<? extends T> work, Executor threads) {
        return this == BLOCKING ? now(work) : CompletableFuture.<T>supplyAsync(work::get, threads);
    }

    /**
     * Runs {@code work} on this thread: a completed stage with its value, or a failed one with what it threw.
     *
     * @param <T>  the work's value type
     * @param work the work
     * @return a completed stage
     */
    public static <T> CompletionStage<T> now(Supplier<? extends T> work) {
        try {
            return CompletableFuture.completedFuture(work.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code stage.thenCompose(next)}, with {@code next} called right here when the stage already
     * has its value: the synchronous path chains no stage (and allocates none) for it.
     *
     * @param <T>   the stage's value type
     * @param <U>   the next stage's value type
     * @param stage the stage
     * @param next  the step after it
     * @return the stage of the step's value
     */
    public static <T, U> CompletionStage<U> thenCompose(CompletionStage<T> stage,
            Function<? super T, ? extends CompletionStage<U>> next) {
        if (stage instanceof CompletableFuture<T> done && done.isDone() && !done.isCompletedExceptionally()) {
            return next.apply(done.join());
        }
        return stage.thenCompose(next);
    }

    /**
     * {@code stage.handle(then)}, with {@code then} called right here when the stage is already
     * complete (the failure unwrapped from its {@link CompletionException}, as {@code handle} gives it).
     *
     * @param <T>   the stage's value type
     * @param <U>   the value type {@code then} returns
     * @param stage the stage
     * @param then  called with the value or the failure
     * @return the stage of what {@code then} returns
     */
    public static <T, U> CompletionStage<U> handle(CompletionStage<T> stage,
            BiFunction<? super T, Throwable, ? extends U> then) {
        if (stage instanceof CompletableFuture<T> done && done.isDone() && !done.isCancelled()) {
            T value;
            try {
                value = done.join();
            } catch (CompletionException e) {
                return CompletableFuture.completedFuture(then.apply(null, CauseChain.unwrap(e)));
            }
            return CompletableFuture.completedFuture(then.apply(value, null));
        }
        return stage.handle(then);
    }

    /**
     * Waits for {@code stage} and returns its value; a failure is rethrown as it was thrown
     * (unchecked exceptions and errors unwrapped from their {@link CompletionException}).
     *
     * @param <T>   the stage's value type
     * @param stage the stage
     * @return its value
     */
    public static <T> T join(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            Throwable cause = CauseChain.unwrap(e);
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
