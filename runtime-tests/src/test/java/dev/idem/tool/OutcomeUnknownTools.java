package dev.idem.tool;

import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link OutcomeUnknownTest}. */
public final class OutcomeUnknownTools {

    private OutcomeUnknownTools() {
    }

    /** Idempotent, two attempts 5 ms apart. */
    public static class TwoAttemptPay extends ScriptedTools {
        /** Pays. */
        @Tool(idempotent = true, retryPolicy = @Retry(maxAttempts = 2, initialDelayMs = 5))
        public JsonNode pay(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent, one attempt. */
    public static class OneAttemptPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(idempotent = true, retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode pay(long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Restart-safe, not idempotent, a 100 ms timeout, one attempt. */
    public static class Send extends ScriptedTools {
        /** Sends. */
        @Tool(timeoutMs = 100, retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode send(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
