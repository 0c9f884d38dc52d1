package dev.idem.tool;

import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link IdempotencyKeyTest}. */
public final class KeyTools {

    private KeyTools() {
    }

    /** Idempotent, three attempts 5 ms apart at first. */
    public static class Pay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         * @param to    whom
         */
        @Tool(idempotent = true, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 5))
        public JsonNode pay(long cents, @Param(required = false) String to, ToolContext context) throws Exception {
            return run(context, "cents", cents, "to", to);
        }
    }
}
