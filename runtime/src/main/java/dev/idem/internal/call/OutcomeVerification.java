package dev.idem.internal.call;

import dev.idem.internal.Mode;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import dev.idem.tool.Verification;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * What a verifier's answer means, in one place, wherever a call's outcome would be unknown
 * (docs/running-tools.md, "Verifying unknown outcomes"): a {@link Verdict} the attempts act on.
 *
 * <table>
 *   <caption>where the outcome is unknown, and what each verdict does</caption>
 *   <tr><th>where</th><th>APPLIED</th><th>NOT_APPLIED</th><th>UNKNOWN, failing, timing out</th></tr>
 *   <tr><td>the last attempt timed out or broke after dispatch</td><td>SUCCEEDED with the verified
 *       result, answered as a replay</td><td>FAILED, nothing took effect: the next call runs it (kept
 *       unknown while the abandoned body may still be running)</td><td>OUTCOME_UNKNOWN</td></tr>
 *   <tr><td>a re-issued call of an OUTCOME_UNKNOWN record, or a lost owner's STARTED record</td>
 *       <td>claimed, recorded SUCCEEDED, replayed: the body never runs</td><td>claimed and run, as if
 *       it never started; OUTCOME_UNKNOWN while an abandoned body may still run (the record's lease
 *       holds)</td><td>OUTCOME_UNKNOWN, nothing runs</td></tr>
 *   <tr><td>an idempotent tool taking a lost owner's call over</td><td>recorded SUCCEEDED, replayed:
 *       the body never runs</td><td>runs</td><td>re-driven under the same key</td></tr>
 * </table>
 *
 * <p>The verifier runs under its own rules ({@link VerifierRun}); its verdict is told through the call's {@link CallEvents}.
 */
public final class OutcomeVerification {

    /**
     * A verifier's answer as the call acts on it: APPLIED with the replay to record; NOT_APPLIED
     * only where it is evidence (after the attempts, with the answer to record); UNKNOWN otherwise.
     *
     * @param kind   the verdict that stands
     * @param result the answer to record for APPLIED, and for NOT_APPLIED after the attempts; else {@code null}
     */
    public record Verdict(Verification.Verdict kind, ToolResult result) {}

    private final VerifierRun verifier;
    private final PreparedCall prepared;
    private final CallEvents events;

    public OutcomeVerification(ExecutorSettings settings, PreparedCall prepared, String intentId, Mode mode,
            CallEvents events) {
        this.verifier = new VerifierRun(settings, prepared, intentId, mode);
        this.prepared = prepared;
        this.events = events;
    }

    /**
     * The last attempt stopped with the outcome unknown after {@code attempts} attempts, with
     * {@code failure}. {@code abandoned}: the body may still be running, so "not applied" cannot be
     * trusted yet.
     */
    public CompletionStage<Verdict> afterAttempts(int attempts, boolean abandoned, ToolFailure failure) {
        String where = "attempt " + attempts + " ended with " + failure.type();
        return verifier.ask().thenApply(verification -> switch (verification.verdict()) {
            case APPLIED -> applied(where, verification, attempts);
            case NOT_APPLIED -> {
                if (abandoned) {
                    log(where, verification, "kept unknown: the abandoned body may still be running and take effect");
                    yield new Verdict(Verification.Verdict.UNKNOWN, null);
                }
                log(where, verification, "recorded as not run; the next call of the intent runs it");
                yield new Verdict(Verification.Verdict.NOT_APPLIED, ToolResult.error(prepared.callId(),
                        prepared.toolName(), failure.type(), failure.message() + " (its verifier found that the call"
                                + " did NOT take effect; calling it again runs it)", attempts,
                        prepared.idempotencyKey()));
            }
            case UNKNOWN -> {
                log(where, verification, "the outcome stays unknown");
                yield new Verdict(Verification.Verdict.UNKNOWN, null);
            }
        });
    }

    /**
     * The journal holds an unknown outcome for the call's intent ({@code where} says which).
     * {@code mayStillRun}: an earlier attempt's abandoned body may still be running (its owner holds
     * the record's lease), so NOT_APPLIED is no evidence yet.
     */
    public CompletionStage<Verdict> recorded(String where, boolean mayStillRun) {
        return verifier.ask().thenApply(verification -> switch (verification.verdict()) {
            case APPLIED -> applied(where, verification, 0);
            case NOT_APPLIED -> {
                if (mayStillRun) {
                    log(where, verification, "kept unknown: an earlier attempt's abandoned body may still be running"
                            + " and take effect; nothing runs");
                    yield new Verdict(Verification.Verdict.UNKNOWN, null);
                }
                log(where, verification, "runs the call as if it never started");
                yield new Verdict(Verification.Verdict.NOT_APPLIED, null);
            }
            case UNKNOWN -> {
                log(where, verification, "the outcome stays unknown");
                yield new Verdict(Verification.Verdict.UNKNOWN, null);
            }
        });
    }

    private Verdict applied(String where, Verification<JsonNode> verification, int attempts) {
        log(where, verification, "recorded SUCCEEDED with the verified result and answered as a replay");
        return new Verdict(Verification.Verdict.APPLIED, ToolResult.success(prepared.callId(), prepared.toolName(),
                verification.result(), attempts, prepared.idempotencyKey()).asReplayed());
    }

    private void log(String where, Verification<?> verification, String then) {
        events.verified(prepared, where, verification, then);
    }
}
