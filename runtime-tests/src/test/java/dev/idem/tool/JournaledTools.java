package dev.idem.tool;

import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/**
 * The tools of {@link JournaledExecutionTest}: {@code pay} with each set of flags a case needs, one
 * class each, and {@code sendEmail} and {@code balance}. "Fast" is {@code @Retry(maxAttempts = 3,
 * initialDelayMs = 5)}.
 */
public final class JournaledTools {

    private JournaledTools() {
    }

    /** Idempotent, not restart-safe. */
    public static class IdempotentPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false, idempotent = true)
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Neither restart-safe nor idempotent. */
    public static class RestartUnsafePay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false)
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Restart-safe, the executor's policy. */
    public static class Pay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Restart-safe, fast. */
    public static class FastPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 5))
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Idempotent, not restart-safe, one attempt. */
    public static class OneAttemptIdempotentPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Neither restart-safe nor idempotent, a 200 ms timeout. */
    public static class TimedPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false, timeoutMs = 200)
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Restart-safe and idempotent, fast. */
    public static class FastIdempotentPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(idempotent = true, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 5))
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Neither restart-safe nor idempotent, a 5 s timeout. */
    public static class SlowPay extends ScriptedTools {
        /**
         * Pays.
         *
         * @param cents the amount
         */
        @Tool(restartSafe = false, timeoutMs = 5_000)
        public JsonNode pay(@Param(required = false) Long cents, ToolContext context) throws Exception {
            return run(context, "cents", cents);
        }
    }

    /** Neither restart-safe nor idempotent. */
    public static class SendEmail extends ScriptedTools {
        /**
         * Sends an e-mail.
         *
         * @param to the address
         */
        @Tool(restartSafe = false)
        public JsonNode sendEmail(@Param(required = false) String to, ToolContext context) throws Exception {
            return run(context, "to", to);
        }
    }

    /** Read-only. */
    public static class Balance extends ScriptedTools {
        /**
         * Reads the balance.
         *
         * @param at when
         */
        @Tool(readOnly = true)
        public JsonNode balance(@Param(required = false) Long at, ToolContext context) throws Exception {
            return run(context, "at", at);
        }
    }
}
