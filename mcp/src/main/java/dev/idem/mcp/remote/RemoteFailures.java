package dev.idem.mcp.remote;

import dev.idem.ErrorType;
import dev.idem.retry.DispatchPhase;
import dev.idem.tool.ToolErrorClassifier;
import dev.idem.tool.ToolException;
import tools.jackson.databind.JsonNode;

/**
 * What a failed remote call means, the one place that says it, so the executor's rules decide
 * with the truth: a JSON-RPC error the server answered, an {@code isError} result, or a transport
 * failure with how far the request got.
 *
 * <ul>
 *   <li>JSON-RPC {@code -32700}, {@code -32600}, {@code -32601}, {@code -32602}: the server refused
 *       the request before any tool ran: terminal, nothing happened.
 *   <li>Any other JSON-RPC error ({@code -32603} and the server's own): the tool may have started:
 *       {@code UNKNOWN}, the effect may have happened.
 *   <li>{@code isError: true}: the tool answered that it failed. Terminal ({@code REJECTED}) unless
 *       it says it was transient: Idem's own {@code dev.idem/errorType} in the result's
 *       {@code _meta}, or the text's words for a rate limit, a timeout or a connection failure
 *       (judged as a tool's own exception message would be).
 *   <li>A transport failure: before the request left (connect refused, unknown host, TLS
 *       handshake) {@code CONNECTION_ERROR}, nothing happened; a timeout after it left
 *       {@code TIMEOUT}; anything else after it may have left, the SDK's
 *       {@code McpResponseLostException} included, {@code CONNECTION_ERROR} with the effect
 *       possibly done. A failure that does not show it never left counts as sent.
 * </ul>
 */
final class RemoteFailures {

    private RemoteFailures() {}

    static ToolException jsonRpcError(String tool, int code, String message, Throwable cause) {
        String text = "the MCP server answered tools/call of '" + tool + "' with JSON-RPC error " + code + ": " + message;
        return switch (code) {
            case -32601 -> new ToolException(ErrorType.TOOL_NOT_FOUND, DispatchPhase.NOT_SENT, text, cause);
            case -32602 -> new ToolException(ErrorType.INVALID_ARGUMENTS, DispatchPhase.NOT_SENT, text, cause);
            case -32700, -32600 -> new ToolException(ErrorType.PROGRAMMING_ERROR, DispatchPhase.NOT_SENT, text, cause);
            default -> new ToolException(ErrorType.UNKNOWN, DispatchPhase.MAYBE_PROCESSED, text, cause);
        };
    }

    static ToolException isError(String tool, JsonNode result) {
        String text = text(result);
        String message = "the remote tool '" + tool + "' answered with an error: " + text;
        JsonNode stated = result.path("_meta").path("dev.idem/errorType");
        if (stated.isString()) {
            ErrorType type = errorType(stated.asString());
            boolean unknownOutcome = result.path("_meta").path("dev.idem/outcomeUnknown").asBoolean(false);
            if (type != null && type.isRetryable()) {
                return new ToolException(type, unknownOutcome ? DispatchPhase.MAYBE_PROCESSED : DispatchPhase.NOT_SENT,
                        message, null);
            }
            if (type != null) {
                return new ToolException(type, unknownOutcome ? DispatchPhase.MAYBE_PROCESSED : DispatchPhase.UNKNOWN,
                        message, null);
            }
        }
        ErrorType byWords = ToolErrorClassifier.classify(new RuntimeException(text));
        if (byWords == ErrorType.RATE_LIMIT) {
            return new ToolException(ErrorType.RATE_LIMIT, DispatchPhase.NOT_SENT, message, null);
        }
        if (byWords == ErrorType.TIMEOUT) {
            return new ToolException(ErrorType.TIMEOUT, DispatchPhase.MAYBE_PROCESSED, message, null);
        }
        if (byWords == ErrorType.CONNECTION_ERROR) {
            DispatchPhase phase = ToolErrorClassifier.phase(new RuntimeException(text));
            return new ToolException(ErrorType.CONNECTION_ERROR,
                    phase == DispatchPhase.NOT_SENT ? DispatchPhase.NOT_SENT : DispatchPhase.MAYBE_PROCESSED, message, null);
        }
        return new ToolException(ErrorType.REJECTED, message);
    }

    static ToolException transport(String tool, Throwable error) {
        DispatchPhase phase = ToolErrorClassifier.phase(error);
        String message = "tools/call of '" + tool + "' failed: " + messageOf(error);
        if (phase == DispatchPhase.NOT_SENT) {
            return new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT,
                    message + " (the request was not sent)", error);
        }
        if (ToolErrorClassifier.classify(error) == ErrorType.TIMEOUT) {
            return timeout(tool, error);
        }
        return responseLost(tool, error);
    }

    static ToolException responseLost(String tool, Throwable error) {
        return new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED, "tools/call of '" + tool
                + "' was sent and its response lost: " + messageOf(error), error);
    }

    static ToolException timeout(String tool, Throwable error) {
        return new ToolException(ErrorType.TIMEOUT, DispatchPhase.MAYBE_PROCESSED, "tools/call of '" + tool
                + "' was sent and no response came in time: " + messageOf(error), error);
    }

    static ToolException httpStatus(String tool, int status, Throwable error) {
        String message = "the MCP server answered tools/call of '" + tool + "' with HTTP " + status;
        if (status == 429) {
            return new ToolException(ErrorType.RATE_LIMIT, DispatchPhase.NOT_SENT, message, error);
        }
        if (status == 401 || status == 403) {
            return new ToolException(ErrorType.PERMISSION_DENIED, DispatchPhase.NOT_SENT, message, error);
        }
        if (status >= 400 && status < 500) {
            return new ToolException(ErrorType.REJECTED, DispatchPhase.NOT_SENT, message, error);
        }
        return new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED, message, error);
    }

    /** The result's text content, joined; its JSON when it has none. */
    static String text(JsonNode result) {
        StringBuilder text = new StringBuilder();
        for (JsonNode item : result.path("content")) {
            if (item.path("text").isString()) {
                if (text.length() > 0) {
                    text.append('\n');
                }
                text.append(item.path("text").asString());
            }
        }
        if (text.length() == 0 && result.has("structuredContent")) {
            return result.get("structuredContent").toString();
        }
        return text.toString();
    }

    private static ErrorType errorType(String name) {
        for (ErrorType type : ErrorType.values()) {
            if (type.name().equals(name)) {
                return type;
            }
        }
        return null;
    }

    private static String messageOf(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }
}
