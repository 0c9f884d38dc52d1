package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.internal.Mode;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallStatus;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.POJONode;
import tools.jackson.databind.node.StringNode;

/**
 * One call's place in the executor's journal, handed to its claim and its lease: what they write
 * under, and how their I/O runs (on the caller's thread when blocking, on the I/O threads when not,
 * so the asynchronous path never blocks a thread it does not own).
 *
 * @param access the executor's journal and threads
 * @param tool   the call's tool
 * @param callId the model's call id
 * @param intent the key, intent id, tool and arguments hash the records carry
 * @param lease  the call's lease: the journal's, or half as long again as the tool's timeout when
 *               that is longer ({@link #leaseFor})
 * @param waitMs how long a claim waits for the same intent running elsewhere
 * @param mode   blocking or not
 */
public record JournalCall(JournalAccess access, ToolDescriptor tool, String callId, CallIntent intent, Duration lease,
        long waitMs, Mode mode) {

    /**
     * The lease of a call whose tool allows {@code timeoutMs} per attempt: the journal's, or half as
     * long again as the timeout when that is longer. Renewed every third of it, such a lease outlasts
     * every attempt begun under it by the timeout, so when it lapses (its owner died mid-attempt), no
     * attempt of that owner can still be within its time.
     */
    public static Duration leaseFor(Duration journalLease, long timeoutMs) {
        return timeoutMs > 0 && timeoutMs * 3 / 2 > journalLease.toMillis() ? Duration.ofMillis(timeoutMs * 3 / 2)
                : journalLease;
    }

    public String key() {
        return intent.key();
    }

    public <T> CompletionStage<T> io(Supplier<T> work) {
        try {
            return mode.offload(work, access.io());
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * The answer from a recorded outcome, or from one this executor keeps until it is written.
     * {@code mayStillRun}: an attempt's abandoned body may still be running and reach the service.
     */
    public ToolResult replay(CallStatus status, String resultJson, CallError error, boolean mayStillRun) {
        String tool = tool().name();
        return switch (status) {
            case SUCCEEDED -> ToolResult.success(callId(), tool, valueOf(resultJson), 0, key())
                    .asReplayed();
            case FAILED -> ToolResult.error(callId(), tool, error.type(), error.message(), 0, key()).asReplayed();
            case OUTCOME_UNKNOWN -> {
                String earlier = error.type() == ErrorType.OUTCOME_UNKNOWN ? error.message()
                        : error.type() + ": " + error.message();
                String message = "an earlier run of this call may have taken effect (" + earlier + "); the tool is"
                        + " not idempotent, so it was NOT run again";
                yield (mayStillRun ? ToolResult.stillRunning(callId(), tool, ErrorType.OUTCOME_UNKNOWN, message, 0, key())
                        : ToolResult.outcomeUnknown(callId(), tool, ErrorType.OUTCOME_UNKNOWN, message, 0, key()))
                        .asReplayed();
            }
            case STARTED -> throw new IllegalStateException("a STARTED record is not an outcome: " + key());
        };
    }

    /** What {@code result} is on record: its value, an unknown outcome, or a failure that left no effect. */
    public static CallOutcome outcomeOf(ToolResult result, ToolFailure lastFailure) {
        if (result.success()) {
            return CallOutcome.succeeded(jsonOf(result.value()), result.attempts());
        }
        if (result.outcomeUnknown()) {
            return CallOutcome.unknown(new CallError(result.errorType(), result.message(), false,
                    result.mayStillBeRunning()), result.attempts());
        }
        // Nothing took effect. A later call may run it again unless the error will not change.
        boolean retryable = lastFailure == null || !RepetitionGuard.guards(lastFailure.type(), lastFailure.retryable());
        return CallOutcome.failed(new CallError(result.errorType(), result.message(), retryable, false),
                result.attempts());
    }

    /**
     * The text the journal keeps for a result. A string, integer, boolean or null (most results)
     * is spelled by this thread's canonical writer; any other value by the mapper, whose generator
     * costs more than the text it writes for one token.
     */
    public static String jsonOf(JsonNode value) {
        if (value.isString() || value.isInt() || value.isLong() || value.isBoolean() || value.isNull()) {
            CanonicalWriter out = ToolArguments.borrowWriter();
            try {
                out.json(value);
                return out.toString();
            } finally {
                ToolArguments.release(out);
            }
        }
        try {
            return ToolArguments.MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            // A wrapped object the mapper cannot encode: record what the model was shown.
            Object shown = value instanceof POJONode pojo ? String.valueOf(pojo.getPojo()) : value.toString();
            return ToolArguments.MAPPER.writeValueAsString(StringNode.valueOf(String.valueOf(shown)));
        }
    }

    public static JsonNode valueOf(String json) {
        return ToolArguments.MAPPER.readTree(json);
    }
}
