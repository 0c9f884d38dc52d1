package dev.idem.agent;

/**
 * How an agent run ended.
 *
 * <pre>{@code
 * AgentResult result = agent.run("Book GRU to LIS on 3 May", "ticket-4711");
 * if (result.status() == AgentStatus.OUTCOME_UNKNOWN) {
 *     // the model may have acted: re-run with the same intent id, services deduplicate
 *     result = agent.run("Book GRU to LIS on 3 May", "ticket-4711");
 * }
 * }</pre>
 */
public enum AgentStatus {
    /** The model gave a final answer. */
    ANSWERED,
    /**
     * The model declined to answer (OpenAI's {@code refusal}); its words are in
     * {@link AgentResult#refusal()}. A refusal is an answer, so it was not retried, and the
     * conversation keeps it.
     */
    REFUSED,
    /**
     * A model call on a turn that offers tools failed after the provider may have processed it
     * ({@code PROVIDER_OUTCOME_UNKNOWN}): it was not replayed, because the model may have asked
     * for tool calls nobody saw. Re-run with the same intent id to continue safely.
     */
    OUTCOME_UNKNOWN,
    /** A model call failed and the failover policy gave up (see {@link AgentResult#error()}). */
    FAILED,
    /** The run used up its model turns or tool calls before an answer. */
    LIMIT_REACHED,
    /**
     * A tool call needs a person's approval: the run stopped before any call of that turn ran, with
     * the calls recorded in the journal as awaiting approval ({@link AgentResult#pendingApprovals()}).
     * {@link Agent#resume} with the decisions continues it, in this process or any other on the journal.
     */
    AWAITING_APPROVAL
}
