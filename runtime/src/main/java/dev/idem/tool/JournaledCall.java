package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.Mode;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalSettings;
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
 * answer decides whether the body runs at all (README, "Across crashes, restarts and replicas"):
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
 * <p>Journal I/O runs on the caller's thread when blocking and on the body pool when not, so the
 * asynchronous path never blocks a thread it does not own. Fields written by the claim are read
 * by later steps of the same call, which happen-after it through the stages they chain on; the
 * renewal task's fields are volatile.
 */
final class JournaledCall {

    private static final Logger LOG = LoggerFactory.getLogger(ToolExecutor.class);
    private static final long FIRST_WAIT_MS = 25;
    private static final long MAX_WAIT_STEP_MS = 1_000;

    private final JournalStep step;
    private final JournalSettings settings;
    private final ToolDescriptor tool;
    private final ToolRun run;
    private final String callId;
    private final CallIntent intent;
    private final long waitLimitMs;
    private final Mode mode;

    private long epoch; // 0 until owned
    private ScheduledFuture<?> renewal;
    private volatile boolean lost;
    private volatile boolean ended;
    private volatile long renewedAtNanos;

    JournaledCall(JournalStep step, ToolDescriptor tool, ToolRun run, String callId, CallIntent intent,
            long waitLimitMs, Mode mode) {
        this.step = step;
        this.settings = step.settings();
        this.tool = tool;
        this.run = run;
        this.callId = callId;
        this.intent = intent;
        this.waitLimitMs = waitLimitMs;
        this.mode = mode;
    }

    /**
     * Claims the intent. Completes with {@code null} when this call owns it and the body may run,
     * else with the result to return instead.
     */
    CompletionStage<ToolResult> begin() {
        return claim(0, FIRST_WAIT_MS);
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
        return io(() -> settings.journal().renew(intent.key(), epoch, settings.lease())).handle((renewed, error) -> {
            if (error != null) {
                LOG.warn("tool '{}' key {}: lease renewal failed", tool.name(), intent.key(), error);
                return System.nanoTime() - renewedAtNanos < settings.lease().toNanos();
            }
            if (renewed) {
                renewedAtNanos = System.nanoTime();
            } else {
                lost = true;
            }
            return renewed;
        });
    }

