package dev.idem.tool;

import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link RepetitionGuardTest} and {@link IntentRunsTest}. */
public final class GuardTools {

    private GuardTools() {
    }

    /** The executor's policy. */
    public static class Refund extends ScriptedTools {
        /**
         * Refunds.
         *
         * @param order the order
         * @param cents the amount
         */
        @Tool
        public JsonNode refund(@Param(required = false) String order, @Param(required = false) Long cents,
                ToolContext context) throws Exception {
            return run(context, "order", order, "cents", cents);
        }
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
    public static class Buggy extends ScriptedTools {
        /** Has a bug. */
        @Tool
        public JsonNode buggy(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Denied extends ScriptedTools {
        /** Is not allowed. */
        @Tool
        public JsonNode denied(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
