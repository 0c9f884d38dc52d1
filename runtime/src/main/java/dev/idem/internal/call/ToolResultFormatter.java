package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.tool.ToolResult;
import dev.idem.tool.content.ToolContent;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.POJONode;

/**
 * The text the model reads for a tool result; the one formatter for every path.
 *
 * <ul>
 *   <li>a value: compact JSON, a JSON string as itself (no quotes); {@code 0}, {@code false},
 *       {@code ""} and {@code []} are values like any other;
 *   <li>content ({@link ToolContent}): its {@link ToolContent#fallbackText() fallback text};
 *   <li>no value (null, void): {@code Tool 'X' completed with no output.};
 *   <li>an error: {@code Error: tool 'X' failed (TYPE) after N attempt(s): <message>. <what to do>},
 *       and, when an attempt may have taken effect, a sentence saying so: such a result is never
 *       a plain failure (a connection error is then not "could not be reached").
 * </ul>
 * A tool's own {@code error}/{@code retryable} fields are part of its value and printed as such.
 * Only messages reach the model, never stack traces.
 */
public final class ToolResultFormatter {

    private ToolResultFormatter() {}

    public static String textForModel(ToolResult result) {
        return result.isError() ? error(result) : value(result.toolName(), result.value());
    }

    private static String value(String toolName, JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "Tool '" + toolName + "' completed with no output.";
        }
        if (value.isString()) {
            return value.stringValue();
        }
        Optional<ToolContent> content = ToolContent.fromJson(value);
        if (content.isPresent()) {
            return content.get().fallbackText();
        }
        try {
            return ToolArguments.MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            // A wrapped object the mapper cannot encode: its string form is better than nothing.
            return value instanceof POJONode pojo ? String.valueOf(pojo.getPojo()) : value.getNodeType().toString();
        }
    }

    private static String error(ToolResult result) {
        StringBuilder text = new StringBuilder()
                .append("Error: tool '").append(result.toolName()).append("' failed (")
                .append(result.errorType()).append(") after ").append(result.attempts()).append(" attempt(s): ")
                .append(sentence(result.message()))
                .append(' ');
        if (result.outcomeUnknown() && result.errorType() == ErrorType.CONNECTION_ERROR) {
            // Not "could not be reached": a request went out before the connection broke.
            text.append("The connection to the service broke.");
        } else {
            text.append(advice(result.errorType()));
        }
        if (result.mayStillBeRunning()) {
            text.append(" The last attempt may still complete in the background: check its effect before calling it again.");
        } else if (result.outcomeUnknown() && result.errorType() != ErrorType.TIMEOUT) {
            text.append(" It may have taken effect: check before treating it as not done.");
        }
        return text.toString();
    }

    /** One line, ending in exactly one full stop. */
    private static String sentence(String message) {
        String line = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        while (line.endsWith(".")) {
            line = line.substring(0, line.length() - 1);
        }
        return line + ".";
    }

    private static String advice(ErrorType type) {
        return switch (type) {
            case TIMEOUT -> "Its outcome is unknown: check whether it took effect before calling it again.";
            case RATE_LIMIT -> "The service is rate limited: wait before calling it again, or tell the user.";
            case CONNECTION_ERROR -> "The service could not be reached: try again later or tell the user.";
            case UNKNOWN -> "Do not repeat the same call unchanged; tell the user if it keeps failing.";
            case TOOL_NOT_FOUND -> "Call one of the available tools.";
            case MALFORMED_ARGUMENTS -> "Re-emit the call with complete, valid JSON arguments.";
            case INVALID_ARGUMENTS -> "Fix the arguments and call the tool again.";
            case PROGRAMMING_ERROR -> "The tool failed on a bug: do not call it again with the same arguments.";
            case REJECTED -> "The request was refused: do not repeat it unchanged.";
            // Also the answer to a call awaiting approval, which is made again once approved: never "do not call it again".
            case PERMISSION_DENIED -> "Tell the user; repeat the call only once they say it is allowed now.";
            case CIRCUIT_OPEN -> "The tool is failing repeatedly and is paused: continue without it or tell the user.";
            case REPEATED_CALL -> "Change the arguments or your approach instead of repeating the call.";
            case CANCELLED -> "Do not call it again unless the user asks.";
            case OUTCOME_UNKNOWN -> "Check whether it took effect before doing anything else about it; tell the user.";
            case IN_FLIGHT -> "Wait for that run to finish, then check its effect; do not call it again meanwhile.";
            case KEY_CONFLICT -> "This is a conflict between requests, not a failure of the tool: tell the user.";
        };
    }
}
