package dev.idem.internal.call;

import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What holds a call while it runs, chosen once when its claim is owned: nothing for a call that is
 * not journaled, the executor's own journal in this process, a lease renewed in a file or
 * PostgreSQL journal, or the transaction of a transactional tool. The attempts ask it before each
 * attempt and hand it the call's end; a new kind of call is a new lease, not a flag.
 */
public sealed interface Lease permits Lease.None, InProcessLease, RenewedLease, TransactionLease {

    /** The lease of a call that is not journaled (a read-only tool): nothing to hold or record. */
    Lease NONE = new None();

    /** The body each attempt runs: {@code body} itself, or inside what holds the call. */
    default BoundCall around(BoundCall body) {
        return body;
    }

    /** The wall-clock limit after which an attempt's body is abandoned: the tool's, unless the lease ends it otherwise. */
    default long abandonAfterMs(long timeoutMs) {
        return timeoutMs;
    }

    /** What the failed attempts leave behind once {@code outcome} failed too. */
    default AttemptHistory after(AttemptHistory earlier, AttemptOutcome outcome) {
        return AttemptHistory.after(earlier, outcome);
    }

    /**
     * Whether the first attempt may start: {@code null} to go on at once, else whether the claim is
     * still held (an owner that stalled between its claim and its body may have lost it).
     */
    default CompletionStage<Boolean> confirmIfStale() {
        return null;
    }

    /** Whether another attempt may start: the claim is still this call's. */
    default CompletionStage<Boolean> confirm() {
        return CompletableFuture.completedFuture(true);
    }

    /** The answer when the claim was lost before the first attempt (only a renewed lease can be lost). */
    default CompletionStage<ToolResult> lostBeforeStart() {
        throw new IllegalStateException("a " + getClass().getSimpleName() + " is never lost");
    }

    /**
     * Records {@code result} as the call's outcome and hands it back. {@code lastFailure}: the
     * failure it reports, if any; {@code abandoned}: what bodies abandoned at their timeout come
     * to, or {@code null}.
     */
    CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure, CompletionStage<AttemptOutcome> abandoned);

    /** Nothing holds the call: nothing to record. */
    record None() implements Lease {
        @Override
        public CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure,
                CompletionStage<AttemptOutcome> abandoned) {
            return CompletableFuture.completedFuture(result);
        }
    }
}
