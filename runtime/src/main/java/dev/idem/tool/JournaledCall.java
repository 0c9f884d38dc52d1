package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.Mode;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalSettings;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.POJONode;
import tools.jackson.databind.node.StringNode;

/**
 * One call's passage through the journal: claimed after binding and before the first attempt,
 * its lease renewed while attempts and backoff run, its outcome recorded at the end. The claim's
 * answer decides whether the body runs at all (docs/journal.md):
 *
 * <table>
 *   <caption>the journal says, the executor does</caption>
 *   <tr><td>new</td><td>runs the body under the retry rules, records the outcome</td></tr>
 *   <tr><td>SUCCEEDED</td><td>returns the recorded value: 0 attempts, replayed</td></tr>
 *   <tr><td>terminal FAILED</td><td>returns the recorded error; nothing runs</td></tr>
 *   <tr><td>OUTCOME_UNKNOWN or a lost owner</td><td>idempotent: re-drives under the same key;
 *       otherwise OUTCOME_UNKNOWN, nothing runs</td></tr>
 *   <tr><td>in flight elsewhere</td><td>waits with backoff up to the tool's timeout, then IN_FLIGHT</td></tr>
 *   <tr><td>conflict</td><td>KEY_CONFLICT; nothing runs</td></tr>
 * </table>
 *
 * <p>A claim is confirmed before any attempt whose claim is older than a third of its lease (an
 * owner stalled past its lease starts nothing: another may have taken the call over), and always
 * before a retry. An outcome whose completion fails is written again within the call for up to
 * {@link #IN_CALL_WRITE_MS}, then kept in this process and written again in the background, with
 * backoff, while the lease is still renewed: the same intent is answered with its real outcome
 * meanwhile. An unknown outcome whose abandoned body may still be running keeps its lease until
 * that body ends.
 *
 * <p>Journal I/O runs on the caller's thread when blocking and on the body pool when not, so the
 * asynchronous path never blocks a thread it does not own. Fields written by the claim are read
 * by later steps of the same call, which happen-after it through the stages they chain on; the
 * renewal task's fields are volatile.
 */
