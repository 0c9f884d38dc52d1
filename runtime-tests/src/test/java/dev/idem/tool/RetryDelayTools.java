package dev.idem.tool;

import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link RetryDelayTest}: {@code flaky} under three policies. */
public final class RetryDelayTools {

    private RetryDelayTools() {
    }

    /** Five attempts, from 100 ms doubling up to 300 ms. */
    public static class Capped extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 100, backoffFactor = 2, maxDelayMs = 300))
        public JsonNode flaky(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Three attempts, from 100 ms doubling up to 150 ms, spread by half. */
    public static class Jittered extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 100, backoffFactor = 2, maxDelayMs = 150,
                jitter = true, jitterFactor = 0.5))
        public JsonNode flaky(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** One attempt. */
    public static class Once extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode flaky(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
