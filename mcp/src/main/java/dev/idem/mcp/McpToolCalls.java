package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.tool.IntentRuns;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
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
        String intentId = intentId(exchange, request);
        String callId = "mcp-" + UUID.randomUUID();
        return Mono.defer(() -> {
                    ToolCall call = new ToolCall(callId, request.name(), argumentsText(request));
                    return Mono.fromCompletionStage(runs.forIntent(intentId).executeAsync(call));
                })
                .map(result -> toMcp(result, intentId))
                .onErrorResume(error -> Mono.just(internalError(callId, request.name(), intentId, error)));
    }

    /** The request's {@code _meta} intent id, else the session: calls of one session are one intent. */
    static String intentId(McpAsyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> meta = request.meta();
        Object given = meta == null ? null : meta.get(McpToolServer.INTENT_ID_META_KEY);
        if (given instanceof String text && !text.isBlank()) {
            return text;
        }
        if (given instanceof Number number) {
            return number.toString();
        }
        String session = exchange == null ? null : exchange.sessionId();
        return session == null ? "mcp-call-" + UUID.randomUUID() : "mcp-session-" + session;
    }

    /**
     * The arguments as the JSON text Idem parses: absent arguments are the empty object; arguments
     * that were not an object come as their text (see {@link McpJson}).
     */
    private static String argumentsText(McpSchema.CallToolRequest request) {
        Map<String, Object> arguments = request.arguments();
        if (arguments == null) {
            Object raw = request.meta() == null ? null : request.meta().get(McpJson.RAW_ARGUMENTS_META_KEY);
            return raw instanceof String text ? text : "";
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
        meta.put(McpToolServer.META_PREFIX + "intentId", intentId);
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
