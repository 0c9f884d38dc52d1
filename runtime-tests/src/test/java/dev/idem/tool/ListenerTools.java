package dev.idem.tool;

import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link ToolExecutionListenerTest}. */
public final class ListenerTools {

    private ListenerTools() {
    }

    /** Restart-safe, three attempts 10 ms apart at first. */
    public static class ThreeAttemptBank extends ScriptedTools {
        /** Calls the bank. */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10))
        public JsonNode bank(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Bank extends ScriptedTools {
        /** Calls the bank. */
        @Tool
        public JsonNode bank(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Restart-safe, two attempts 1 ms apart. */
    public static class TwoAttemptBank extends ScriptedTools {
        /** Calls the bank. */
        @Tool(retryPolicy = @Retry(maxAttempts = 2, initialDelayMs = 1))
        public JsonNode bank(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent, a 200 ms timeout, two attempts 1 ms apart. */
    public static class Slow extends ScriptedTools {
        /** Takes its time. */
        @Tool(idempotent = true, timeoutMs = 200, retryPolicy = @Retry(maxAttempts = 2, initialDelayMs = 1))
        public JsonNode slow(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
