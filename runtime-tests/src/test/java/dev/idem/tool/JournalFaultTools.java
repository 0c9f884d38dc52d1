package dev.idem.tool;

import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link ExecutorJournalFaultContract}: {@code pay}, not restart-safe, idempotent or not. */
public final class JournalFaultTools {

    private JournalFaultTools() {
    }

    /** Neither restart-safe nor idempotent. */
    public static class Pay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false, idempotent = false)
        public JsonNode pay(long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Idempotent, not restart-safe. */
    public static class IdempotentPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false, idempotent = true)
        public JsonNode pay(long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }
}
