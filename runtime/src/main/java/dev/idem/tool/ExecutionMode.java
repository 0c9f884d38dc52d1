package dev.idem.tool;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The one difference between the synchronous and the asynchronous entry point; everything else
 * is the same code ({@link CallExecution}).
 *
 * <ul>
 *   <li>blocking (sync): a body without a timeout runs on the caller's thread, and every stage
 *       (body, timeout, delay) is waited for right there, so the next step also runs on the
 *       caller's thread;
 *   <li>non-blocking (async): bodies start on the executor's body pool; stages are chained, and
 *       nothing waits on a thread the executor does not own.
 * </ul>
 */
enum ExecutionMode {
    BLOCKING,
    NON_BLOCKING;

    /** Whether a body without a timeout may run right here, on the current thread. */
    boolean runsBodiesInline() {
        return this == BLOCKING;
    }

    /** The stage to continue from: already completed when blocking. */
    <T> CompletionStage<T> settle(CompletionStage<T> stage) {
        if (this == NON_BLOCKING) {
            return stage;
        }
        try {
            return CompletableFuture.completedFuture(stage.toCompletableFuture().join());
        } catch (CompletionException e) {
            return CompletableFuture.failedFuture(e.getCause() == null ? e : e.getCause());
        }
    }
}
