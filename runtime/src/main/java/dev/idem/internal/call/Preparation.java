package dev.idem.internal.call;

import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.BoundCall;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolResult;
/**
 * What {@link CallPreparation} hands on: a {@link PreparedCall} whose body may run, or the
 * {@linkplain Refused result} of a call whose body must not run at all.
 */
public sealed interface Preparation permits Preparation.PreparedCall, Preparation.Refused {

    /**
     * Looked up, parsed, bound and guarded, and refused on the way: nothing of the tool ran.
     *
     * @param awaiting what a person must approve when the refusal is only that, else {@code null}
     */
    record Refused(ToolResult result, ApprovalNeeded awaiting) implements Preparation {
        public Refused(ToolResult result) {
            this(result, null);
        }
    }

    /**
     * A call ready to run: looked up, bound, identified and guarded. Made once per call by
     * {@link CallPreparation} and only read after that, by the journal and the attempts: every
     * question about the call's route is answered here, before its first attempt.
     *
     * @param call           the call as the model made it
     * @param tool           the tool it calls
     * @param policy         the retry policy it runs under: the tool's own, else the executor's
     * @param body           the bound arguments; each run runs the body once
     * @param idempotencyKey the key every attempt of the call's intent shares
     * @param argumentsHash  the hash of the canonical arguments a journal record keeps; {@code null}
     *                       when the call is not journaled or the journal is the executor's own
     * @param timeoutMs      the wall-clock limit per body run, 0 for none
     * @param maxBodyRuns    how many times the body may run at most, whatever path
     */
    public record PreparedCall(ToolCall call, ToolDescriptor tool, RetryPolicy policy, BoundCall body, String idempotencyKey,
            String argumentsHash, long timeoutMs, int maxBodyRuns) implements Preparation {

        public String callId() {
            return call.id();
        }

        public String toolName() {
            return tool.name();
        }
    }
}
