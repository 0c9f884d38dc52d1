package dev.idem.llm;

import dev.idem.tool.ToolDescriptor;
import java.util.List;

/**
 * What is sent to the model in one call: the conversation so far and the tools it may call.
 *
 * <pre>{@code
 * ChatRequest request = ChatRequest.of(List.of(ChatMessage.user("Hi")), registry.descriptors())
 *         .withStrictTools(true)
 *         .withMaxTokens(512);
 * }</pre>
 *
 * @param messages    the conversation, oldest first
 * @param tools       the tools offered to the model; empty for a turn without tools
 * @param strictTools whether tools are sent in the provider's strict schema dialect where they have one
 * @param temperature sampling temperature, or {@code null} for the provider's default
 * @param maxTokens   cap on generated tokens, or {@code null} for the provider's default
 */
public record ChatRequest(
        List<ChatMessage> messages, List<ToolDescriptor> tools, boolean strictTools, Double temperature,
        Integer maxTokens) {

    /**
     * Copies the lists and checks the settings.
     *
     * @param messages    the conversation, oldest first
     * @param tools       the tools offered to the model; empty for a turn without tools
     * @param strictTools whether tools are sent in the provider's strict schema dialect where they have one
     * @param temperature sampling temperature, or {@code null} for the provider's default
     * @param maxTokens   cap on generated tokens, or {@code null} for the provider's default
     * @throws IllegalArgumentException when {@code maxTokens} is below 1 or {@code temperature} outside [0, 2]
     */
    public ChatRequest {
        messages = List.copyOf(messages);
        tools = tools == null ? List.of() : List.copyOf(tools);
        if (maxTokens != null && maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be >= 1 or null, was " + maxTokens);
        }
        if (temperature != null && (temperature < 0 || temperature > 2)) {
            throw new IllegalArgumentException("temperature must be in [0, 2] or null, was " + temperature);
        }
    }

    /**
     * A request without tools.
     *
     * @param messages the conversation, oldest first
     * @return a request without tools, in the provider's default settings
     */
    public static ChatRequest of(List<ChatMessage> messages) {
        return new ChatRequest(messages, List.of(), false, null, null);
    }

    /**
     * A request offering {@code tools}, in the loose (non-strict) dialect.
     *
     * @param messages the conversation, oldest first
     * @param tools the tools offered to the model
     * @return a request offering tools, in the provider's default settings
     */
    public static ChatRequest of(List<ChatMessage> messages, List<ToolDescriptor> tools) {
        return new ChatRequest(messages, tools, false, null, null);
    }

    /**
     * Whether the model may answer this request with tool calls. A failure after dispatch on such
     * a turn may have produced tool calls nobody saw, so it is never replayed silently.
     *
     * @return true when tools are offered
     */
    public boolean exposesTools() {
        return !tools.isEmpty();
    }

    /**
     * The last message of the conversation, or {@code null} when it is empty.
     *
     * @return the last message, or {@code null}
     */
    public ChatMessage lastMessage() {
        return messages.isEmpty() ? null : messages.get(messages.size() - 1);
    }

    /**
     * This request with the strict flag set to {@code value}.
     *
     * @param value true for the strict dialect
     * @return a copy of this request with that flag
     */
    public ChatRequest withStrictTools(boolean value) {
        return new ChatRequest(messages, tools, value, temperature, maxTokens);
    }

    /**
     * This request with temperature {@code value} ({@code null}: provider default).
     *
     * @param value the sampling temperature, in [0, 2], or {@code null}
     * @return a copy of this request with that temperature
     */
    public ChatRequest withTemperature(Double value) {
        return new ChatRequest(messages, tools, strictTools, value, maxTokens);
    }

    /**
     * This request with max tokens {@code value} ({@code null}: provider default).
     *
     * @param value the cap on generated tokens, at least 1, or {@code null}
     * @return a copy of this request with that cap
     */
    public ChatRequest withMaxTokens(Integer value) {
        return new ChatRequest(messages, tools, strictTools, temperature, value);
    }

    /**
     * This request with another conversation, same tools and settings.
     *
     * @param value the conversation, oldest first
     * @return a copy of this request with that conversation
     */
    public ChatRequest withMessages(List<ChatMessage> value) {
        return new ChatRequest(value, tools, strictTools, temperature, maxTokens);
    }
}
