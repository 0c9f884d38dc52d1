package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.internal.NameSuggestions;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.util.List;

/**
 * The results of calls whose body did not run this time, and what they tell the model: one
 * sentence per reason, each saying that the tool was NOT executed. An earlier attempt of the same
 * intent in the run still may have taken effect, and the result says so.
 */
public final class CallRefusals {

    private CallRefusals() {}

    /** No tool of the call's name: the names that are close, and all there are. */
    public static ToolResult unknownTool(ToolCall call, ToolRegistry registry) {
        List<String> names = registry.names();
        List<String> close = NameSuggestions.closeTo(call.name(), names);
        StringBuilder message = new StringBuilder("there is no tool named '").append(call.name()).append("'");
        if (!close.isEmpty()) {
            message.append("; did you mean ").append(quoted(close, " or ")).append("?");
        }
        message.append(" Available tools: ").append(names.isEmpty() ? "none" : quoted(names, ", "));
        return notRun(call, call.name(), ErrorType.TOOL_NOT_FOUND, message.toString(), null, false);
    }

    public static ToolResult malformed(ToolCall call, ToolDescriptor tool) {
        return notRun(call, tool.name(), ErrorType.MALFORMED_ARGUMENTS, "Arguments for tool '" + tool.name()
                + "' could not be parsed as JSON; the tool was NOT executed", null, false);
    }

    public static ToolResult oversized(ToolCall call, ToolDescriptor tool, String detail) {
        return notRun(call, tool.name(), ErrorType.INVALID_ARGUMENTS, "invalid arguments: a value is larger than a"
                + " tool call may carry (" + detail + "); the tool was NOT executed. " + parameters(tool), null, false);
    }

    public static ToolResult repeated(ToolCall call, ToolDescriptor tool, String key, RunMemory run) {
        return notRun(call, tool.name(), ErrorType.REPEATED_CALL, "this exact call already failed in this run"
                + " with an error that will not change; it was NOT executed again", key, run.hadUnknownOutcome(key));
    }

    public static ToolResult invalid(ToolCall call, ToolDescriptor tool, ArgumentBindingException e, String key, RunMemory run) {
        return notRun(call, tool.name(), ErrorType.INVALID_ARGUMENTS, "invalid arguments: "
                + String.join("; ", e.problems()) + "; the tool was NOT executed. " + parameters(tool), key, run.hadUnknownOutcome(key));
    }

    /** The set declared the tool but could not bind it: a bug in the set, not in the arguments. */
    public static ToolResult unprepared(ToolCall call, ToolDescriptor tool, Throwable error, String key, RunMemory run) {
        return notRun(call, tool.name(), ErrorType.PROGRAMMING_ERROR, "the tool could not be prepared ("
                + error.getClass().getSimpleName() + "); it was NOT executed", key, run.hadUnknownOutcome(key));
    }

    /**
     * No decision yet. What the model reads is what the docs tell users to do (docs/approvals.md,
     * docs/mcp.md): once a person approved it, the same call made again runs, once, under its key.
     */
    public static ToolResult awaitingApproval(ToolCall call, ToolDescriptor tool, String key, RunMemory run) {
        return notRun(call, tool.name(), ErrorType.PERMISSION_DENIED, "this call awaits a person's approval; the tool"
                + " was NOT executed. Once a person has approved it, the same call runs, once, when made again", key,
                run.hadUnknownOutcome(key));
    }

    /** A person declined (or the approval expired): the model learns who and why. */
    public static ToolResult declined(ToolCall call, String toolName, String key, String by, String reason) {
        return notRun(call, toolName, ErrorType.PERMISSION_DENIED, "declined by " + by + ": " + reason
                + "; the tool was NOT executed", key, false);
    }

    public static ToolResult circuitOpen(PreparedCall prepared, RunMemory run) {
        return notRun(prepared.call(), prepared.toolName(), ErrorType.CIRCUIT_OPEN, "the tool failed repeatedly and"
                + " its circuit breaker is open; it was NOT executed", prepared.idempotencyKey(),
                run.hadUnknownOutcome(prepared.idempotencyKey()));
    }

    /** A step of the executor's own failed: nothing of the tool ran (or the first attempt's outcome stands). */
    public static ToolResult unexpected(ToolCall call, PreparedCall prepared, Throwable error, RunMemory run) {
        String toolName = prepared != null ? prepared.toolName() : call.name();
        String key = prepared != null ? prepared.idempotencyKey() : null;
        return notRun(call, toolName, ErrorType.PROGRAMMING_ERROR, "the call could not be carried out ("
                + error.getClass().getSimpleName() + "); the tool was NOT executed", key, run.hadUnknownOutcome(key));
    }

    /** Nothing ran this time; an earlier attempt of the same intent in this run still may have. */
    private static ToolResult notRun(ToolCall call, String toolName, ErrorType type, String message, String key,
            boolean earlierUnknown) {
        return earlierUnknown ? ToolResult.outcomeUnknown(call.id(), toolName, type, message, 0, key)
                : ToolResult.error(call.id(), toolName, type, message, 0, key);
    }

    private static String parameters(ToolDescriptor tool) {
        return "Required parameters: " + listOrNone(tool.requiredParameters()) + "; optional parameters: "
                + listOrNone(tool.optionalParameters());
    }

    private static String listOrNone(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static String quoted(List<String> names, String separator) {
        StringBuilder text = new StringBuilder();
        for (String name : names) {
            if (text.length() > 0) {
                text.append(separator);
            }
            text.append('\'').append(name).append('\'');
        }
        return text.toString();
    }
}
