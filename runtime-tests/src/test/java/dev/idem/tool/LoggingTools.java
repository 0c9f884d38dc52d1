package dev.idem.tool;

import static dev.idem.ErrorType.TIMEOUT;

import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link DecisionLoggingTest}. "Three attempts" is {@code @Retry(maxAttempts = 3, initialDelayMs = 10)}. */
public final class LoggingTools {

    private LoggingTools() {
    }

    /** Three attempts. */
    public static class Retried extends ScriptedTools {
        /**
         * Pays to an account.
         *
         * @param iban the account
         */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10))
        public JsonNode logRetryTool(String iban, ToolContext context) throws Exception {
            return run(context, "iban", iban);
        }
    }

    /** Neither restart-safe nor idempotent, three attempts. */
    public static class RestartUnsafe extends ScriptedTools {
        /** Takes too long. */
        @Tool(restartSafe = false, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10))
        public JsonNode logUnsafeTool(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** A 5 s timeout, three attempts on timeouts only. */
    public static class Narrow extends ScriptedTools {
        /** Is refused. */
        @Tool(timeoutMs = 5_000, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10, retryOn = TIMEOUT))
        public JsonNode logNarrowTool(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Three attempts. */
    public static class Secret extends ScriptedTools {
        /**
         * Calls through a proxy.
         *
         * @param apiKey the key
         * @param note   a note
         */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10))
        public JsonNode logSecretTool(@Param(required = false) String apiKey, @Param(required = false) String note,
                ToolContext context) throws Exception {
            return run(context, "apiKey", apiKey, "note", note);
        }
    }
}
