package dev.idem.tool.exchange;

import java.util.Objects;

/**
 * A prompt for the client's model ({@link ToolExchange#sample}).
 *
 * @param prompt the user message the model answers
 * @param systemPrompt the system prompt, or {@code null} for the client's own
 * @param maxTokens the most tokens the answer may take, at least 1
 */
public record SamplingRequest(String prompt, String systemPrompt, int maxTokens) {

    /**
     * Checks the prompt is present and {@code maxTokens} positive.
     *
     * @param prompt the user message
     * @param systemPrompt the system prompt, or {@code null}
     * @param maxTokens the most tokens, at least 1
     */
    public SamplingRequest {
        Objects.requireNonNull(prompt, "prompt");
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be at least 1, was " + maxTokens);
        }
    }

    /**
     * A prompt without a system prompt.
     *
     * @param prompt the user message
     * @param maxTokens the most tokens the answer may take
     * @return the request
     */
    public static SamplingRequest of(String prompt, int maxTokens) {
        return new SamplingRequest(prompt, null, maxTokens);
    }
}
