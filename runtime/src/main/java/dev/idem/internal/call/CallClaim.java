package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.internal.CauseChain;
import dev.idem.internal.Mode;
import dev.idem.journal.CallError;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.tool.ToolResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The claim of one call's intent, after binding and before the first attempt: the journal's answer
 * as a {@link ClaimAnswer} (docs/journal.md):
 *
 * <table>
 *   <caption>the journal says, the claim answers</caption>
 *   <tr><td>new, or a failure that left no effect</td><td>{@link ClaimAnswer.Owned}, with the call's lease</td></tr>
 *   <tr><td>SUCCEEDED, terminal FAILED</td><td>{@link ClaimAnswer.Answered}: replayed, 0 attempts</td></tr>
 *   <tr><td>OUTCOME_UNKNOWN or a lost owner</td><td>idempotent: taken over ({@code Owned}, {@code takenOver});
 *       otherwise {@link ClaimAnswer.RecordedUnknown}</td></tr>
 *   <tr><td>in flight elsewhere</td><td>waits with backoff up to the tool's timeout, then IN_FLIGHT</td></tr>
 *   <tr><td>conflict, or the journal unreachable</td><td>KEY_CONFLICT, CONNECTION_ERROR; nothing runs</td></tr>
 * </table>
 *
 * <p>What holds an owned claim is chosen once per call, by {@link Holding}.
 */
