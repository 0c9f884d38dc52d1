package dev.idem.tool;

import tools.jackson.databind.JsonNode;

/** How one body run ended: a returned value, or a classified failure. Exactly one is set. */
record AttemptOutcome(JsonNode value, ToolFailure failure) {

    static AttemptOutcome returned(JsonNode value) {
        return new AttemptOutcome(value, null);
    }

    static AttemptOutcome failed(ToolFailure failure) {
        return new AttemptOutcome(null, failure);
    }

    boolean succeeded() {
        return failure == null;
    }
}
