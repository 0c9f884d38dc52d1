package dev.idem.tool;

import static dev.idem.ErrorType.CANCELLED;
import static dev.idem.ErrorType.CIRCUIT_OPEN;
import static dev.idem.ErrorType.CONNECTION_ERROR;
import static dev.idem.ErrorType.INVALID_ARGUMENTS;
import static dev.idem.ErrorType.IN_FLIGHT;
import static dev.idem.ErrorType.KEY_CONFLICT;
import static dev.idem.ErrorType.MALFORMED_ARGUMENTS;
import static dev.idem.ErrorType.OUTCOME_UNKNOWN;
import static dev.idem.ErrorType.PERMISSION_DENIED;
import static dev.idem.ErrorType.PROGRAMMING_ERROR;
import static dev.idem.ErrorType.RATE_LIMIT;
import static dev.idem.ErrorType.REJECTED;
import static dev.idem.ErrorType.REPEATED_CALL;
import static dev.idem.ErrorType.TIMEOUT;
import static dev.idem.ErrorType.TOOL_NOT_FOUND;
import static dev.idem.ErrorType.UNKNOWN;

import dev.idem.Retry;
import dev.idem.Tool;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * The tools of {@link RetryDecisionTableTest}, one class per row: each row's flags, retry policy
 * and timeout written as a user writes them. "Five attempts" is {@code @Retry(maxAttempts = 5,
 * initialDelayMs = 10)}.
 */
public final class RetryTableTools {

    private RetryTableTools() {
    }

