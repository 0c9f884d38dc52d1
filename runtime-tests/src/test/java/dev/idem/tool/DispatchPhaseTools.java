package dev.idem.tool;

import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link ToolDispatchPhaseRetryTest}: the default retry policy but for a 1 ms first delay. */
public final class DispatchPhaseTools {

    private DispatchPhaseTools() {
    }

    /** Restart-safe, not idempotent. */
    public static class Mail extends ScriptedTools {
        /** Sends a mail. */
        @Tool(restartSafe = true, idempotent = false, retryPolicy = @Retry(initialDelayMs = 1))
        public JsonNode sendMail(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent, not restart-safe. */
    public static class Pay extends ScriptedTools {
        /** Pays. */
        @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(initialDelayMs = 1))
        public JsonNode pay(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
