package dev.idem.internal.call;

import dev.idem.tool.ToolFailure;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * How one body run ended: a returned value, or a classified failure. Exactly one is set.
 *
 * @param value     what the body returned
 * @param failure   how the run failed
 * @param abandoned for a run abandoned at its timeout, what its body came to once it returned,
 *                  whenever that is; {@code null} otherwise
 */
public record AttemptOutcome(JsonNode value, ToolFailure failure, CompletionStage<AttemptOutcome> abandoned) {

    public static AttemptOutcome returned(JsonNode value) {
        return new AttemptOutcome(value, null, null);
    }

    public static AttemptOutcome failed(ToolFailure failure) {
        return new AttemptOutcome(null, failure, null);
    }

    /** The run was abandoned at its timeout; {@code ended} completes when its body returns. */
    public static AttemptOutcome abandoned(ToolFailure timedOut, CompletionStage<AttemptOutcome> ended) {
        return new AttemptOutcome(null, timedOut, ended);
    }

    public boolean succeeded() {
        return failure == null;
    }
}
