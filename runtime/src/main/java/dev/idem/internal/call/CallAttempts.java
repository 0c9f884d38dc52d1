package dev.idem.internal.call;

import dev.idem.internal.Mode;
import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.internal.call.CallClaim.ClaimAnswer;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.tool.BoundCall;
import dev.idem.tool.RetryDecision;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.RetryRule;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import dev.idem.tool.Verification;
import dev.idem.tool.exchange.ToolExchange;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The second stage of a call (DESIGN.md section 3, steps 4 to 7): the claim in the journal, then
 * body attempts until the {@link RetryRule} says stop, then the outcome recorded. Reads the
 * {@link PreparedCall} it is given and changes nothing of it; what one attempt leaves for the next
 * travels as an {@link AttemptHistory}. Each step happens-after the previous one through the stage
 * it chains on.
 */
public final class CallAttempts {

    private final ExecutorSettings settings;
    private final RunMemory run;
    private final PreparedCall prepared;
    private final CallClaim claim; // null: a read-only tool, nothing to protect
    private final CircuitBreaker breaker;
    private final Mode mode;
    private final CallEvents events;
    private final ToolExchange exchange; // one per call: attempts share the client's answers

    public CallAttempts(ExecutorSettings settings, RunMemory run, PreparedCall prepared, CallClaim claim, Mode mode,
            CallEvents events, ToolExchange exchange) {
        this.settings = settings;
        this.run = run;
        this.prepared = prepared;
        this.claim = claim;
        this.breaker = settings.breakers().forTool(prepared.toolName());
        this.mode = mode;
        this.events = events;
        this.exchange = CallExchange.of(exchange);
    }

    /** Runs the call to its recorded result. */
    public CompletionStage<ToolResult> start() {
        if (claim == null) {
            return attempt(1, null, Lease.NONE);
        }
        // The journal decides whether the body runs at all: a recorded or running intent is answered from it.
        if (mode.isBlocking()) {
            return claimed(claim.beginHere());
        }
        CompletionStage<ClaimAnswer> answer = claim.begin();
        // A claim answered on this thread goes on directly: no method reference to make.
        ClaimAnswer now = answer instanceof CompletableFuture<ClaimAnswer> done ? done.getNow(null) : null;
        return now != null ? claimed(now) : answer.thenCompose(this::claimed);
    }

    /**
     * The claim's answer, switched on once. This class alone writes the run's memory of unknown
     * outcomes: an intent taken over from a lost owner, recorded unknown, or ended unknown is
     * remembered; one its verifier answered for is forgotten.
     */
    private CompletionStage<ToolResult> claimed(ClaimAnswer answer) {
        String key = prepared.idempotencyKey();
        if (answer instanceof ClaimAnswer.Answered answered) {
            return CompletableFuture.completedFuture(answered.result());
        }
        if (answer instanceof ClaimAnswer.RecordedUnknown unknown) {
            run.rememberUnknownOutcome(key);
            if (!prepared.body().verifiable()) {
                return CompletableFuture.completedFuture(unknown.result());
            }
            return verification().recorded("the journal records it as OUTCOME_UNKNOWN", unknown.abandonedBodyMayRun())
                    .thenCompose(verdict -> switch (verdict.kind()) {
                        case APPLIED -> {
                            run.forgetUnknownOutcome(key);
                            yield claim.reclaim().thenCompose(again -> again instanceof ClaimAnswer.Owned owned
                                    ? owned.lease().end(verdict.result(), null, null)
                                    : CompletableFuture.completedFuture(resultOf(again)));
                        }
                        case NOT_APPLIED -> {
                            run.forgetUnknownOutcome(key);
                            yield claim.reclaim().thenCompose(again -> again instanceof ClaimAnswer.Owned owned
                                    ? firstAttempt(owned.lease())
                                    : CompletableFuture.completedFuture(resultOf(again)));
                        }
                        case UNKNOWN -> CompletableFuture.completedFuture(unknown.result());
                    });
        }
        ClaimAnswer.Owned owned = (ClaimAnswer.Owned) answer;
        if (!owned.takenOver()) {
            return firstAttempt(owned.lease());
        }
        // An earlier owner may have run the body: a plain failure now must not read as "nothing happened".
        run.rememberUnknownOutcome(key);
        if (!prepared.body().verifiable()) {
            return firstAttempt(owned.lease());
        }
        return verification().recorded("taken over from a lost owner", false).thenCompose(verdict -> {
            if (verdict.kind() == Verification.Verdict.UNKNOWN) {
                return firstAttempt(owned.lease());
            }
            run.forgetUnknownOutcome(key);
            return verdict.kind() == Verification.Verdict.APPLIED ? owned.lease().end(verdict.result(), null, null)
                    : firstAttempt(owned.lease());
        });
    }

    /** The tool's verifier, asked only when an outcome is unknown: made then, not per call. */
    private OutcomeVerification verification() {
        return new OutcomeVerification(settings, prepared, run.intentId(), mode, events);
    }

    /** The answer of a claim that did not own the intent. */
    private static ToolResult resultOf(ClaimAnswer answer) {
        return answer instanceof ClaimAnswer.Answered answered ? answered.result()
                : ((ClaimAnswer.RecordedUnknown) answer).result();
    }

    /** The first attempt, fenced like every retry: an owner whose claim went stale confirms it first. */
    private CompletionStage<ToolResult> firstAttempt(Lease lease) {
        CompletionStage<Boolean> confirmed = lease.confirmIfStale();
        if (confirmed == null) {
            return attempt(1, null, lease);
        }
        return confirmed.thenCompose(held -> held ? attempt(1, null, lease) : lease.lostBeforeStart());
    }