final class JournaledCall {

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);
    private static final long FIRST_WAIT_MS = 25;
    private static final long MAX_WAIT_STEP_MS = 1_000;
    /** How long a failed outcome write is tried again within the call, before the caller is answered. */
    static final long IN_CALL_WRITE_MS = 2_000;
    /** Writes of an outcome in the background: the first after 100 ms, doubling up to 30 s, about 8 minutes in all. */
    private static final int MAX_WRITE_TRIES = 24;
    private static final long FIRST_WRITE_DELAY_MS = 100;
    private static final long MAX_WRITE_DELAY_MS = 30_000;

    private final JournalAccess access;
    private final JournalSettings settings;
    private final ToolDescriptor tool;
    private final RunMemory run;
    private final String callId;
    private final CallIntent intent;
    private final long waitLimitMs;
    private final Mode mode;
    private final TransactionalCall transaction; // null unless the tool is transactional
    // At least half as long again as the tool's timeout: a lease that lapsed means any attempt begun under it has timed out.
    private final Duration lease;

    private long epoch; // 0 until owned
    private boolean takenOver; // owned after a lost owner: an earlier run may have taken effect
    private boolean recordedUnknown; // answered from an OUTCOME_UNKNOWN record
    private boolean reclaiming; // a verifier answered: claimed again whatever the tool's flags
    private boolean abandonedBodyMayRun; // the OUTCOME_UNKNOWN record's owner still holds its lease
    private ScheduledFuture<?> renewal;
    private volatile boolean lost;
    private volatile boolean ended;
    // When the request that last (re)started the lease was sent: the lease cannot have begun earlier.
    private volatile long leaseFromNanos;
    // The outcome this claim writes last: a background write of an earlier one gives way to it.
    private volatile CallOutcome latest;

    JournaledCall(JournalAccess access, PreparedCall prepared, RunMemory run, CallIntent intent, long waitLimitMs,
            Mode mode, TransactionalCall transaction) {
        this.transaction = transaction;
        this.access = access;
        this.settings = access.settings();
        this.tool = prepared.tool();
        this.run = run;
        this.callId = prepared.callId();
        this.intent = intent;
        this.waitLimitMs = waitLimitMs;
        this.mode = mode;
        this.lease = leaseFor(settings.lease(), prepared.timeoutMs());
    }

    /**
     * The lease of a call whose tool allows {@code timeoutMs} per attempt: the journal's, or half as
     * long again as the timeout when that is longer. Renewed every third of it, such a lease outlasts
     * every attempt begun under it by the timeout, so when it lapses (its owner died mid-attempt), no
     * attempt of that owner can still be within its time.
     */
    static Duration leaseFor(Duration journalLease, long timeoutMs) {
        return timeoutMs > 0 && timeoutMs * 3 / 2 > journalLease.toMillis() ? Duration.ofMillis(timeoutMs * 3 / 2)
                : journalLease;
    }

    /**
     * Claims the intent. Completes with {@code null} when this call owns it and the body may run,
     * else with the result to return instead.
     */
    CompletionStage<ToolResult> begin() {
        CallOutcome known = access.unwritten().find(intent.key());
        if (known != null) {
            // This process knows the outcome; the journal has yet to be told.
            // An unknown outcome kept here whose body may still run is this process's own: it runs until it returns.
            return CompletableFuture.completedFuture(replay(known.status(), known.resultJson(), known.error(),
                    known.holdsLease()));
        }
        return claim(0, FIRST_WAIT_MS);
    }

    /**
     * Whether the first attempt may start: {@code null} (go on, no I/O) while the claim is younger
     * than a third of its lease, else the claim's {@linkplain #confirmClaim confirmation}. An owner
     * that stalled (a pause, a stop) between its claim and its body may have lost the call to
     * another owner meanwhile.
     */
    CompletionStage<Boolean> confirmIfStale() {
        if (access.inProcess() || transaction != null || System.nanoTime() - leaseFromNanos < lease.toNanos() / 3) {
            return null;
        }
        return confirmClaim();
    }

    /** Whether this call owns the intent after a lost owner, whose run may have taken effect. */
    boolean takenOver() {
        return takenOver;
    }

    /** Whether the claim's answer was an OUTCOME_UNKNOWN record (the call's {@link #begin} result). */
    boolean recordedUnknown() {
        return recordedUnknown;
    }

    /**
     * Whether that record's abandoned body may still be running: its owner still holds the record's
     * lease, so the body can still reach the service and a verifier's "not applied" is no evidence.
     */
    boolean abandonedBodyMayRun() {
        return abandonedBodyMayRun;
    }

    /**
     * Claims an intent whose outcome was unknown once its verifier answered APPLIED or NOT_APPLIED:
     * taken over whatever the tool's flags, as {@link #begin} completes ({@code null}: owned).
     */
    CompletionStage<ToolResult> reclaim() {
        reclaiming = true;
        recordedUnknown = false;
        abandonedBodyMayRun = false;
        return claim(0, FIRST_WAIT_MS);
    }

    /**
     * The answer when the claim was lost before the first attempt: nothing ran here, and the record
     * says the rest. Taken over by another owner: IN_FLIGHT. Turned OUTCOME_UNKNOWN by a claim that
     * presumed this owner lost, under this claim's epoch: nobody ran it since this claim, so unless
     * this claim took a lost owner's call over, nothing took effect, and the record is resolved so
     * (FAILED, nothing took effect: the next call runs it). Any other outcome is replayed.
     */
    CompletionStage<ToolResult> lostBeforeStart() {
        stopRenewing();
        return Mode.handle(io(() -> settings.journal().find(intent.key()).orElse(null)), (record, error) -> {
            if (record != null && record.epoch() == epoch && record.status() == CallStatus.OUTCOME_UNKNOWN
                    && !takenOver) {
                String why = "this owner stalled past its lease before its first attempt and another claim presumed"
                        + " it lost; it was NOT executed, so calling it again runs it";
                CallOutcome notRun = CallOutcome.failed(new CallError(ErrorType.CANCELLED, why, true, false), 0);
                try {
                    settings.journal().complete(intent.key(), epoch, notRun);
                } catch (RuntimeException e) {
                    LOG.warn("tool '{}' key {}: recording that the call was not run failed; its record stays"
                            + " OUTCOME_UNKNOWN", tool.name(), intent.key(), e);
                }
                return ToolResult.error(callId, tool.name(), ErrorType.CANCELLED, why, 0, false, false, intent.key());
            }
            if (record != null && record.status().isCompleted()) {
                return replay(record.status(), record.resultJson(), record.error(),
                        record.abandonedBodyMayRunAt(access.clock().instant()));
            }
            LOG.warn("tool '{}' key {}: claim {} was taken over before the first attempt (this owner stalled past its"
                    + " lease); not started here", tool.name(), intent.key(), epoch);
            return ToolResult.error(callId, tool.name(), ErrorType.IN_FLIGHT, "another owner took this call over while"
                    + " this one was stalled before its first attempt; it was NOT started here", 0, true, true,
                    intent.key());
        });
    }

    /**
     * Whether this call may start another attempt: renews the claim now, so an owner that was taken
     * over (or whose record a claim turned OUTCOME_UNKNOWN) learns it before running the body again.
     * When the journal cannot be reached, the lease decides: still ours until it would have lapsed.
     */
    CompletionStage<Boolean> confirmClaim() {
        if (lost) {
            return CompletableFuture.completedFuture(false);
        }
        if (access.inProcess() || transaction != null) {
            // its owner is this process, or the claim is a row lock in the call's transaction: nobody takes it over
            return CompletableFuture.completedFuture(true);
        }
        long sentAt = System.nanoTime();
        return io(() -> settings.journal().renew(intent.key(), epoch, lease)).handle((renewed, error) -> {
            if (error != null) {
                LOG.warn("tool '{}' key {}: lease renewal failed", tool.name(), intent.key(), error);
                return System.nanoTime() - leaseFromNanos < lease.toNanos();
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
     * Records {@code result} as the outcome (when this call owns the intent) and hands it back.
     * {@code abandoned}: what the bodies this call abandoned at their timeout come to, or
     * {@code null}. While one may still be running, an unknown outcome keeps the claim's lease,
     * renewed, and once they return their end is recorded: a verifier's "not applied" is evidence
     * only then (docs/running-tools.md).
     */
    CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure,
            CompletionStage<AttemptOutcome> abandoned) {
        if (transaction != null) {
            transaction.release(); // each attempt committed its outcome or rolled back: nothing to write
            return CompletableFuture.completedFuture(result);
        }
        if (epoch == 0) {
            return CompletableFuture.completedFuture(result);
        }
        if (lost && result.attempts() == 0) {
            stopRenewing(); // nothing ran here: the record is another owner's
            return CompletableFuture.completedFuture(result);
        }
        CallOutcome outcome = outcomeOf(result, lastFailure);
        boolean holding = outcome.holdsLease() && abandoned != null;
        return Mode.thenCompose(write(outcome, 0, FIRST_WRITE_DELAY_MS, !holding), ignored -> {
            if (holding) {
                abandoned.thenAccept(late -> access.io().execute(() -> abandonedBodyEnded(late)));
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
        return Mode.thenCompose(Mode.handle(io(() -> settings.journal().complete(intent.key(), epoch, outcome)),
                (recorded, error) -> {
                    if (error == null) {
                        written(outcome, recorded, last, 0);
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    if (waitedMs + delayMs > IN_CALL_WRITE_MS) {
                        // The outcome is known: keep it here and write it again, still holding the claim meanwhile.
                        access.unwritten().keep(intent.key(), outcome);
                        LOG.warn("tool '{}' key {}: the outcome could not be recorded in the call journal within {}"
                                + " ms; this process keeps it and writes it again in the background", tool.name(),
                                intent.key(), waitedMs, error);
                        writeLater(outcome, last, 1, FIRST_WRITE_DELAY_MS);
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    LOG.debug("tool '{}' key {}: recording the outcome failed; trying again in {} ms", tool.name(),
                            intent.key(), delayMs, error);
                    return mode.settle(access.sleeper().sleep(delayMs))
                            .handle((slept, interrupted) -> interrupted == null ? delayMs : IN_CALL_WRITE_MS)
                            .thenCompose(slept -> write(outcome, waitedMs + slept, delayMs * 2, last));
                }), next -> next);
    }

    /** The journal took {@code outcome} at try {@code tries} ({@code recorded}: it was still this claim's to write). */
    private void written(CallOutcome outcome, boolean recorded, boolean last, int tries) {
        access.unwritten().written(intent.key(), outcome);
        if (last || !recorded) {
            stopRenewing();
        }
        if (!recorded) {
            LOG.warn("tool '{}' key {}: the outcome was not recorded: claim {} was taken over", tool.name(),
                    intent.key(), epoch);
        } else if (tries > 0) {
            LOG.info("tool '{}' key {}: the outcome was recorded after {} tries in the background", tool.name(),
                    intent.key(), tries);
        }
    }

    /**
     * A body this call abandoned at its timeout has ended. With a value, the call took effect:
     * recorded SUCCEEDED. Any other end (interrupted, failed, its own client gave up) may have left
     * a request on its way to the service: the record keeps its lease for one more lease period,
     * not renewed, so a verifier's "not applied" counts only once that has lapsed.
     */
    private void abandonedBodyEnded(AttemptOutcome late) {
        if (!late.succeeded()) {
            LOG.info("tool '{}' key {}: the body abandoned at its timeout ended with {}; its request may still reach"
                    + " the service, so the unknown outcome stays leased for {} more", tool.name(), intent.key(),
                    late.failure().type(), settleLease());
            stopRenewing();
            try {
                settings.journal().renew(intent.key(), epoch, settleLease());
            } catch (RuntimeException e) {
                LOG.warn("tool '{}' key {}: the unknown outcome's lease could not be set to lapse; it lapses as"
                        + " renewed last", tool.name(), intent.key(), e);
            }
            return;
        }
        CallOutcome outcome = CallOutcome.succeeded(jsonOf(late.value()), 0);
        LOG.info("tool '{}' key {}: the body abandoned at its timeout returned a value; recording it SUCCEEDED",
                tool.name(), intent.key());
        latest = outcome;
        try {
            written(outcome, settings.journal().complete(intent.key(), epoch, outcome), true, 0);
        } catch (RuntimeException e) {
            access.unwritten().keep(intent.key(), outcome);
            LOG.warn("tool '{}' key {}: the late result could not be recorded; writing it again in the background",
                    tool.name(), intent.key(), e);
            writeLater(outcome, true, 1, FIRST_WRITE_DELAY_MS);
        }
    }

    /** How long an unknown outcome stays leased after its abandoned body ended without a value. */
    private Duration settleLease() {
        return access.inProcess() ? JournalSettings.DEFAULT_LEASE : lease;
    }

    private void writeLater(CallOutcome outcome, boolean last, int tries, long delayMs) {
        try {
            access.timer().schedule(() -> access.io().execute(() -> writeAgain(outcome, last, tries, delayMs)),
                    delayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.error("tool '{}' key {}: the outcome cannot be written again (the executor's threads are shut down);"
                    + " this process still answers it", tool.name(), intent.key(), e);
            stopRenewing();
        }
    }

    private void writeAgain(CallOutcome outcome, boolean last, int tries, long delayMs) {
        if (outcome != latest) {
            return; // a later outcome of this claim (what an abandoned body came to) supersedes it
        }
        boolean recorded;
        try {
            recorded = settings.journal().complete(intent.key(), epoch, outcome);
        } catch (RuntimeException e) {
            if (tries >= MAX_WRITE_TRIES) {
                LOG.error("tool '{}' key {}: the outcome could not be recorded after {} tries; this process still"
                        + " answers it, other processes will see the call's outcome as unknown", tool.name(),
                        intent.key(), tries + 1, e);
                stopRenewing();
                return;
            }
            LOG.debug("tool '{}' key {}: writing the outcome failed again (try {})", tool.name(), intent.key(), tries + 1, e);
            writeLater(outcome, last, tries + 1, Math.min(delayMs * 2, MAX_WRITE_DELAY_MS));
            return;
        }
        written(outcome, recorded, last, tries + 1);
    }

    private CompletionStage<ToolResult> claim(long waitedMs, long nextWaitMs) {
        long sentAt = System.nanoTime();
        CompletionStage<Claim> claimed = io(() -> transaction != null ? transaction.claim()
                : settings.journal().claim(intent, settings.owner(), lease, tool.idempotent() || reclaiming));
        return Mode.thenCompose(Mode.handle(claimed, (claim, error) -> error != null
                        ? CompletableFuture.completedFuture(unavailable(error))
                        : answer(claim, sentAt, waitedMs, nextWaitMs)), next -> next);
    }

    private CompletionStage<ToolResult> answer(Claim claim, long sentAt, long waitedMs, long nextWaitMs) {
        if (claim instanceof Claim.Owned owned) {
            epoch = owned.epoch();
            leaseFromNanos = sentAt;
            if (owned.takenOver() && !reclaiming) {
                takenOver = true;
                // An earlier owner may have run the body: a plain failure now must not read as "nothing happened".
                run.rememberUnknownOutcome(intent.key());
                LOG.debug("tool '{}' key {}: taken over from a lost owner (epoch {}), re-driving", tool.name(),
                        intent.key(), epoch);
            }
            if (!access.inProcess() && transaction == null) {
                startRenewing();
            }
            return CompletableFuture.completedFuture(null);
        }
        if (claim instanceof Claim.Recorded recorded) {
            CallRecord record = recorded.record();
            return CompletableFuture.completedFuture(replay(record.status(), record.resultJson(), record.error(),
                    record.abandonedBodyMayRunAt(access.clock().instant())));
        }
        if (claim instanceof Claim.InFlight inFlight) {
            if (transaction != null) { // a transactional claim does its waiting in the database: no backoff here
                return CompletableFuture.completedFuture(ToolResult.error(callId, tool.name(), ErrorType.IN_FLIGHT,
                        TransactionalCall.heldElsewhere(inFlight, (System.nanoTime() - sentAt) / 1_000_000), 0,
                        false, true, intent.key()));
            }
            if (waitedMs >= waitLimitMs) {
                return CompletableFuture.completedFuture(ToolResult.error(callId, tool.name(), ErrorType.IN_FLIGHT,
                        "the same call is running elsewhere (owner '" + inFlight.owner() + "', lease until "
                                + inFlight.leaseUntil() + ") and did not finish within " + waitLimitMs
                                + " ms; it was NOT started again", 0, false, true, intent.key()));
            }
            long waitMs = Math.min(nextWaitMs, waitLimitMs - waitedMs);
            return mode.settle(access.sleeper().sleep(waitMs))
                    .thenCompose(ignored -> claim(waitedMs + waitMs, Math.min(nextWaitMs * 2, MAX_WAIT_STEP_MS)));
        }
        CallRecord existing = ((Claim.Conflict) claim).existing();
        return CompletableFuture.completedFuture(ToolResult.error(callId, tool.name(), ErrorType.KEY_CONFLICT,
                "idempotency key " + intent.key() + " is recorded for tool '" + existing.tool() + "' in intent '"
                        + existing.intentId() + "' with other arguments; the tool was NOT executed",
                0, false, false, intent.key()));
    }

    /**
     * The answer from a recorded outcome, or from one this executor keeps until it is written.
     * {@code mayStillRun}: an attempt's abandoned body may still be running and reach the service.
     */
    private ToolResult replay(CallStatus status, String resultJson, CallError error, boolean mayStillRun) {
        switch (status) {
            case SUCCEEDED -> {
                return ToolResult.success(callId, tool.name(), valueOf(resultJson), 0, intent.key())
                        .asReplayed();
            }
            case FAILED -> {
                return ToolResult.error(callId, tool.name(), error.type(), error.message(), 0, false, false,
                        intent.key()).asReplayed();
            }
            case OUTCOME_UNKNOWN -> {
                run.rememberUnknownOutcome(intent.key());
                recordedUnknown = true;
                abandonedBodyMayRun = mayStillRun;
                String earlier = error.type() == ErrorType.OUTCOME_UNKNOWN ? error.message()
                        : error.type() + ": " + error.message();
                return ToolResult.error(callId, tool.name(), ErrorType.OUTCOME_UNKNOWN, "an earlier run of this call"
                        + " may have taken effect (" + earlier + "); the tool is not idempotent, so it was NOT run"
                        + " again", 0, mayStillRun, true, intent.key()).asReplayed();
            }
            default -> throw new IllegalStateException("a STARTED record is not an outcome: " + intent.key());
        }
    }

    private ToolResult unavailable(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        LOG.warn("tool '{}' key {}: the call journal could not be reached; the tool was NOT executed", tool.name(),
                intent.key(), cause);
        return ToolResult.error(callId, tool.name(), ErrorType.CONNECTION_ERROR, "the call journal could not record"
                + " the call (" + messageOf(cause) + "); the tool was NOT executed", 0, false,
                run.hadUnknownOutcome(intent.key()), intent.key());
    }

    private void stopRenewing() {
        ended = true;
        if (renewal != null) {
            renewal.cancel(false);
        }
    }

    private void startRenewing() {
        long periodMs = Math.max(1, lease.toMillis() / 3);
        renewal = access.timer().scheduleAtFixedRate(this::renewSoon, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /** Runs on the timer: the renewal itself is I/O, so it goes to the I/O threads. */
    private void renewSoon() {
        try {
            access.io().execute(this::renew);
        } catch (RejectedExecutionException e) {
            LOG.warn("tool '{}' key {}: lease renewal could not be scheduled", tool.name(), intent.key(), e);
        }
    }

    private void renew() {
        if (ended || lost) {
            return;
        }
        long sentAt = System.nanoTime();
        try {
            if (settings.journal().renew(intent.key(), epoch, lease)) {
                leaseFromNanos = sentAt;
            } else if (!ended) {
                lost = true;
                LOG.warn("tool '{}' key {}: claim {} was taken over; no further attempt starts here", tool.name(),
                        intent.key(), epoch);
            }
        } catch (RuntimeException e) {
            LOG.warn("tool '{}' key {}: lease renewal failed; retrying at the next period", tool.name(),
                    intent.key(), e);
        }
    }

    private CallOutcome outcomeOf(ToolResult result, ToolFailure lastFailure) {
        if (result.success()) {
            return CallOutcome.succeeded(jsonOf(result.value()), result.attempts());
        }
        if (result.outcomeUnknown()) {
            return CallOutcome.unknown(new CallError(result.errorType(), result.message(), false,
                    result.mayStillBeRunning()), result.attempts());
        }
        // Nothing took effect. A later call may run it again unless the error will not change.
        boolean retryable = lastFailure == null || !RepetitionGuard.guards(lastFailure.type(), lastFailure.retryable());
        return CallOutcome.failed(new CallError(result.errorType(), result.message(), retryable, false),
                result.attempts());
    }

    /** The body of this call's attempts: in a transaction each when the tool is transactional. */
    BoundCall body(BoundCall body) {
        return transaction == null ? body : transaction.around(body);
    }

    static String jsonOf(JsonNode value) {
        try {
            return ToolArguments.MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            // A wrapped object the mapper cannot encode: record what the model was shown.
            Object shown = value instanceof POJONode pojo ? String.valueOf(pojo.getPojo()) : value.toString();
            return ToolArguments.MAPPER.writeValueAsString(StringNode.valueOf(String.valueOf(shown)));
        }
    }

    static JsonNode valueOf(String json) {
        return ToolArguments.MAPPER.readTree(json);
    }

    private <T> CompletionStage<T> io(Supplier<T> work) {
        try {
            return mode.offload(work, access.io());
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static String messageOf(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }
}
