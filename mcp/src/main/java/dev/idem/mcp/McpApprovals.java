package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalConflictException;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import dev.idem.tool.exchange.ElicitationAnswer;
import dev.idem.tool.exchange.ElicitationRequest;
import dev.idem.tool.exchange.ToolExchange;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The MCP channel of approvals: a call that needs a person's approval is recorded in the journal
 * as awaiting it ({@link Approvals}, as the Java API and the agent record it), and, when no
 * decision is recorded yet and the client supports elicitation, the person is asked through the
 * client. The decision is recorded once by {@link Approvals#decide}; approved, the call runs once
 * under its key; declined, it never runs and the model is told who declined and why. With no
 * decision (a client without elicitation, a cancelled form, a client that failed to answer) the
 * call is answered as awaiting approval and stays pending for the Java API. A re-issued call finds
 * the decision of record and nobody is asked again. Blocking (journal I/O, the person's answer):
 * called off the transport's threads.
 */
final class McpApprovals {

    /** Who decided, when the client's answer names nobody. */
    static final String ANONYMOUS = "mcp-client";

    private static final Logger LOG = LoggerFactory.getLogger(McpApprovals.class);

    private final FrameworkCalls calls;
    private final Approvals approvals;
    private final Duration timeout;
    private final Clock clock;

    McpApprovals(FrameworkCalls calls, Duration timeout, Clock clock) {
        this.calls = calls;
        this.timeout = timeout;
        this.clock = clock;
        Optional<JournalSettings> journal = calls.executor().journal();
        this.approvals = journal.map(settings -> Approvals.over(settings.journal(), settings.owner(), clock)).orElse(null);
    }

    /** The journal's approvals; {@code null} without a journal. */
    Approvals journalApprovals() {
        return approvals;
    }

    /** How long a request waits for its person. */
    Duration timeout() {
        return timeout;
    }

    /** The clock requests are stamped with. */
    Clock clock() {
        return clock;
    }

    /** The calls the approvals run in. */
    FrameworkCalls calls() {
        return calls;
    }

    /** Whether calls of {@code toolName} may need approval (else they go the plain way). */
    boolean mayNeedApproval(String toolName) {
        return calls.executor().registry().descriptors().stream()
                .anyMatch(tool -> tool.name().equals(toolName) && tool.requiresApproval());
    }

    /** Runs one call of a tool that may need approval, waiting on this thread; never throws. */
    ToolResult execute(FrameworkCalls.Intent intent, String callId, String toolName, String argumentsJson,
            ToolExchange exchange) {
        if (intent.refused()) {
            return calls.execute(intent, callId, toolName, argumentsJson);
        }
        ToolCall call = new ToolCall(callId, toolName, argumentsJson);
        try {
            ToolRun run = calls.run(intent);
            Optional<ApprovalNeeded> needed = run.approvalNeeded(call);
            if (needed.isPresent()) {
                Optional<ToolResult> answer = gate(run, intent.id(), call, exchange, needed.get());
                if (answer.isPresent()) {
                    return answer.get();
                }
            }
            // approved: runs once under its key; undecided: the executor answers that it awaits approval
            return replayDecline(run, call, run.execute(call, exchange));
        } catch (RuntimeException e) {
            return calls.failure(callId, toolName, e);
        }
    }

    /**
     * A declined call re-issued in its run is refused by the run's repetition guard before it
     * could need approval: the model is told the decline of record again, who and why.
     */
    ToolResult replayDecline(ToolRun run, ToolCall call, ToolResult result) {
        if (approvals == null || !result.isError() || result.errorType() != ErrorType.REPEATED_CALL
                || result.idempotencyKey() == null) {
            return result;
        }
        return approvals.decision(result.idempotencyKey()).filter(decision -> !decision.approved())
                .map(decision -> run.declined(call, decision.idempotencyKey(), decision.by(), decision.reason()))
                .orElse(result);
    }

    /** Records the request, finds or asks for the decision and applies it; a result when the call must not run. */
    private Optional<ToolResult> gate(ToolRun run, String intentId, ToolCall call, ToolExchange exchange,
            ApprovalNeeded what) {
        Instant now = clock.instant();
        ApprovalRequest request = new ApprovalRequest(intentId, what.callId(), what.tool(), what.idempotencyKey(),
                what.argumentsJson(), what.approvers(), now, now.plus(timeout));
        Optional<ApprovalDecision> decision = Optional.empty();
        if (approvals != null) {
            request = approvals.record(request);
            decision = approvals.expireIfDue(request);
        }
        if (decision.isEmpty() && exchange.canElicit()) {
            Optional<ApprovalDecision> given = ask(request, exchange);
            if (given.isPresent() && !request.mayBeDecidedBy(given.get().by())) {
                return Optional.of(ToolResult.error(call.id(), call.name(), ErrorType.PERMISSION_DENIED, "'"
                        + given.get().by() + "' may not decide this call; its approvers are " + request.approvers()
                        + "; it still awaits approval and the tool was NOT executed", 0, what.idempotencyKey()));
            }
            decision = given.map(this::record);
        }
        if (decision.isEmpty()) {
            return Optional.empty();
        }
        ApprovalDecision decided = decision.get();
        if (decided.approved()) {
            run.approve(what.idempotencyKey());
            return Optional.empty();
        }
        return Optional.of(run.declined(call, what.idempotencyKey(), decided.by(), decided.reason()));
    }

    /** The decision of record: this one, or the one another process recorded first (a decision is recorded once). */
    ApprovalDecision record(ApprovalDecision decision) {
        if (approvals == null) {
            return decision; // no journal: the decision holds for this call, in this process only
        }
        try {
            return approvals.decide(decision);
        } catch (ApprovalConflictException decidedElsewhere) {
            return decidedElsewhere.recorded();
        }
    }

    /** The person's decision through the client's elicitation; empty when they gave none. */
    private Optional<ApprovalDecision> ask(ApprovalRequest request, ToolExchange exchange) {
        ElicitationAnswer answer;
        try {
            answer = exchange.elicit(form(request));
        } catch (RuntimeException e) {
            LOG.warn("tool '{}' (key {}): the MCP client did not answer the approval request; it stays pending",
                    request.tool(), request.idempotencyKey(), e);
            return Optional.empty();
        }
        return decisionOf(answer, request.idempotencyKey());
    }

    /** The decision an answer to the approval form gives; empty when it gives none (cancelled). */
    static Optional<ApprovalDecision> decisionOf(ElicitationAnswer answer, String key) {
        if (answer.action() == ElicitationAnswer.Action.CANCEL) {
            return Optional.empty();
        }
        if (answer.action() == ElicitationAnswer.Action.DECLINE) {
            return Optional.of(ApprovalDecision.decline(key, ANONYMOUS, "declined in the MCP client"));
        }
        JsonNode content = answer.content();
        String who = text(content, "approver");
        String by = who.isEmpty() ? ANONYMOUS : who;
        String reason = text(content, "reason");
        return Optional.of("approve".equals(text(content, "decision"))
                ? ApprovalDecision.approve(key, by, reason.isEmpty() ? "approved in the MCP client" : reason)
                : ApprovalDecision.decline(key, by, reason.isEmpty() ? "declined in the MCP client" : reason));
    }

    /** What the person reads: the tool, its canonical arguments, who may approve, until when. */
    static String message(ApprovalRequest request) {
        return "Approve the call of tool '" + request.tool() + "' with arguments " + request.argumentsJson() + "? "
                + (request.approvers().isEmpty() ? "Anyone may decide." : "Who may approve: "
                        + String.join(", ", request.approvers()) + ".")
                + " Until " + request.expiresAt() + "; it runs once, under key " + request.idempotencyKey()
                + ", only if approved.";
    }

    /** The form: approve or decline (required), a reason, who decides (one of the approvers when the tool names them). */
    static ElicitationRequest form(ApprovalRequest request) {
        ElicitationRequest.Builder form = ElicitationRequest.builder(message(request))
                .choice("decision", "Decision", "approve", "decline")
                .string("reason", "Reason (optional)");
        if (request.approvers().isEmpty()) {
            form.string("approver", "Who decides").optional("approver");
        } else {
            form.choice("approver", "Who decides", request.approvers());
        }
        return form.optional("reason").build();
    }

    private static String text(JsonNode content, String field) {
        if (content == null || !content.path(field).isString()) {
            return "";
        }
        return content.path(field).asString().strip();
    }
}
