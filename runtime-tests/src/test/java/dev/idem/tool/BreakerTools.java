package dev.idem.tool;

import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link CircuitBreakerAndBudgetTest}. */
public final class BreakerTools {

    private BreakerTools() {
    }

    /** One attempt. */
    public static class Bank extends ScriptedTools {
        /** Calls the bank. */
        @Tool(retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode bank(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Other extends ScriptedTools {
        /** Works. */
        @Tool
        public JsonNode other(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Ten attempts 1 ms apart at first. */
    public static class Flaky extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 10, initialDelayMs = 1))
        public JsonNode flaky(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Strict extends ScriptedTools {
        /**
         * Refuses.
         *
         * @param n which call this is
         */
        @Tool
        public JsonNode strict(int n, ToolContext context) throws Exception {
            return run(context, "n", n);
        }
    }
}
