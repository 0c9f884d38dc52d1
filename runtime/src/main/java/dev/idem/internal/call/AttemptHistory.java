package dev.idem.internal.call;

import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.tool.ToolFailure;
import java.util.concurrent.CompletionStage;

/**
 * What the failed attempts of one call so far leave behind, handed from each attempt to the next:
 * none is {@code null} (a call's first attempt, and every call that succeeds at once, make none).
 *
 * @param last           the latest failure: the one the call reports if it stops now
 * @param abandoned      what the bodies abandoned at their timeout came to, once all returned (the
 *                       first value one returned, else the last failure); {@code null} when none was
 * @param outcomeUnknown whether an attempt may have taken effect, or another owner may run the call now
 */
public record AttemptHistory(ToolFailure last, CompletionStage<AttemptOutcome> abandoned, boolean outcomeUnknown) {

    /** The history of {@code earlier} (or none) and then the failed {@code outcome}. */
    public static AttemptHistory after(AttemptHistory earlier, AttemptOutcome outcome) {
        ToolFailure failure = outcome.failure();
        CompletionStage<AttemptOutcome> abandoned = both(earlier == null ? null : earlier.abandoned, outcome.abandoned());
        boolean unknown = failure.leavesOutcomeUnknown() || earlier != null && earlier.outcomeUnknown;
        return new AttemptHistory(failure, abandoned, unknown);
    }

    /**
     * The history of {@code earlier} and then a transactional attempt's {@code failure}: its
     * transaction rolled back, so nothing of it may have taken effect, unless the journal itself
     * could not settle the commit (OUTCOME_UNKNOWN). Nothing is left running either: the executor
     * waits for a transactional body to end.
     */
    public static AttemptHistory rolledBack(AttemptHistory earlier, ToolFailure failure) {
        boolean unknown = failure.type() == dev.idem.ErrorType.OUTCOME_UNKNOWN
                || earlier != null && earlier.outcomeUnknown;
        return new AttemptHistory(failure, null, unknown);
    }

    /** Whether an attempt was left running at its timeout: its body may still be running. */
    public boolean abandonedBody() {
        return abandoned != null;
    }

    /** The same, with the outcome unknown: whoever took the intent over may be running it now. */
    public AttemptHistory takenOver() {
        return new AttemptHistory(last, abandoned, true);
    }

    private static CompletionStage<AttemptOutcome> both(CompletionStage<AttemptOutcome> earlier,
            CompletionStage<AttemptOutcome> latest) {
        if (earlier == null || latest == null) {
            return earlier == null ? latest : earlier;
        }
        return earlier.thenCombine(latest, (first, second) -> first.succeeded() ? first : second);
    }
}
