package dev.idem.agent;

import dev.idem.approvals.ApprovalRequest;
import dev.idem.llm.Usage;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.tool.ToolResult;
import java.util.List;
import java.util.Objects;

/**
 * What one agent run did: how it ended, the answer, and everything that happened on the way.
 * Tool results are listed even when the run failed later, so a caller always sees which effects
 * happened; a tool that ran is reported exactly as the executor reported it, never as failed
 * because of what came after it.
 *
 * <pre>{@code
 * AgentResult result = agent.run("Pay Maria 12.34 tomorrow", "ticket-4711");
 * result.trace().forEach(System.out::println);
 * String answer = result.orThrow();       // the answer, or the surfaced failure
 * }</pre>
 *
 * @param status      how the run ended
 * @param answer      the model's final answer; empty unless {@link AgentStatus#ANSWERED}
 * @param refusal     the model's refusal, in its words, for {@link AgentStatus#REFUSED}; empty otherwise
 * @param error       the surfaced model failure for {@link AgentStatus#FAILED} and
 *                    {@link AgentStatus#OUTCOME_UNKNOWN}; {@code null} otherwise
 * @param limit       which limit was reached for {@link AgentStatus#LIMIT_REACHED}; {@code null} otherwise
 * @param toolResults every tool call's result, in the order the model asked for them
 * @param trace       model attempts and decisions, tool retries and outcomes, in order
 * @param usage       the tokens this run spent (only answers this run received are counted)
 * @param intentId    the intent the run's idempotency keys were derived from
 * @param modelTurns  how many model turns the run took
 * @param pendingApprovals the calls awaiting a person's approval, for {@link AgentStatus#AWAITING_APPROVAL}; empty otherwise
 */
public record AgentResult(
        AgentStatus status,
        String answer,
        String refusal,
        ModelCallException error,
        String limit,
        List<ToolResult> toolResults,
        List<TraceEvent> trace,
        Usage usage,
        String intentId,
        int modelTurns,
        List<ApprovalRequest> pendingApprovals) {

    /**
     * Checks that a refusal comes exactly with REFUSED and an error exactly with FAILED and OUTCOME_UNKNOWN.
     *
     * @param status      how the run ended
     * @param answer      the model's final answer; empty unless {@link AgentStatus#ANSWERED}
     * @param refusal     the model's refusal, in its words, for {@link AgentStatus#REFUSED}; empty otherwise
     * @param error       the surfaced model failure for {@link AgentStatus#FAILED} and
     *                    {@link AgentStatus#OUTCOME_UNKNOWN}; {@code null} otherwise
     * @param limit       which limit was reached for {@link AgentStatus#LIMIT_REACHED}; {@code null} otherwise
     * @param toolResults every tool call's result, in the order the model asked for them
     * @param trace       model attempts and decisions, tool retries and outcomes, in order
     * @param usage       the tokens this run spent (only answers this run received are counted)
     * @param intentId    the intent the run's idempotency keys were derived from
     * @param modelTurns  how many model turns the run took
     * @param pendingApprovals the calls awaiting a person's approval, for {@link AgentStatus#AWAITING_APPROVAL}
     * @throws IllegalArgumentException when they do not
     */
    public AgentResult {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(intentId, "intentId");
        answer = answer == null ? "" : answer;
        refusal = refusal == null ? "" : refusal;
        if ((status == AgentStatus.REFUSED) == refusal.isEmpty()) {
            throw new IllegalArgumentException("refusal must be given exactly for REFUSED, status was " + status);
        }
        toolResults = List.copyOf(toolResults);
        trace = List.copyOf(trace);
        usage = usage == null ? Usage.ZERO : usage;
        if ((status == AgentStatus.FAILED || status == AgentStatus.OUTCOME_UNKNOWN) != (error != null)) {
            throw new IllegalArgumentException("error must be given exactly for FAILED and OUTCOME_UNKNOWN, status was "
                    + status);
        }
        pendingApprovals = pendingApprovals == null ? List.of() : List.copyOf(pendingApprovals);
        if ((status == AgentStatus.AWAITING_APPROVAL) == pendingApprovals.isEmpty()) {
            throw new IllegalArgumentException("pending approvals must be given exactly for AWAITING_APPROVAL, status was "
                    + status);
        }
    }

    /**
     * A result with no pending approvals (any status but AWAITING_APPROVAL).
     *
     * @param status      how the run ended
     * @param answer      the model's final answer
     * @param refusal     the model's refusal
     * @param error       the surfaced model failure
     * @param limit       which limit was reached
     * @param toolResults every tool call's result
     * @param trace       what happened, in order
     * @param usage       the tokens this run spent
     * @param intentId    the intent the run's idempotency keys were derived from
     * @param modelTurns  how many model turns the run took
     */
    public AgentResult(AgentStatus status, String answer, String refusal, ModelCallException error, String limit,
            List<ToolResult> toolResults, List<TraceEvent> trace, Usage usage, String intentId, int modelTurns) {
        this(status, answer, refusal, error, limit, toolResults, trace, usage, intentId, modelTurns, List.of());
    }

    /**
     * Whether the model gave a final answer.
     *
     * @return true when the model answered
     */
    public boolean answered() {
        return status == AgentStatus.ANSWERED;
    }

    /**
     * The answer; otherwise throws the surfaced {@link ModelCallException}, or an
     * {@link IllegalStateException} naming the limit that was reached or quoting the refusal.
     *
     * @return the answer
     */
    public String orThrow() {
        switch (status) {
            case ANSWERED:
                return answer;
            case LIMIT_REACHED:
                throw new IllegalStateException("the agent run " + intentId + " reached its limit: " + limit);
            case REFUSED:
                throw new IllegalStateException("the model refused in agent run " + intentId + ": " + refusal);
            case AWAITING_APPROVAL:
                throw new IllegalStateException("agent run " + intentId + " awaits approval of "
                        + pendingApprovals.stream().map(p -> p.tool() + " " + p.argumentsJson()).toList());
            default:
                throw error;
        }
    }

    /**
     * The results of the tool calls that succeeded, in order: the effects that happened.
     *
     * @return the successful results, in call order
     */
    public List<ToolResult> succeededToolCalls() {
        return toolResults.stream().filter(ToolResult::success).toList();
    }
}
