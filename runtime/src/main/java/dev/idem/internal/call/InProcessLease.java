package dev.idem.internal.call;

import dev.idem.internal.CauseChain;
import dev.idem.internal.Mode;
import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease of a call on the executor's own journal, in this process's memory: its owner is this
 * process, which the journal cannot outlive, so nothing is renewed or confirmed and nobody takes
 * the call over. An unknown outcome whose abandoned body may still be running keeps the claim's
 * lease until that body ends (docs/running-tools.md).
 *
 * @param call  the call's place in the journal
 * @param epoch the claim's fencing token
 */
public record InProcessLease(JournalCall call, long epoch) implements Lease {

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);

    @Override
    public CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure,
            CompletionStage<AttemptOutcome> abandoned) {
        CallOutcome outcome = JournalCall.outcomeOf(result, lastFailure);
        if (call.mode().isBlocking()) {
            // What call.io would do on this thread, without a stage and two lambdas to make per call.
            Throwable error = null;
            try {
                complete(outcome);
            } catch (RuntimeException e) {
                error = CauseChain.unwrap(e);
            }
            return CompletableFuture.completedFuture(recorded(outcome, error, result, abandoned));
        }
        return Mode.handle(call.io(() -> complete(outcome)),
                (recorded, error) -> recorded(outcome, error, result, abandoned));
    }

    private boolean complete(CallOutcome outcome) {
        return call.access().settings().journal().complete(call.key(), epoch, outcome);
    }

    /** {@code result}, once the journal took its outcome, or the failure to record it ({@code error}) is logged. */
    private ToolResult recorded(CallOutcome outcome, Throwable error, ToolResult result,
            CompletionStage<AttemptOutcome> abandoned) {
        if (error != null) {
            LOG.error("tool '{}' key {}: the executor's own journal did not take the outcome", call.tool().name(),
                    call.key(), error);
        } else if (outcome.holdsLease()) {
            AbandonedBodies.watch(abandoned, late -> ended(late));
        }
        return result;
    }

    /** The abandoned body ended: its value is the outcome, any other end lets the lease lapse one lease later. */
    private void ended(AttemptOutcome late) {
        String key = call.key();
        if (late.succeeded()) {
            AbandonedBodies.returned(call, key);
            call.access().settings().journal().complete(key, epoch, CallOutcome.succeeded(
                    JournalCall.jsonOf(late.value()), 0));
        } else {
            AbandonedBodies.stopped(call, late, JournalSettings.DEFAULT_LEASE);
            call.access().settings().journal().renew(key, epoch, JournalSettings.DEFAULT_LEASE);
        }
    }
}