    /** Records {@code result} as the outcome (when this call owns the intent) and hands it back. */
    CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure) {
        if (epoch == 0) {
            return CompletableFuture.completedFuture(result);
        }
        ended = true;
        renewal.cancel(false);
        CallOutcome outcome = outcomeOf(result, lastFailure);
        return io(() -> settings.journal().complete(intent.key(), epoch, outcome)).handle((recorded, error) -> {
            if (error != null) {
                LOG.warn("tool '{}' key {}: the outcome could not be recorded in the call journal; the record stays"
                        + " STARTED until its lease ends, and the next claim treats it as a lost owner's",
                        tool.name(), intent.key(), error);
            } else if (!recorded) {
                LOG.warn("tool '{}' key {}: the outcome was not recorded: claim {} was taken over after its lease"
                        + " ended", tool.name(), intent.key(), epoch);
            }
            return result;
        });
    }

    private CompletionStage<ToolResult> claim(long waitedMs, long nextWaitMs) {
        return io(() -> settings.journal().claim(intent, settings.owner(), settings.lease(), tool.idempotent()))
                .handle((claim, error) -> error != null
                        ? CompletableFuture.completedFuture(unavailable(error))
                        : answer(claim, waitedMs, nextWaitMs))
                .thenCompose(next -> next);
    }

    private CompletionStage<ToolResult> answer(Claim claim, long waitedMs, long nextWaitMs) {
        if (claim instanceof Claim.Owned owned) {
            epoch = owned.epoch();
            if (owned.takenOver()) {
                // An earlier owner may have run the body: a plain failure now must not read as "nothing happened".
                run.rememberUnknownOutcome(intent.key());
                LOG.debug("tool '{}' key {}: taken over from a lost owner (epoch {}), re-driving", tool.name(),
                        intent.key(), epoch);
            }
            startRenewing();
            return CompletableFuture.completedFuture(null);
        }
        if (claim instanceof Claim.Recorded recorded) {
            return CompletableFuture.completedFuture(replay(recorded.record()));
        }
        if (claim instanceof Claim.InFlight inFlight) {
            if (waitedMs >= waitLimitMs) {
                return CompletableFuture.completedFuture(ToolResult.error(callId, tool.name(), ErrorType.IN_FLIGHT,
                        "the same call is running elsewhere (owner '" + inFlight.owner() + "', lease until "
                                + inFlight.leaseUntil() + ") and did not finish within " + waitLimitMs
                                + " ms; it was NOT started again", 0, false, true, intent.key()));
            }
            long waitMs = Math.min(nextWaitMs, waitLimitMs - waitedMs);
            return mode.settle(step.sleeper().sleep(waitMs))
                    .thenCompose(ignored -> claim(waitedMs + waitMs, Math.min(nextWaitMs * 2, MAX_WAIT_STEP_MS)));
        }
        CallRecord existing = ((Claim.Conflict) claim).existing();
        return CompletableFuture.completedFuture(ToolResult.error(callId, tool.name(), ErrorType.KEY_CONFLICT,
                "idempotency key " + intent.key() + " is recorded for tool '" + existing.tool() + "' in intent '"
                        + existing.intentId() + "' with other arguments; the tool was NOT executed",
                0, false, false, intent.key()));
    }

    private ToolResult replay(CallRecord record) {
        CallError error = record.error();
        switch (record.status()) {
            case SUCCEEDED -> {
                return ToolResult.success(callId, tool.name(), valueOf(record.resultJson()), 0, intent.key())
                        .asReplayed();
            }
            case FAILED -> {
                return ToolResult.error(callId, tool.name(), error.type(), error.message(), 0, false, false,
                        intent.key()).asReplayed();
            }
            case OUTCOME_UNKNOWN -> {
                run.rememberUnknownOutcome(intent.key());
                String earlier = error.type() == ErrorType.OUTCOME_UNKNOWN ? error.message()
                        : error.type() + ": " + error.message();
                return ToolResult.error(callId, tool.name(), ErrorType.OUTCOME_UNKNOWN, "an earlier run of this call"
                        + " may have taken effect (" + earlier + "); the tool is not idempotent, so it was NOT run"
                        + " again", 0, error.mayStillBeRunning(), true, intent.key()).asReplayed();
            }
            default -> throw new IllegalStateException("a claim answered Recorded with a STARTED record: " + record);
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

    private void startRenewing() {
        renewedAtNanos = System.nanoTime();
        long periodMs = Math.max(1, settings.lease().toMillis() / 3);
        renewal = step.timer().scheduleAtFixedRate(this::renewSoon, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /** Runs on the timer: the renewal itself is I/O, so it goes to the I/O threads. */
    private void renewSoon() {
        try {
            step.io().execute(this::renew);
        } catch (RejectedExecutionException e) {
            LOG.warn("tool '{}' key {}: lease renewal could not be scheduled", tool.name(), intent.key(), e);
        }
    }

    private void renew() {
        if (ended || lost) {
            return;
        }
        try {
            if (settings.journal().renew(intent.key(), epoch, settings.lease())) {
                renewedAtNanos = System.nanoTime();
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

    private static String jsonOf(JsonNode value) {
        try {
            return ToolArguments.MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            // A wrapped object the mapper cannot encode: record what the model was shown.
            Object shown = value instanceof POJONode pojo ? String.valueOf(pojo.getPojo()) : value.toString();
            return ToolArguments.MAPPER.writeValueAsString(StringNode.valueOf(String.valueOf(shown)));
        }
    }

    private static JsonNode valueOf(String json) {
        return ToolArguments.MAPPER.readTree(json);
    }

    private <T> CompletionStage<T> io(Supplier<T> work) {
        try {
            return mode.offload(work, step.io());
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static String messageOf(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }
}
