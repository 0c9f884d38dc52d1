package dev.idem.tool.exchange;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * The user's answer to an {@link ElicitationRequest}.
 *
 * @param action whether the user accepted, declined or cancelled
 * @param content the form's values when accepted, else {@code null}
 */
public record ElicitationAnswer(Action action, JsonNode content) {

    /** What the user did with the form. */
    public enum Action {
        /** Filled in and sent. */
        ACCEPT,
        /** Refused to answer. */
        DECLINE,
        /** Dismissed without a choice. */
        CANCEL
    }

    /**
     * Checks the action is present.
     *
     * @param action what the user did
     * @param content the values when accepted, else {@code null}
     */
    public ElicitationAnswer {
        Objects.requireNonNull(action, "action");
    }
}
