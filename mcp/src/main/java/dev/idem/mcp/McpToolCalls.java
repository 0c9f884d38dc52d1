package dev.idem.mcp;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolResult;
import dev.idem.tool.content.ToolContent;
import dev.idem.tool.exchange.ToolExchange;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;

/**
 * Answers {@code tools/call}: finds the intent, runs the call in that intent's {@code ToolRun},
 * and turns the {@link ToolResult} into an MCP result. It never fails the request: every outcome,
 * an internal error included, is a result with {@code isError}, so the client's model reads what
 * happened instead of a protocol error. The intent rule and the never-throw rule are
 * {@link FrameworkCalls}'; a call of a tool that requires approval goes through {@link McpApprovals}.
 */
final class McpToolCalls {

    private final FrameworkCalls calls;
    private final McpApprovals approvals;

    McpToolCalls(FrameworkCalls calls, McpApprovals approvals) {
        this.calls = calls;
        this.approvals = approvals;
    }

    Mono<McpSchema.CallToolResult> handle(McpAsyncServerExchange exchange, McpSchema.CallToolRequest request) {
        String callId = "mcp-" + UUID.randomUUID();
        FrameworkCalls.Intent intent = calls.intent(request.meta(), sessionIntent(exchange));
        ToolExchange client = exchange == null ? ToolExchange.none()
                : new McpToolExchange(exchange, request.progressToken(), request.name());
        Mono<ToolResult> run = approvals.mayNeedApproval(request.name())
                // journal I/O and the person's answer block: never on the transport's threads
                ? Mono.fromCallable(() -> approvals.execute(intent, callId, request.name(), argumentsText(request),
                        client)).subscribeOn(Schedulers.boundedElastic())
                : Mono.defer(() -> Mono.fromCompletionStage(
                        calls.executeAsync(intent, callId, request.name(), argumentsText(request), client)));
        return run
                .map(result -> toMcp(result, intent.id()))
                .onErrorResume(error -> Mono.just(toMcp(calls.failure(callId, request.name(), error), intent.id())));
    }

    /** Without an intent id in {@code _meta}, the MCP session is the intent (none: the call alone). */
    private static String sessionIntent(McpAsyncServerExchange exchange) {
        String session = exchange == null ? null : exchange.sessionId();
        return session == null ? null : "mcp-session-" + session;
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
                .isError(result.isError())
                .meta(meta(result, intentId));
        JsonNode value = result.value();
        if (!result.isError() && ToolContent.fromJson(value).isPresent()) {
            // Content travels item by item, as MCP content of its own type; it has no structured form.
            for (JsonNode item : value.get(ToolContent.JSON_KEY)) {
                mcp.addContent(McpJson.MAPPER.convertValue(McpJson.MAPPER.convertValue(item, Map.class),
                        McpSchema.Content.class));
            }
            return mcp.build();
        }
        mcp.addTextContent(result.textForModel());
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
}
