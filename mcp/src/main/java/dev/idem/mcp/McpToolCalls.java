package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.tool.IntentRuns;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Answers {@code tools/call}: finds the intent, runs the call in that intent's {@code ToolRun},
 * and turns the {@link ToolResult} into an MCP result. It never fails the request: every outcome,
 * an internal error included, is a result with {@code isError}, so the client's model reads what
 * happened instead of a protocol error.
 */
final class McpToolCalls {

    private static final Logger log = LoggerFactory.getLogger(McpToolCalls.class);

    private final IntentRuns runs;

    McpToolCalls(IntentRuns runs) {
        this.runs = runs;
    }

    Mono<McpSchema.CallToolResult> handle(McpAsyncServerExchange exchange, McpSchema.CallToolRequest request) {
        String callId = "mcp-" + UUID.randomUUID();
        String refusal = intentIdProblem(request);
        if (refusal != null) {
            // Refused before an intent is looked up: nothing runs, and nothing is remembered.
            return Mono.just(toMcp(ToolResult.error(callId, request.name(), ErrorType.REJECTED, refusal, 0, null), null));
        }
        String intentId = intentId(exchange, request);
        return Mono.defer(() -> {
                    ToolCall call = new ToolCall(callId, request.name(), argumentsText(request));
                    return Mono.fromCompletionStage(runs.forIntent(intentId).executeAsync(call));
                })
                .map(result -> toMcp(result, intentId))
                .onErrorResume(error -> Mono.just(internalError(callId, request.name(), intentId, error)));
    }

    /**
     * Why the request's intent id is refused, or null when it is absent or a JSON string of 1 to
     * {@value McpToolServer#MAX_INTENT_ID_LENGTH} characters, not blank. Only strings: a number and its text,
     * or two objects, must never be one intent; bounded, since every remembered intent keeps its id.
     */
    static String intentIdProblem(McpSchema.CallToolRequest request) {
        Map<String, Object> meta = request.meta();
        if (meta == null || !meta.containsKey(McpToolServer.INTENT_ID_META_KEY)) {
            return null;
        }
        Object given = meta.get(McpToolServer.INTENT_ID_META_KEY);
        String was;
        if (!(given instanceof String text)) {
            was = given == null ? "null" : given instanceof Map ? "an object" : given instanceof List ? "an array"
                    : given instanceof Boolean ? "a boolean" : given instanceof Number ? "a number" : "not a string";
        } else if (text.isBlank()) {
            was = "blank";
        } else if (text.length() > McpToolServer.MAX_INTENT_ID_LENGTH) {
            was = text.length() + " characters long";
        } else {
            return null;
        }
        return "the _meta entry '" + McpToolServer.INTENT_ID_META_KEY + "' must be a JSON string of 1 to "
                + McpToolServer.MAX_INTENT_ID_LENGTH + " characters, not blank, but was " + was
                + "; the tool was NOT executed. Send a valid intent id, or none to make the session the intent";
    }

    /** The request's {@code _meta} intent id (valid: see {@link #intentIdProblem}), else the session's. */
    static String intentId(McpAsyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> meta = request.meta();
        if (meta != null && meta.get(McpToolServer.INTENT_ID_META_KEY) instanceof String text) {
            return text;
        }
        String session = exchange == null ? null : exchange.sessionId();
        return session == null ? "mcp-call-" + UUID.randomUUID() : "mcp-session-" + session;
    }

    /**
     * The arguments as the JSON text Idem parses, from {@code arguments} only (never {@code _meta}):
     * absent arguments are the empty object; arguments that were not an object come as their text
     * (see {@link McpJson}).
     */
    private static String argumentsText(McpSchema.CallToolRequest request) {
        Map<String, Object> arguments = request.arguments();
        if (arguments == null) {
            return "";
        }
        if (arguments instanceof ArgumentText text) {
            return text.text();
        }
        try {
            return McpJson.MAPPER.writeValueAsString(arguments);
        } catch (IOException e) {
            // The SDK built this map from JSON, so it always encodes; if not, say so as a result.
            throw new IllegalStateException("arguments could not be encoded as JSON: " + e.getMessage(), e);
        }
    }

    static McpSchema.CallToolResult toMcp(ToolResult result, String intentId) {
        McpSchema.CallToolResult.Builder mcp = McpSchema.CallToolResult.builder()
                .addTextContent(result.textForModel())
                .isError(result.isError())
                .meta(meta(result, intentId));
        JsonNode value = result.value();
        if (!result.isError() && value != null && value.isObject()) {
            // A structured value travels as structured content too; the text stays for older clients.
            mcp.structuredContent(McpJson.MAPPER.convertValue(value, Map.class));
        }
        return mcp.build();
    }

    private static Map<String, Object> meta(ToolResult result, String intentId) {
        Map<String, Object> meta = new LinkedHashMap<>();
        if (intentId != null) {
            meta.put(McpToolServer.META_PREFIX + "intentId", intentId);
        }
        meta.put(McpToolServer.META_PREFIX + "attempts", result.attempts());
        if (result.isError()) {
            meta.put(McpToolServer.META_PREFIX + "errorType", result.errorType().name());
            meta.put(McpToolServer.META_PREFIX + "outcomeUnknown", result.outcomeUnknown());
            meta.put(McpToolServer.META_PREFIX + "mayStillBeRunning", result.mayStillBeRunning());
        }
        if (result.idempotencyKey() != null) {
            meta.put(McpToolServer.META_PREFIX + "idempotencyKey", result.idempotencyKey());
        }
        return meta;
    }

    private static McpSchema.CallToolResult internalError(String callId, String toolName, String intentId,
            Throwable error) {
        log.warn("tool call {} to '{}' failed inside the MCP adapter", callId, toolName, error);
        // Whether the body ran is not known here: say so, never report a plain failure.
        ToolResult result = ToolResult.error(callId, toolName, ErrorType.UNKNOWN,
                "the server failed while handling the call (" + error.getClass().getSimpleName() + ")", 0, false, true,
                null);
        return toMcp(result, intentId);
    }
}
