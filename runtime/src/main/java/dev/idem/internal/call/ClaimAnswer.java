package dev.idem.internal.call;

import dev.idem.tool.ToolResult;
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