public final class CallClaim {

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);
    private static final long FIRST_WAIT_MS = 25;
    private static final long MAX_WAIT_STEP_MS = 1_000;

    /** How a call's intent is claimed and what holds it once owned: the journal's or a transaction's. */
    public sealed interface Holding {
        /** The holding of every call on the executor's journal: one value, nothing to allocate per call. */
        Holding ON_JOURNAL = new OnJournal();

        /** The executor's own journal in memory, or a journal other processes read (leases renewed). */
        record OnJournal() implements Holding {}

        /** A transactional tool's: each attempt's transaction holds the key's row. */
        record InTransaction(TransactionalCall transaction) implements Holding {}
    }

    private final JournalCall call;
    private final Holding holding;
    private final boolean unknownBefore; // the run already saw an unknown outcome of this intent

    public CallClaim(JournalCall call, Holding holding, boolean unknownBefore) {
        this.call = call;
        this.holding = holding;
        this.unknownBefore = unknownBefore;
    }

    /** Claims the intent, re-drivable when the tool is idempotent. */
    public CompletionStage<ClaimAnswer> begin() {
        ClaimAnswer known = known();
        return known != null ? CompletableFuture.completedFuture(known) : claim(false, 0, FIRST_WAIT_MS);
    }

    /**
     * As {@link #begin}, for a blocking call: the answer, made on this thread; a journal that
     * answers at once costs no stage.
     */
    public ClaimAnswer beginHere() {
        ClaimAnswer known = known();
        return known != null ? known : claimHere(false, 0, FIRST_WAIT_MS);
    }

    /**
     * The answer of an outcome this process knows and the journal has yet to be told, or {@code null}.
     * Its unknown outcome whose body may still run is this process's own: it runs until it returns.
     */
    private ClaimAnswer known() {
        CallOutcome known = call.access().unwritten().find(call.key());
        return known == null ? null : answerOf(known.status(), known.resultJson(), known.error(), known.holdsLease());
    }

    /**
     * Claims an intent whose outcome was unknown once its verifier answered APPLIED or NOT_APPLIED:
     * taken over whatever the tool's flags.
     */
    public CompletionStage<ClaimAnswer> reclaim() {
        return claim(true, 0, FIRST_WAIT_MS);
    }

    /** {@code reclaiming}: a verifier answered, so the claim takes the intent over whatever the tool's flags. */
    private CompletionStage<ClaimAnswer> claim(boolean reclaiming, long waitedMs, long nextWaitMs) {
        if (call.mode().isBlocking()) {
            return CompletableFuture.completedFuture(claimHere(reclaiming, waitedMs, nextWaitMs));
        }
        long sentAt = System.nanoTime();
        boolean reDrivable = reclaiming || call.tool().idempotent();
        CompletionStage<Claim> claimed = call.io(() -> journalClaim(reDrivable));
        return Mode.thenCompose(Mode.handle(claimed, (claim, error) -> error != null
                        ? answered(unavailable(error))
                        : answer(claim, reclaiming, sentAt, waitedMs, nextWaitMs)), next -> next);
    }

    /** What {@link #claim} does on this thread, for a blocking call: without a stage and two lambdas per call. */
    private ClaimAnswer claimHere(boolean reclaiming, long waitedMs, long nextWaitMs) {
        long sentAt = System.nanoTime();
        Claim claim;
        try {
            claim = journalClaim(reclaiming || call.tool().idempotent());
        } catch (RuntimeException e) {
            return new ClaimAnswer.Answered(unavailable(CauseChain.unwrap(e)));
        }
        ClaimAnswer now = settled(claim, reclaiming, sentAt, waitedMs);
        return now != null ? now : Mode.join(answer(claim, reclaiming, sentAt, waitedMs, nextWaitMs));
    }

    private Claim journalClaim(boolean reDrivable) {
        return holding instanceof Holding.InTransaction inTransaction ? inTransaction.transaction().claim()
                : call.access().settings().journal().claim(call.intent(), call.access().settings().owner(),
                        call.lease(), reDrivable);
    }

    private CompletionStage<ClaimAnswer> answer(Claim claim, boolean reclaiming, long sentAt, long waitedMs,
            long nextWaitMs) {
        ClaimAnswer now = settled(claim, reclaiming, sentAt, waitedMs);
        if (now != null) {
            return CompletableFuture.completedFuture(now);
        }
        // The same call runs elsewhere: wait for it, a little longer each time.
        long waitMs = Math.min(nextWaitMs, call.waitMs() - waitedMs);
        return call.mode().settle(call.access().sleeper().sleep(waitMs)).thenCompose(ignored ->
                claim(reclaiming, waitedMs + waitMs, Math.min(nextWaitMs * 2, MAX_WAIT_STEP_MS)));
    }

    /** The answer of {@code claim}, or {@code null} while the same call running elsewhere is worth waiting for. */
    private ClaimAnswer settled(Claim claim, boolean reclaiming, long sentAt, long waitedMs) {
        if (claim instanceof Claim.Owned owned) {
            // A re-claim after a verifier's answer takes over knowing what happened: not a lost owner's call.
            boolean takenOver = owned.takenOver() && !reclaiming;
            return new ClaimAnswer.Owned(hold(owned, takenOver, sentAt), takenOver);
        }
        if (claim instanceof Claim.Recorded recorded) {
            CallRecord record = recorded.record();
            return answerOf(record.status(), record.resultJson(), record.error(),
                    record.abandonedBodyMayRunAt(call.access().clock().instant()));
        }
        if (claim instanceof Claim.InFlight inFlight) {
            if (holding instanceof Holding.InTransaction) { // it waited in the database: no backoff here
                return new ClaimAnswer.Answered(error(ErrorType.IN_FLIGHT, TransactionalCall.heldElsewhere(inFlight,
                        (System.nanoTime() - sentAt) / 1_000_000), true));
            }
            if (waitedMs >= call.waitMs()) {
                return new ClaimAnswer.Answered(error(ErrorType.IN_FLIGHT, "the same call is running elsewhere (owner '"
                        + inFlight.owner() + "', lease until " + inFlight.leaseUntil() + ") and did not finish within "
                        + call.waitMs() + " ms; it was NOT started again", true));
            }
            return null;
        }
        CallRecord existing = ((Claim.Conflict) claim).existing();
        return new ClaimAnswer.Answered(error(ErrorType.KEY_CONFLICT, "idempotency key " + call.key() + " is recorded for tool '"
                + existing.tool() + "' in intent '" + existing.intentId() + "' with other arguments; the tool was NOT"
                + " executed", false));
    }

    /** The lease of an owned claim: the one place the kinds of call differ once they run. */
    private Lease hold(Claim.Owned owned, boolean takenOver, long sentAt) {
        if (takenOver) {
            LOG.debug("tool '{}' key {}: taken over from a lost owner (epoch {}), re-driving", call.tool().name(),
                    call.key(), owned.epoch());
        }
        if (holding instanceof Holding.InTransaction inTransaction) {
            return new TransactionLease(inTransaction.transaction());
        }
        return call.access().inProcess() ? new InProcessLease(call, owned.epoch())
                : new RenewedLease(call, owned.epoch(), takenOver, sentAt);
    }

    private ClaimAnswer answerOf(CallStatus status, String resultJson, CallError error, boolean mayStillRun) {
        ToolResult result = call.replay(status, resultJson, error, mayStillRun);
        return status == CallStatus.OUTCOME_UNKNOWN ? new ClaimAnswer.RecordedUnknown(result, mayStillRun)
                : new ClaimAnswer.Answered(result);
    }

    private ToolResult unavailable(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        LOG.warn("tool '{}' key {}: the call journal could not be reached; the tool was NOT executed",
                call.tool().name(), call.key(), cause);
        String message = cause.getMessage() == null || cause.getMessage().isBlank() ? cause.getClass().getSimpleName()
                : cause.getMessage();
        return error(ErrorType.CONNECTION_ERROR, "the call journal could not record the call (" + message + "); the"
                + " tool was NOT executed", unknownBefore);
    }

    private ToolResult error(ErrorType type, String message, boolean outcomeUnknown) {
        return outcomeUnknown ? ToolResult.outcomeUnknown(call.callId(), call.tool().name(), type, message, 0, call.key())
                : ToolResult.error(call.callId(), call.tool().name(), type, message, 0, call.key());
    }

    private static CompletionStage<ClaimAnswer> answered(ToolResult result) {
        return CompletableFuture.completedFuture(new ClaimAnswer.Answered(result));
    }

    /**
     * What claiming a call's intent answered (docs/journal.md): the attempts switch on it once.
     */
    public sealed interface ClaimAnswer {

        /**
         * This call holds the intent under {@code lease} and may run the body.
         *
         * @param lease     what holds the call while it runs
         * @param takenOver whether the call was taken over from a lost owner, whose run may have taken effect
         */
        record Owned(Lease lease, boolean takenOver) implements ClaimAnswer {}

        /**
         * The journal answers for the call, and nothing runs: a recorded outcome replayed, the same
         * call running elsewhere, a key conflict, or the journal unreachable.
         *
         * @param result the answer
         */
        record Answered(ToolResult result) implements ClaimAnswer {}

        /**
         * The journal records the call's outcome as unknown: nothing runs unless its verifier knows better.
         *
         * @param result              the answer if nothing does
         * @param abandonedBodyMayRun whether an earlier attempt's abandoned body may still be running
         *                            (its owner holds the record's lease): a verifier's NOT_APPLIED is no
         *                            evidence then
         */
        record RecordedUnknown(ToolResult result, boolean abandonedBodyMayRun) implements ClaimAnswer {}
    }
}
