package dev.idem.tool;

import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link FrameworkCallsTest}: one of each shape of safety flags an adapter maps. */
public class FrameworkTools extends ScriptedTools {

    /**
     * Pays someone.
     *
     * @param to whom
     */
    @Tool(restartSafe = false, idempotent = true, destructive = false, title = "Pay someone")
    public JsonNode pay(@Param(required = false) String to, ToolContext context) throws Exception {
        return run(context, "to", to);
    }

    /** Looks. */
    @Tool(readOnly = true, openWorld = false, timeoutMs = 2_000, retryPolicy = @Retry(maxAttempts = 5))
    public JsonNode look(ToolContext context) throws Exception {
        return run(context);
    }
}