    /** Step 4: runs body attempt {@code number}; {@code history} holds the failures that led here, if any. */
    private CompletionStage<ToolResult> attempt(int number, AttemptHistory history, Lease lease) {
        if (!breaker.tryAcquire(settings.clock().millis())) {
            // Refused before the first run: nothing ran, CIRCUIT_OPEN. Refused before a retry: the
            // failure that led here is the better answer (it may say the body is still running).
            events.circuitOpen(prepared, number - 1);
            return history == null
                    ? end(CallRefusals.circuitOpen(prepared, run), null, lease)
                    : end(failed(number - 1, history), history, lease);
        }
        long timeoutMs = prepared.timeoutMs();
        long abandonAfterMs = lease.abandonAfterMs(timeoutMs);
        // Only a time limit cancels a body run (BodyRun): without one there is no flag to set.
        AtomicBoolean cancelled = abandonAfterMs > 0 ? new AtomicBoolean() : null;
        long deadline = timeoutMs > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs) : Long.MAX_VALUE;
        ToolContext context = new AttemptContext(prepared.callId(), prepared.toolName(), run.intentId(), prepared.idempotencyKey(),
                number, prepared.maxBodyRuns(), deadline, cancelled, exchange, null);
        BoundCall body = lease.around(events.around(prepared.body(), number));
        if (abandonAfterMs <= 0 && mode.isBlocking()) {
            return afterAttempt(number, history, BodyRun.runHere(body, context), lease);
        }
        CompletionStage<AttemptOutcome> started = settings.bodyRun().start(body, context, cancelled, abandonAfterMs);
        // A body run that has its outcome already: go on directly, nothing to chain.
        AttemptOutcome now = BodyRun.ifDone(started);
        return now != null
                ? afterAttempt(number, history, now, lease)
                : mode.settle(started).thenCompose(outcome -> afterAttempt(number, history, outcome, lease));
    }

    /** Steps 5 and 6: account for the attempt, then stop or go again. */
    private CompletionStage<ToolResult> afterAttempt(int number, AttemptHistory earlier, AttemptOutcome outcome,
            Lease lease) {
        if (outcome.succeeded()) {
            breaker.onSuccess();
            settings.budget().onSuccess();
            return end(ToolResult.success(prepared.callId(), prepared.toolName(), outcome.value(), number,
                    prepared.idempotencyKey()), null, lease);
        }
        ToolFailure failure = outcome.failure();
        AttemptHistory history = lease.after(earlier, outcome);
        if (failure.isTransient()) {
            breaker.onFailure(settings.clock().millis());
            settings.budget().onFailure();
        } else {
            breaker.onSuccess();
        }
        RetryDecision decision = RetryRule.decide(prepared.tool(), prepared.policy(), failure, number,
                settings.budget().allowsRetry());
        if (decision.runsAgain()) {
            // Another attempt only while the claim is still ours: a replica may have taken it over.
            return lease.confirm().thenCompose(held -> {
                if (held) {
                    return retry(number, history, decision, lease);
                }
                events.takenOver(prepared, number, failure);
                return end(failed(number, history.takenOver()), history, lease);
            });
        }
        events.stopped(prepared, number, failure, decision,
                history.outcomeUnknown() || run.hadUnknownOutcome(prepared.idempotencyKey()));
        if (RepetitionGuard.guards(failure.type(), failure.retryable())) {
            run.rememberFailure(prepared.idempotencyKey());
        }
        if (history.outcomeUnknown() && claim != null && prepared.body().verifiable()) {
            // The verifier's answer, not the retry rule, says whether it took effect; "not applied" is recorded as retryable.
            return verification().afterAttempts(number, history.abandonedBody(), failure).thenCompose(verdict -> {
                if (verdict.kind() == Verification.Verdict.UNKNOWN) {
                    return end(failed(number, history), history, lease);
                }
                run.forgetUnknownOutcome(prepared.idempotencyKey());
                return end(verdict.result(), null, lease);
            });
        }
        return end(failed(number, history), history, lease);
    }

    private CompletionStage<ToolResult> retry(int number, AttemptHistory history, RetryDecision decision, Lease lease) {
        ToolFailure failure = history.last();
        RetryPolicy policy = prepared.policy();
        // The service's Retry-After wins over a shorter backoff (it knows its load), within the policy's cap.
        long delayMs = Math.max(policy.delayMs(number, settings.random().getAsDouble()),
                Math.min(failure.retryAfterMs(), policy.maxDelayMs()));
        events.retrying(prepared, number, delayMs, failure, decision);
        return mode.settle(settings.sleeper().sleep(delayMs))
                .handle((ignored, sleepFailed) -> sleepFailed == null
                        ? attempt(number + 1, history, lease)
                        : end(failed(number, history), history, lease))
                .thenCompose(next -> next);
    }

    private ToolResult failed(int attempts, AttemptHistory history) {
        String key = prepared.idempotencyKey();
        if (history.outcomeUnknown()) {
            run.rememberUnknownOutcome(key);
        }
        ToolFailure failure = history.last();
        String callId = prepared.callId();
        String tool = prepared.toolName();
        if (history.abandonedBody()) {
            return ToolResult.stillRunning(callId, tool, failure.type(), failure.message(), attempts, key);
        }
        return history.outcomeUnknown() || run.hadUnknownOutcome(key)
                ? ToolResult.outcomeUnknown(callId, tool, failure.type(), failure.message(), attempts, key)
                : ToolResult.error(callId, tool, failure.type(), failure.message(), attempts, key);
    }

    /** Hands {@code result} to the lease to record; {@code history} holds the failures it reports, {@code null} for none. */
    private static CompletionStage<ToolResult> end(ToolResult result, AttemptHistory history, Lease lease) {
        return history == null ? lease.end(result, null, null)
                : lease.end(result, history.last(), history.abandoned());
    }
}
