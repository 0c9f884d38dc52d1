package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.call.ToolResultFormatter;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

/**
 * The outcome of one tool call: the tool's value, or the executor's verdict on why there is none.
 * Errors are values here, never exceptions, so every path ends in one of these.
 *
 * <pre>{@code
 * ToolResult result = executor.execute(new ToolCall("call_1", "getWeather", "{\"city\":\"Recife\"}"));
 * messages.add(toolMessage(result.callId(), result.textForModel(), result.isError()));
 * }</pre>
 *
 * @param callId             the model's id for the call
 * @param toolName           the tool the model named
 * @param isError            whether the call failed
 * @param value              the tool's value on success (a JSON null for no output); {@code null} on error
 * @param errorType          why the call failed; {@code null} on success
 * @param message            what went wrong, for people and the model; {@code null} on success
 * @param attempts           how many times the body was started (0 when it never ran)
 * @param mayStillBeRunning  whether an abandoned body (timed out) may still complete its effect
 * @param outcomeUnknown     whether an attempt of this call intent may have taken effect although
 *                           the result is an error: an attempt timed out, its connection broke
 *                           after the request was sent, or it failed in a way that does not say
 *                           (TIMEOUT, UNKNOWN), in this call or earlier in the run.
 *                           Such a result is never a plain failure: check before acting on it
 * @param idempotencyKey     the key every attempt of this call intent saw; {@code null} when the
 *                           call never got that far (unknown tool, malformed arguments)
 * @param replayed           whether the result comes from the call journal: an earlier run of this
 *                           call intent (in this process or another, before a crash or a restart)
 *                           recorded it, and the body did not run now ({@code attempts} is 0)
 */
public record ToolResult(
        String callId,
        String toolName,
        boolean isError,
        JsonNode value,
        ErrorType errorType,
        String message,
        int attempts,
        boolean mayStillBeRunning,
        boolean outcomeUnknown,
        String idempotencyKey,
        boolean replayed) {

    /**
     * Checks that the values agree with {@code isError}.
     *
     * @param callId             the model's id for the call
     * @param toolName           the tool the model named
     * @param isError            whether the call failed
     * @param value              the tool's value on success (a JSON null for no output); {@code null} on error
     * @param errorType          why the call failed; {@code null} on success
     * @param message            what went wrong, for people and the model; {@code null} on success
     * @param attempts           how many times the body was started (0 when it never ran)
     * @param mayStillBeRunning  whether an abandoned body (timed out) may still complete its effect
     * @param outcomeUnknown     whether an attempt of this call intent may have taken effect although
     *     the result is an error: an attempt timed out, its connection broke
     *     after the request was sent, or it failed in a way that does not say
     *     (TIMEOUT, UNKNOWN), in this call or earlier in the run.
     *     Such a result is never a plain failure: check before acting on it
     * @param idempotencyKey     the key every attempt of this call intent saw; {@code null} when the
     *     call never got that far (unknown tool, malformed arguments)
     * @param replayed           whether the result comes from the call journal: an earlier run of this
     *     call intent (in this process or another, before a crash or a restart)
     *     recorded it, and the body did not run now ({@code attempts} is 0)
     * @throws IllegalArgumentException when they do not
     */
    public ToolResult {
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(toolName, "toolName");
        if (attempts < 0) {
            throw new IllegalArgumentException("attempts must be at least 0, was " + attempts);
        }
        if (isError) {
            Objects.requireNonNull(errorType, "errorType");
            Objects.requireNonNull(message, "message");
            value = null;
            outcomeUnknown = outcomeUnknown || mayStillBeRunning;
        } else {
            value = value == null ? NullNode.getInstance() : value;
            errorType = null;
            message = null;
            mayStillBeRunning = false;
            outcomeUnknown = false;
        }
    }

    /**
     * A successful call that returned {@code value} (a JSON null for no output).
     *
     * @param callId         the model's id for the call
     * @param toolName       the tool the model named
     * @param value          the tool's value
     * @param attempts       how many times the body was started
     * @param idempotencyKey the key every attempt saw
     * @return a success
     */
    public static ToolResult success(String callId, String toolName, JsonNode value, int attempts, String idempotencyKey) {
        return new ToolResult(callId, toolName, false, value, null, null, attempts, false, false, idempotencyKey, false);
    }

    /**
     * A failed call whose outcome is known: nothing took effect.
     *
     * @param callId         the model's id for the call
     * @param toolName       the tool the model named
     * @param type           why the call failed
     * @param message        what went wrong, for people and the model
     * @param attempts       how many times the body was started
     * @param idempotencyKey the key every attempt saw, or {@code null}
     * @return an error whose outcome is known
     */
    public static ToolResult error(String callId, String toolName, ErrorType type, String message, int attempts,
            String idempotencyKey) {
        return new ToolResult(callId, toolName, true, null, type, message, attempts, false, false, idempotencyKey, false);
    }

    /**
     * A failed call that may have taken effect all the same ({@link #outcomeUnknown()}): an attempt
     * timed out, its connection broke after the request was sent, or it failed in a way that does
     * not say, in this call or earlier in the run.
     *
     * @param callId         the model's id for the call
     * @param toolName       the tool the model named
     * @param type           why the call failed
     * @param message        what went wrong, for people and the model
     * @param attempts       how many times the body was started
     * @param idempotencyKey the key every attempt saw, or {@code null}
     * @return an error whose outcome is unknown
     */
    public static ToolResult outcomeUnknown(String callId, String toolName, ErrorType type, String message,
            int attempts, String idempotencyKey) {
        return new ToolResult(callId, toolName, true, null, type, message, attempts, false, true, idempotencyKey, false);
    }

    /**
     * A failed call whose abandoned body (it overran its timeout) may still be running and complete
     * its effect ({@link #mayStillBeRunning()}); its outcome is unknown.
     *
     * @param callId         the model's id for the call
     * @param toolName       the tool the model named
     * @param type           why the call failed
     * @param message        what went wrong, for people and the model
     * @param attempts       how many times the body was started
     * @param idempotencyKey the key every attempt saw, or {@code null}
     * @return an error whose body may still be running
     */
    public static ToolResult stillRunning(String callId, String toolName, ErrorType type, String message,
            int attempts, String idempotencyKey) {
        return new ToolResult(callId, toolName, true, null, type, message, attempts, true, true, idempotencyKey, false);
    }

    /**
     * This result as replayed from the call journal: nothing ran now.
     *
     * @return this result, marked replayed
     */
    public ToolResult asReplayed() {
        return new ToolResult(callId, toolName, isError, value, errorType, message, 0, mayStillBeRunning,
                outcomeUnknown, idempotencyKey, true);
    }

    /**
     * Whether the call succeeded.
     *
     * @return whether the call succeeded
     */
    public boolean success() {
        return !isError;
    }

    /**
     * The text to send back to the model for this call; the same sentence pattern on every path.
     *
     * @return the text for the model
     */
    public String textForModel() {
        return ToolResultFormatter.textForModel(this);
    }
}
