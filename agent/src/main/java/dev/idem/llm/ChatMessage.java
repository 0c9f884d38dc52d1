package dev.idem.llm;

import dev.idem.tool.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation, in the shape every Chat Completions provider understands.
 *
 * <pre>{@code
 * List<ChatMessage> history = List.of(
 *         ChatMessage.system("You book flights."),
 *         ChatMessage.user("Book GRU to LIS on 3 May"),
 *         ChatMessage.assistant("", List.of(new ToolCall("call_1", "book_flight", "{\"from\":\"GRU\"}"))),
 *         ChatMessage.toolResult("call_1", "book_flight", "{\"booking\":\"BK-1\"}"));
 * }</pre>
 *
 * @param role       who speaks
 * @param content    the text; empty (never {@code null}) when an assistant message only calls tools
 * @param toolCalls  the tools an assistant message asks for, in the model's order; empty otherwise
 * @param toolCallId for a tool result, the id of the call it answers; {@code null} otherwise
 * @param toolName   for a tool result, the tool that produced it; {@code null} otherwise
 * @param error      for a tool result, whether it reports a failure rather than a result
 */
public record ChatMessage(
        Role role, String content, List<ToolCall> toolCalls, String toolCallId, String toolName, boolean error) {

    /** Who speaks a message. */
    public enum Role {
        /** Instructions for the model. */
        SYSTEM,
        /** The person (or program) the agent works for. */
        USER,
        /** The model: text, tool calls or both. */
        ASSISTANT,
        /** The result of one tool call, answering an assistant tool call by id. */
        TOOL
    }

    /**
     * Checks that only assistant messages carry tool calls and only tool results name a call.
     *
     * @param role       who speaks
     * @param content    the text; empty (never {@code null}) when an assistant message only calls tools
     * @param toolCalls  the tools an assistant message asks for, in the model's order; empty otherwise
     * @param toolCallId for a tool result, the id of the call it answers; {@code null} otherwise
     * @param toolName   for a tool result, the tool that produced it; {@code null} otherwise
     * @param error      for a tool result, whether it reports a failure rather than a result
     * @throws IllegalArgumentException when tool calls or tool-result fields are on the wrong role
     */
    public ChatMessage {
        Objects.requireNonNull(role, "role");
        content = content == null ? "" : content;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        if (!toolCalls.isEmpty() && role != Role.ASSISTANT) {
            throw new IllegalArgumentException("only assistant messages carry tool calls, not " + role);
        }
        if (role == Role.TOOL) {
            Objects.requireNonNull(toolCallId, "toolCallId (a tool result must name the call it answers)");
        } else if (toolCallId != null || toolName != null || error) {
            throw new IllegalArgumentException("toolCallId, toolName and error belong to tool results, not " + role);
        }
    }

    /**
     * A system instruction.
     *
     * @param text the instruction
     * @return a system message
     */
    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, text, List.of(), null, null, false);
    }

    /**
     * A user message.
     *
     * @param text what the user says
     * @return a user message
     */
    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, text, List.of(), null, null, false);
    }

    /**
     * An assistant message with text only.
     *
     * @param text the answer
     * @return an assistant message
     */
    public static ChatMessage assistant(String text) {
        return new ChatMessage(Role.ASSISTANT, text, List.of(), null, null, false);
    }

    /**
     * An assistant message with text (may be empty) and tool calls.
     *
     * @param text the answer's text, may be empty
     * @param calls the tool calls asked for
     * @return an assistant message
     */
    public static ChatMessage assistant(String text, List<ToolCall> calls) {
        return new ChatMessage(Role.ASSISTANT, text, calls, null, null, false);
    }

    /**
     * The successful result of tool call {@code callId}.
     *
     * @param callId the id of the answered call
     * @param toolName the name of the called tool
     * @param text the result
     * @return a tool message
     */
    public static ChatMessage toolResult(String callId, String toolName, String text) {
        return new ChatMessage(Role.TOOL, text, List.of(), callId, toolName, false);
    }

    /**
     * A failure report for tool call {@code callId}; the model reads it like any tool result.
     *
     * @param callId the id of the answered call
     * @param toolName the name of the called tool
     * @param text what went wrong, for the model
     * @return a tool message marked as an error
     */
    public static ChatMessage toolError(String callId, String toolName, String text) {
        return new ChatMessage(Role.TOOL, text, List.of(), callId, toolName, true);
    }

    /**
     * Whether this is an assistant message asking for at least one tool call.
     *
     * @return true when the message has tool calls
     */
    public boolean hasToolCalls() {
        return !toolCalls.isEmpty();
    }
}
