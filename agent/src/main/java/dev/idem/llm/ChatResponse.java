package dev.idem.llm;

import dev.idem.tool.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * The model's answer to one request, assembled in full (also when it was streamed).
 *
 * <pre>{@code
 * ChatResponse response = model.chat(request);
 * if (response.hasToolCalls()) {
 *     response.toolCalls().forEach(executor::run);
 * } else if (response.refused()) {
 *     System.out.println("declined: " + response.refusal());
 * } else {
 *     System.out.println(response.text());
 * }
 * }</pre>
 *
 * @param message      the assistant message: text, tool calls or both
 * @param usage        tokens spent by this call ({@link Usage#ZERO} when the provider reported none)
 * @param finishReason why the model stopped, as the provider said it ({@code stop}, {@code tool_calls},
 *                     {@code length}, ...), or {@code null} when it did not say
 * @param model        the model that answered, as the provider named it
 * @param refusal      the model's refusal to answer (OpenAI's {@code message.refusal}), empty (never
 *                     {@code null}) when it did not refuse; a refusal is an answer, never a failure
 * @param id           the provider's id of this answer (OpenAI's {@code id}), empty (never {@code null})
 *                     when it gave none
 */
public record ChatResponse(ChatMessage message, Usage usage, String finishReason, String model, String refusal,
        String id) {

    /**
     * Fills in absent usage, model, refusal and id.
     *
     * @param message      the assistant message: text, tool calls or both
     * @param usage        tokens spent by this call ({@link Usage#ZERO} when the provider reported none)
     * @param finishReason why the model stopped, as the provider said it ({@code stop}, {@code tool_calls},
     *                     {@code length}, ...), or {@code null} when it did not say
     * @param model        the model that answered, as the provider named it
     * @param refusal      the model's refusal to answer (OpenAI's {@code message.refusal}), empty (never
     *                     {@code null}) when it did not refuse; a refusal is an answer, never a failure
     * @param id           the provider's id of this answer, empty or {@code null} when it gave none
     * @throws IllegalArgumentException when {@code message} is not an assistant message
     */
    public ChatResponse {
        Objects.requireNonNull(message, "message");
        if (message.role() != ChatMessage.Role.ASSISTANT) {
            throw new IllegalArgumentException("a response carries an assistant message, not " + message.role());
        }
        usage = usage == null ? Usage.ZERO : usage;
        model = model == null ? "" : model;
        refusal = refusal == null ? "" : refusal;
        id = id == null ? "" : id;
    }

    /**
     * A response without an id.
     *
     * @param message      the assistant message
     * @param usage        tokens spent by this call, or {@code null} for none reported
     * @param finishReason why the model stopped, or {@code null}
     * @param model        the model that answered
     * @param refusal      the model's refusal, or empty
     */
    public ChatResponse(ChatMessage message, Usage usage, String finishReason, String model, String refusal) {
        this(message, usage, finishReason, model, refusal, "");
    }

    /**
     * A response without a refusal.
     *
     * @param message the assistant message
     * @param usage tokens spent by this call, or {@code null} for none reported
     * @param finishReason why the model stopped, or {@code null}
     * @param model the model that answered
     */
    public ChatResponse(ChatMessage message, Usage usage, String finishReason, String model) {
        this(message, usage, finishReason, model, "");
    }

    /**
     * The answer's text, empty when the model only called tools.
     *
     * @return the text, or empty
     */
    public String text() {
        return message.content();
    }

    /**
     * The tool calls the model asked for, in its order.
     *
     * @return the tool calls, or an empty list
     */
    public List<ToolCall> toolCalls() {
        return message.toolCalls();
    }

    /**
     * Whether the model declined to answer; {@link #refusal()} says why, in its words.
     *
     * @return true when the model refused
     */
    public boolean refused() {
        return !refusal.isEmpty();
    }

    /**
     * Whether the model asked for at least one tool call.
     *
     * @return true when the answer has tool calls
     */
    public boolean hasToolCalls() {
        return message.hasToolCalls();
    }
}
