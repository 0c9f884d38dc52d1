package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.internal.Mode;
import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.journal.CallError;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallStatus;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease of a call on a file or PostgreSQL journal, which other processes read: renewed every
 * third of its length while attempts and backoff run (and while a body abandoned at its timeout
 * runs), confirmed before any attempt whose claim is older than a third of its lease and before
 * every retry, so an owner stalled past its lease starts nothing. The call's outcome is written
 * within the call for up to {@link #IN_CALL_WRITE_MS}, then in the background (100 ms doubling to
 * 30 s, about 8 minutes), while the lease is still renewed and this process answers the intent
 * with its real outcome meanwhile.
 *
 * <p>The one mutable state of a call's route: the renewal task's fields are volatile; the rest
 * is written before the stages that read it, which chain on the stages that wrote it.
 */
public final class RenewedLease implements Lease {

    /** How long a failed outcome write is tried again within the call, before the caller is answered. */
    public static final long IN_CALL_WRITE_MS = 2_000;
    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);
    private static final long FIRST_WRITE_DELAY_MS = 100;
    private static final long MAX_WRITE_DELAY_MS = 30_000;
    /** Writes of an outcome in the background: about 8 minutes in all. */
    private static final int MAX_WRITE_TRIES = 24;

    private final JournalCall call;
    private final long epoch;
    private final boolean takenOver;
    private final ScheduledFuture<?> renewal;
    private volatile boolean lost;
    private volatile boolean ended;
    // When the request that last (re)started the lease was sent: the lease cannot have begun earlier.
    private volatile long leaseFromNanos;
    // The outcome this claim writes last: a background write of an earlier one gives way to it.
    private volatile CallOutcome latest;

    public RenewedLease(JournalCall call, long epoch, boolean takenOver, long sentAtNanos) {
        this.call = call;
        this.epoch = epoch;
        this.takenOver = takenOver;
        this.leaseFromNanos = sentAtNanos;
        long periodMs = Math.max(1, call.lease().toMillis() / 3);
        this.renewal = call.access().timer().scheduleAtFixedRate(this::renewSoon, periodMs, periodMs,
                TimeUnit.MILLISECONDS);
    }

    @Override
    public CompletionStage<Boolean> confirmIfStale() {
        return System.nanoTime() - leaseFromNanos < call.lease().toNanos() / 3 ? null : confirm();
    }

    /**
     * Renews the claim now, so an owner that was taken over (or whose record a claim turned
     * OUTCOME_UNKNOWN) learns it before running the body again. When the journal cannot be reached,
     * the lease decides: still ours until it would have lapsed.
     */
    @Override
    public CompletionStage<Boolean> confirm() {
        if (lost) {
            return CompletableFuture.completedFuture(false);
        }
        long sentAt = System.nanoTime();
        return call.io(() -> journal().renew(call.key(), epoch, call.lease())).handle((renewed, error) -> {
            if (error != null) {
                LOG.warn("tool '{}' key {}: lease renewal failed", call.tool().name(), call.key(), error);
                return System.nanoTime() - leaseFromNanos < call.lease().toNanos();
            }
            if (renewed) {
                leaseFromNanos = sentAt;
            } else {
                lost = true;
            }
            return renewed;
        });
    }

    /**
     * Nothing ran here, and the record says the rest. Taken over by another owner: IN_FLIGHT.
     * Turned OUTCOME_UNKNOWN by a claim that presumed this owner lost, under this claim's epoch:
     * nobody ran it since this claim, so unless this claim took a lost owner's call over, nothing
     * took effect, and the record is resolved so (FAILED, nothing took effect: the next call runs
     * it). Any other outcome is replayed.
     */
    @Override
    public CompletionStage<ToolResult> lostBeforeStart() {
        stopRenewing();
        return Mode.handle(call.io(() -> journal().find(call.key()).orElse(null)), (record, error) -> {
            if (record != null && record.epoch() == epoch && record.status() == CallStatus.OUTCOME_UNKNOWN
                    && !takenOver) {
                String why = "this owner stalled past its lease before its first attempt and another claim presumed"
                        + " it lost; it was NOT executed, so calling it again runs it";
                CallOutcome notRun = CallOutcome.failed(new CallError(ErrorType.CANCELLED, why, true, false), 0);
                try {
                    journal().complete(call.key(), epoch, notRun);
                } catch (RuntimeException e) {
                    LOG.warn("tool '{}' key {}: recording that the call was not run failed; its record stays"
                            + " OUTCOME_UNKNOWN", call.tool().name(), call.key(), e);
                }
                return ToolResult.error(call.callId(), call.tool().name(), ErrorType.CANCELLED, why, 0, call.key());
            }
            if (record != null && record.status().isCompleted()) {
                return call.replay(record.status(), record.resultJson(), record.error(),
                        record.abandonedBodyMayRunAt(call.access().clock().instant()));
            }
            LOG.warn("tool '{}' key {}: claim {} was taken over before the first attempt (this owner stalled past its"
                    + " lease); not started here", call.tool().name(), call.key(), epoch);
            return ToolResult.stillRunning(call.callId(), call.tool().name(), ErrorType.IN_FLIGHT, "another owner took"
                    + " this call over while this one was stalled before its first attempt; it was NOT started here", 0,
                    call.key());
        });
    }

    /**
     * Records {@code result} and hands it back. While a body this call abandoned may still be
     * running, an unknown outcome keeps the lease, renewed, until that body ends.
     */
    @Override
    public CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure,
            CompletionStage<AttemptOutcome> abandoned) {
        if (lost && result.attempts() == 0) {
            stopRenewing(); // nothing ran here: the record is another owner's
            return CompletableFuture.completedFuture(result);
        }
        CallOutcome outcome = JournalCall.outcomeOf(result, lastFailure);
        boolean holding = outcome.holdsLease();
        return Mode.thenCompose(write(outcome, 0, FIRST_WRITE_DELAY_MS, !holding), ignored -> {
            if (holding) {
                AbandonedBodies.watch(abandoned, late -> call.access().io().execute(() -> abandonedBodyEnded(late)));
            }
            return CompletableFuture.completedFuture(result);
        });
    }

    /**
     * Writes {@code outcome}, trying again within the call (100 ms, doubling) for up to
     * {@link #IN_CALL_WRITE_MS} before the caller is answered, then handing it to the background
     * writer: a known outcome is lost only if the process dies before one of those writes lands.
     * {@code last}: the lease ends with it.
     */
    private CompletionStage<Void> write(CallOutcome outcome, long waitedMs, long delayMs, boolean last) {
        latest = outcome;
        return Mode.thenCompose(Mode.handle(call.io(() -> journal().complete(call.key(), epoch, outcome)),
                (recorded, error) -> {
                    if (error == null) {
                        written(outcome, recorded, last, 0);
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    if (waitedMs + delayMs > IN_CALL_WRITE_MS) {
                        // The outcome is known: keep it here and write it again, still holding the claim meanwhile.
                        call.access().unwritten().keep(call.key(), outcome);
                        LOG.warn("tool '{}' key {}: the outcome could not be recorded in the call journal within {}"
                                + " ms; this process keeps it and writes it again in the background",
                                call.tool().name(), call.key(), waitedMs, error);
                        writeLater(outcome, last, 1, FIRST_WRITE_DELAY_MS);
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    LOG.debug("tool '{}' key {}: recording the outcome failed; trying again in {} ms",
                            call.tool().name(), call.key(), delayMs, error);
                    return call.mode().settle(call.access().sleeper().sleep(delayMs))
                            .handle((slept, interrupted) -> interrupted == null ? delayMs : IN_CALL_WRITE_MS)
                            .thenCompose(slept -> write(outcome, waitedMs + slept, delayMs * 2, last));
                }), next -> next);
    }

    /** The journal took {@code outcome} at try {@code tries} ({@code recorded}: it was still this claim's to write). */
    private void written(CallOutcome outcome, boolean recorded, boolean last, int tries) {
        call.access().unwritten().written(call.key(), outcome);
        if (last || !recorded) {
            stopRenewing();
        }
        if (!recorded) {
            LOG.warn("tool '{}' key {}: the outcome was not recorded: claim {} was taken over", call.tool().name(),
                    call.key(), epoch);
        } else if (tries > 0) {
            LOG.info("tool '{}' key {}: the outcome was recorded after {} tries in the background",
                    call.tool().name(), call.key(), tries);
        }
    }

    /**
     * A body this call abandoned at its timeout has ended. With a value, the call took effect:
     * recorded SUCCEEDED. Any other end may have left a request on its way to the service: the
     * record keeps its lease for one more lease period, not renewed.
     */
    private void abandonedBodyEnded(AttemptOutcome late) {
        if (!late.succeeded()) {
            AbandonedBodies.stopped(call, late, call.lease());
            stopRenewing();
            try {
                journal().renew(call.key(), epoch, call.lease());
            } catch (RuntimeException e) {
                LOG.warn("tool '{}' key {}: the unknown outcome's lease could not be set to lapse; it lapses as"
                        + " renewed last", call.tool().name(), call.key(), e);
            }
            return;
        }
        AbandonedBodies.returned(call, call.key());
        CallOutcome outcome = CallOutcome.succeeded(JournalCall.jsonOf(late.value()), 0);
        latest = outcome;
        try {
            written(outcome, journal().complete(call.key(), epoch, outcome), true, 0);
        } catch (RuntimeException e) {
            call.access().unwritten().keep(call.key(), outcome);
            LOG.warn("tool '{}' key {}: the late result could not be recorded; writing it again in the background",
                    call.tool().name(), call.key(), e);
            writeLater(outcome, true, 1, FIRST_WRITE_DELAY_MS);
        }
    }

    private void writeLater(CallOutcome outcome, boolean last, int tries, long delayMs) {
        try {
            call.access().timer().schedule(() -> call.access().io().execute(() -> writeAgain(outcome, last, tries,
                    delayMs)), delayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.error("tool '{}' key {}: the outcome cannot be written again (the executor's threads are shut down);"
                    + " this process still answers it", call.tool().name(), call.key(), e);
            stopRenewing();
        }
    }

    private void writeAgain(CallOutcome outcome, boolean last, int tries, long delayMs) {
        if (outcome != latest) {
            return; // a later outcome of this claim (what an abandoned body came to) supersedes it
        }
        boolean recorded;
        try {
            recorded = journal().complete(call.key(), epoch, outcome);
        } catch (RuntimeException e) {
            if (tries >= MAX_WRITE_TRIES) {
                LOG.error("tool '{}' key {}: the outcome could not be recorded after {} tries; this process still"
                        + " answers it, other processes will see the call's outcome as unknown", call.tool().name(),
                        call.key(), tries + 1, e);
                stopRenewing();
                return;
            }
            LOG.debug("tool '{}' key {}: writing the outcome failed again (try {})", call.tool().name(), call.key(),
                    tries + 1, e);
            writeLater(outcome, last, tries + 1, Math.min(delayMs * 2, MAX_WRITE_DELAY_MS));
            return;
        }
        written(outcome, recorded, last, tries + 1);
    }

    private void stopRenewing() {
        ended = true;
        renewal.cancel(false);
    }

    /** Runs on the timer: the renewal itself is I/O, so it goes to the I/O threads. */
    private void renewSoon() {
        try {
            call.access().io().execute(this::renew);
        } catch (RejectedExecutionException e) {
            LOG.warn("tool '{}' key {}: lease renewal could not be scheduled", call.tool().name(), call.key(), e);
        }
    }

    private void renew() {
        if (ended || lost) {
            return;
        }
        long sentAt = System.nanoTime();
        try {
            if (journal().renew(call.key(), epoch, call.lease())) {
                leaseFromNanos = sentAt;
            } else if (!ended) {
                lost = true;
                LOG.warn("tool '{}' key {}: claim {} was taken over; no further attempt starts here",
                        call.tool().name(), call.key(), epoch);
            }
        } catch (RuntimeException e) {
            LOG.warn("tool '{}' key {}: lease renewal failed; retrying at the next period", call.tool().name(),
                    call.key(), e);
        }
    }

    private CallJournal journal() {
        return call.access().settings().journal();
    }
}
