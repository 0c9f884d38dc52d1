package dev.idem.tool.exchange;

/**
 * The client model's answer to a {@link SamplingRequest}.
 *
 * @param text the answer's text ({@code ""} when it was not text)
 * @param model the model that answered, as the client names it, or {@code null}
 * @param stopReason why the model stopped ({@code endTurn}, {@code maxTokens}...), or {@code null}
 */
public record SamplingAnswer(String text, String model, String stopReason) {

    /**
     * A missing text is the empty text.
     *
     * @param text the answer's text
     * @param model the model, or {@code null}
     * @param stopReason why it stopped, or {@code null}
     */
    public SamplingAnswer {
        text = text == null ? "" : text;
    }
}
