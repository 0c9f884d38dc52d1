package dev.idem.tool;

import dev.idem.Retry;
import dev.idem.Tool;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * The tools of {@link EntryPointParityTest}'s scenarios, one class each. "Three attempts" is
 * {@code @Retry(maxAttempts = 3, initialDelayMs = 7)}.
 */
public final class ParityTools {

    private ParityTools() {
    }

    /** The executor's policy. */
    public static class Ok extends ScriptedTools {
        /** Succeeds. */
        @Tool
        public JsonNode ok(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class NoOutput extends ScriptedTools {
        /** Answers nothing. */
        @Tool
        public JsonNode v(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Three attempts. */
    public static class Flaky extends ScriptedTools {
        /** Fails, maybe. */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 7))
        public JsonNode f(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Neither restart-safe nor idempotent, three attempts. */
    public static class RestartUnsafe extends ScriptedTools {
        /** Fails. */
        @Tool(restartSafe = false, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 7))
        public JsonNode p(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Refuses extends ScriptedTools {
        /**
         * Refuses.
         *
         * @param a anything
         */
        @Tool
        public JsonNode r(int a, ToolContext context) throws Exception {
            return run(context, "a", a);
        }
    }

    /** The executor's policy. */
    public static class Weather extends ScriptedTools {
        /** Forecasts. */
        @Tool
        public JsonNode weather(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Malformed extends ScriptedTools {
        /**
         * Never bound.
         *
         * @param a anything
         */
        @Tool
        public JsonNode m(int a, ToolContext context) throws Exception {
            return run(context, "a", a);
        }
    }

    /** A required parameter. */
    public static class Binds extends ScriptedTools {
        /**
         * Needs x.
         *
         * @param x anything
         */
        @Tool
        public JsonNode b(String x, ToolContext context) throws Exception {
            return run(context, "x", x);
        }
    }

    /** Three attempts. */
    public static class ErrorPayload extends ScriptedTools {
        /** Answers an error payload. */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 7))
        public JsonNode e(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Asynchronous, three attempts. */
    public static class Async extends ScriptedTools {
        /** Answers later. */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 7))
        public CompletionStage<JsonNode> a(ToolContext context) throws Exception {
            return runAsync(context);
        }
    }

    /** A 200 ms timeout, three attempts. */
    public static class TimedOut extends ScriptedTools {
        /** Takes too long. */
        @Tool(timeoutMs = 200, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 7))
        public JsonNode s(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** One attempt. */
    public static class Breaking extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode b(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Wait extends ScriptedTools {
        /** Waits to be released. */
        @Tool(name = "wait")
        public JsonNode waitForRelease(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Here extends ScriptedTools {
        /** Notes its thread. */
        @Tool
        public JsonNode here(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
