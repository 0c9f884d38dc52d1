package dev.idem.tool;

import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link UnknownOutcomeReissueTest}: {@code sendMail}, neither restart-safe nor idempotent. */
public final class ReissueTools {

    private ReissueTools() {
    }

    /** No time limit. */
    public static class Untimed extends ScriptedTools {
        /** Sends a mail through the relay. */
        @Tool(restartSafe = false, idempotent = false, timeoutMs = 0)
        public JsonNode sendMail(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The test's timeout. */
    public static class Timed extends ScriptedTools {
        /** Sends a mail through the relay. */
        @Tool(restartSafe = false, idempotent = false, timeoutMs = UnknownOutcomeReissueTest.TIMEOUT_MS)
        public JsonNode sendMail(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