    /** Neither restart-safe nor idempotent, with a policy of five attempts. */
    public static class RestartUnsafePay extends ScriptedTools {
        /** Pays. */
        @Tool(restartSafe = false, retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode pay(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Restart-safe, five attempts. */
    public static class Lookup extends ScriptedTools {
        /** Looks up. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode lookup(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Restart-safe, four attempts. */
    public static class Flaky extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 4, initialDelayMs = 10))
        public JsonNode flaky(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent, a 1 s timeout, five attempts. */
    public static class IdempotentTransfer extends ScriptedTools {
        /** Transfers. */
        @Tool(idempotent = true, timeoutMs = 1_000, retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode transfer(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent, a 200 ms timeout, five attempts on connection errors only. */
    public static class TransferRetriedOnConnectionErrors extends ScriptedTools {
        /** Transfers. */
        @Tool(idempotent = true, timeoutMs = 200,
                retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10, retryOn = CONNECTION_ERROR))
        public JsonNode transfer(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Restart-safe, not idempotent, a 200 ms timeout, five attempts. */
    public static class TimedSend extends ScriptedTools {
        /** Sends. */
        @Tool(timeoutMs = 200, retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode send(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Neither restart-safe nor idempotent, a 200 ms timeout, five attempts. */
    public static class RestartUnsafeTimedSend extends ScriptedTools {
        /** Sends. */
        @Tool(restartSafe = false, timeoutMs = 200, retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode send(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** A 200 ms timeout and the executor's policy. */
    public static class TimedSlow extends ScriptedTools {
        /** Takes its time. */
        @Tool(timeoutMs = 200)
        public JsonNode slow(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** One attempt and the executor's timeout. */
    public static class UntimedSlow extends ScriptedTools {
        /** Takes its time. */
        @Tool(retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode slow(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent but not restart-safe, a 200 ms timeout, five attempts. */
    public static class TimedPix extends ScriptedTools {
        /** Schedules a Pix. */
        @Tool(restartSafe = false, idempotent = true, timeoutMs = 200,
                retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode pix(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Idempotent but not restart-safe, five attempts. */
    public static class Pix extends ScriptedTools {
        /** Schedules a Pix. */
        @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode pix(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /**
     * Read-only, a 200 ms timeout, five attempts. The processor refuses {@code restartSafe = false}
     * beside {@code readOnly = true}: a read-only tool is restart-safe and idempotent whatever else
     * its descriptor says.
     */
    public static class Balance extends ScriptedTools {
        /** Reads the balance. */
        @Tool(readOnly = true, timeoutMs = 200, retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode balance(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Tools whose policy names every error type, five attempts. */
    public static class RetryingEverything extends ScriptedTools {
        /** Refuses. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10, retryOn = {TIMEOUT, RATE_LIMIT, CONNECTION_ERROR,
                UNKNOWN, TOOL_NOT_FOUND, MALFORMED_ARGUMENTS, INVALID_ARGUMENTS, PROGRAMMING_ERROR, REJECTED,
                PERMISSION_DENIED, CIRCUIT_OPEN, REPEATED_CALL, CANCELLED, OUTCOME_UNKNOWN, IN_FLIGHT, KEY_CONFLICT}))
        public JsonNode rejected(ToolContext context) throws Exception {
            return run(context);
        }

        /** Denies. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10, retryOn = {TIMEOUT, RATE_LIMIT, CONNECTION_ERROR,
                UNKNOWN, TOOL_NOT_FOUND, MALFORMED_ARGUMENTS, INVALID_ARGUMENTS, PROGRAMMING_ERROR, REJECTED,
                PERMISSION_DENIED, CIRCUIT_OPEN, REPEATED_CALL, CANCELLED, OUTCOME_UNKNOWN, IN_FLIGHT, KEY_CONFLICT}))
        public JsonNode denied(ToolContext context) throws Exception {
            return run(context);
        }

        /** Has a bug. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10, retryOn = {TIMEOUT, RATE_LIMIT, CONNECTION_ERROR,
                UNKNOWN, TOOL_NOT_FOUND, MALFORMED_ARGUMENTS, INVALID_ARGUMENTS, PROGRAMMING_ERROR, REJECTED,
                PERMISSION_DENIED, CIRCUIT_OPEN, REPEATED_CALL, CANCELLED, OUTCOME_UNKNOWN, IN_FLIGHT, KEY_CONFLICT}))
        public JsonNode buggy(ToolContext context) throws Exception {
            return run(context);
        }

        /** Is told not to retry. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10, retryOn = {TIMEOUT, RATE_LIMIT, CONNECTION_ERROR,
                UNKNOWN, TOOL_NOT_FOUND, MALFORMED_ARGUMENTS, INVALID_ARGUMENTS, PROGRAMMING_ERROR, REJECTED,
                PERMISSION_DENIED, CIRCUIT_OPEN, REPEATED_CALL, CANCELLED, OUTCOME_UNKNOWN, IN_FLIGHT, KEY_CONFLICT}))
        public JsonNode saysNo(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** A tool on five attempts of the default types, and one on three attempts of UNKNOWN only. */
    public static class Unknowns extends ScriptedTools {
        /** Fails plainly. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode plain(ToolContext context) throws Exception {
            return run(context);
        }

        /** Fails plainly, retried on UNKNOWN. */
        @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10, retryOn = UNKNOWN))
        public JsonNode opted(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Five attempts on timeouts only. */
    public static class Limited extends ScriptedTools {
        /** Is rate-limited. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10, retryOn = TIMEOUT))
        public JsonNode limited(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Five attempts. */
    public static class Charge extends ScriptedTools {
        /** Charges. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public JsonNode charge(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** Asynchronous, five attempts. */
    public static class Fetch extends ScriptedTools {
        /** Fetches. */
        @Tool(retryPolicy = @Retry(maxAttempts = 5, initialDelayMs = 10))
        public CompletionStage<JsonNode> fetch(ToolContext context) throws Exception {
            return runAsync(context);
        }
    }

    /** Its own policy: one attempt. */
    public static class Own extends ScriptedTools {
        /** Fails. */
        @Tool(retryPolicy = @Retry(maxAttempts = 1))
        public JsonNode own(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** No policy of its own. */
    public static class Inherits extends ScriptedTools {
        /** Fails. */
        @Tool
        public JsonNode inherits(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
