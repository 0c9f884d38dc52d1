/**
 * The agent: instructions, a model and tools in one loop (model turn, tool calls, results) until
 * an answer, a limit or a surfaced model failure, with a conversation that a failed run never
 * changes.
 *
 * <p>Entry types: {@link dev.idem.agent.Agent} (configure with its builder, then {@code run} or
 * {@code runAsync}), {@link dev.idem.agent.AgentResult} (status, answer, tool results, trace,
 * usage), {@link dev.idem.agent.ConversationWindow} (how much history is kept and sent).
 *
 * <pre>{@code
 * Agent agent = Agent.builder().model(model).tools(PixBank_ToolSet.of(bank)).build();
 * AgentResult result = agent.run("Pay R$ 42.00 to luiza@example.com", ticketId);
 * if (result.status() == AgentStatus.OUTCOME_UNKNOWN) agent.run(sameRequest, ticketId); // same keys
 * }</pre>
 */
package dev.idem.agent;
