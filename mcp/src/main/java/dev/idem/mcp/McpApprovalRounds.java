package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import dev.idem.tool.exchange.ElicitationAnswer;
import dev.idem.tool.exchange.ToolExchange;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Approvals on 2026-07-28, where a server may no longer ask its client mid-call: a call that needs
 * a person's approval is recorded as awaiting it (as on every channel), and, with no decision of
 * record, answered with an input round asking the person ({@value #APPROVAL_INPUT}: the same form
 * as 2025-11-25's elicitation). The round's request state is sealed to the intent, the key, the
 * call's hash and the request's expiry ({@link RoundState}); the re-sent call's answer is applied
 * only when they all match and the request has not expired, and only when no decision is of record:
 * an answer cannot approve another call, cannot undo a decline, cannot outlive the approval timeout.
 * The decision is recorded once in the journal ({@link Approvals#decide}), where the Java API, the
 * Actuator endpoint and other replicas see it. Blocking: called off the transport's threads.
 */
final class McpApprovalRounds {

    /** The key of the approval form among a round's input requests. */
    static final String APPROVAL_INPUT = "dev.idem/approval";

    /** A call's outcome: its result, or the input round to answer it with. */
    record Outcome(ToolResult result, McpSchema.InputRequiredResult round) {}

    private final McpApprovals approvals;

    McpApprovalRounds(McpApprovals approvals) {
        this.approvals = approvals;
    }

    Outcome execute(FrameworkCalls.Intent intent, String callId, String tool, String argumentsText, String handle,
            McpRequestContext ctx, McpSchema.CallToolRequest request, RoundState state) {
        FrameworkCalls calls = approvals.calls();
        if (intent.refused()) {
            return new Outcome(calls.execute(intent, callId, tool, argumentsText), null);
        }
        ToolCall call = new ToolCall(callId, tool, argumentsText);
        ToolRun run = calls.run(intent);
        Optional<ApprovalNeeded> needed = run.approvalNeeded(call);
        if (needed.isPresent()) {
            ApprovalNeeded what = needed.get();
            Instant now = approvals.clock().instant();
            ApprovalRequest asked = new ApprovalRequest(intent.id(), what.callId(), what.tool(), what.idempotencyKey(),
                    what.argumentsJson(), what.approvers(), now, now.plus(approvals.timeout()));
            Approvals journal = approvals.journalApprovals();
            Optional<ApprovalDecision> decision = Optional.empty();
            if (journal != null) {
                asked = journal.record(asked);
                decision = journal.expireIfDue(asked);
            }
            String callHash = IntentHandles.callHash(tool, argumentsText);
            Object answer = request.inputResponses() == null ? null : request.inputResponses().get(APPROVAL_INPUT);
            if (decision.isEmpty() && answer != null) {
                if (!state.asksApproval() || !what.idempotencyKey().equals(state.key())
                        || !intent.id().equals(state.intentId()) || !callHash.equals(state.callHash())
                        || state.expiresAt() <= now.toEpochMilli()) {
                    return new Outcome(ToolResult.error(callId, tool, ErrorType.PERMISSION_DENIED, "the approval answer"
                            + " sent was not asked for this call (another call or intent, or its request expired);"
                            + " it is ignored, the call still awaits approval and the tool was NOT executed", 0,
                            what.idempotencyKey()), null);
                }
                Optional<ApprovalDecision> given = McpApprovals.decisionOf(elicitationAnswer(answer), what.idempotencyKey());
                if (given.isPresent() && !asked.mayBeDecidedBy(given.get().by())) {
                    return new Outcome(ToolResult.error(callId, tool, ErrorType.PERMISSION_DENIED, "'"
                            + given.get().by() + "' may not decide this call; its approvers are " + asked.approvers()
                            + "; it still awaits approval and the tool was NOT executed", 0, what.idempotencyKey()), null);
                }
                decision = given.map(approvals::record);
            } else if (decision.isEmpty() && ctx.clientCapabilities().supportsElicitationForm()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> schema = McpJson.MAPPER.convertValue(McpApprovals.form(asked).requestedSchema(), Map.class);
                McpSchema.InputRequiredResult.Builder round = McpSchema.InputRequiredResult.builder()
                        .elicit(APPROVAL_INPUT, McpSchema.ElicitFormRequest.builder(McpApprovals.message(asked), schema).build())
                        .requestState(new RoundState(handle, intent.id(), what.idempotencyKey(), callHash,
                                asked.expiresAt().toEpochMilli()).write());
                if (handle != null) {
                    round.meta(Map.of(McpModernCalls.HANDLE_META_KEY, handle));
                }
                return new Outcome(null, round.build());
            }
            if (decision.isPresent()) {
                ApprovalDecision decided = decision.get();
                if (!decided.approved()) {
                    return new Outcome(run.declined(call, what.idempotencyKey(), decided.by(), decided.reason()), null);
                }
                run.approve(what.idempotencyKey());
            }
        }
        // approved: runs once under its key; undecided: the executor answers that it awaits approval
        return new Outcome(approvals.replayDecline(run, call, run.execute(call, ToolExchange.none())), null);
    }

    private static ElicitationAnswer elicitationAnswer(Object answer) {
        JsonNode node = McpJson.MAPPER.convertValue(answer, JsonNode.class);
        String action = node.path("action").asString("cancel");
        ElicitationAnswer.Action kind = switch (action) {
            case "accept" -> ElicitationAnswer.Action.ACCEPT;
            case "decline" -> ElicitationAnswer.Action.DECLINE;
            default -> ElicitationAnswer.Action.CANCEL;
        };
        JsonNode content = node.path("content").isObject() ? node.path("content") : null;
        return new ElicitationAnswer(kind, content);
    }
}
