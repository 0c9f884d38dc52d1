package dev.idem.agent;

import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The approval gate of one turn's tool calls, before any of them runs. Each call is bound and
 * checked by the executor first (bad arguments never wait: executing them refuses them at once);
 * a call that needs approval is recorded in the journal as awaiting it, once, and its decision of
 * record, if any, is applied: approved, the run may execute it (once, under its key); declined or
 * expired, its result says so and it never runs. When a call of the turn is still undecided, none
 * of the turn's calls runs: the model ordered them, and a later call may rely on an earlier one.
 * Blocking journal I/O: the run calls it on its own thread or the agent's pool.
 */
final class ApprovalStep {

    /** What the gate found: calls still undecided, and results for the declined ones by call id. */
    record Gate(List<ApprovalRequest> pending, Map<String, ToolResult> declined) {}

    private final AgentSettings settings;
    private final ToolRun tools;
    private final String intentId;
    private final Consumer<TraceEvent> trace;

    ApprovalStep(AgentSettings settings, ToolRun tools, String intentId, Consumer<TraceEvent> trace) {
        this.settings = settings;
        this.tools = tools;
        this.intentId = intentId;
        this.trace = trace;
    }

    /** The approvals of the agent's journal, or null when the agent has none. */
    static Approvals approvals(AgentSettings settings) {
        return settings.journal() == null ? null
                : Approvals.over(settings.journal().journal(), settings.journal().owner(), settings.clock());
    }

    Gate check(int turn, List<ToolCall> calls) {
        List<ApprovalRequest> pending = new ArrayList<>();
        Map<String, ToolResult> declined = new HashMap<>();
        Approvals approvals = null;
        for (ToolCall call : calls) {
            Optional<ApprovalNeeded> needed = tools.approvalNeeded(call);
            if (needed.isEmpty()) {
                continue;
            }
            ApprovalNeeded what = needed.get();
            Instant now = settings.clock().instant();
            ApprovalRequest request = new ApprovalRequest(intentId, what.callId(), what.tool(), what.idempotencyKey(),
                    what.argumentsJson(), what.approvers(), now, now.plus(settings.approvalTimeout()));
            Optional<ApprovalDecision> decision = Optional.empty();
            if (settings.journal() != null) {
                approvals = approvals != null ? approvals : approvals(settings);
                request = approvals.record(request);
                decision = approvals.expireIfDue(request);
            }
            if (decision.isEmpty()) {
                pending.add(request);
                trace.accept(new TraceEvent.ApprovalRequested(turn, request));
                continue;
            }
            ApprovalDecision decided = decision.get();
            trace.accept(new TraceEvent.ApprovalDecided(turn, request.tool(), decided));
            if (decided.approved()) {
                tools.approve(request.idempotencyKey());
            } else {
                declined.put(call.id(), tools.declined(call, request.idempotencyKey(), decided.by(), decided.reason()));
            }
        }
        return new Gate(pending, declined);
    }
}
