package dev.idem.mcp.remote;

import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import dev.idem.tool.content.ToolContent;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * One checked call of a remote tool: each run sends one {@code tools/call} with the call's intent
 * id and idempotency key in {@code _meta} (and the key in the tool's key argument, if it has one),
 * and turns the answer into the body's value or a classified failure. Where the policy names the
 * tool's verifier, it is asked whether the call took effect wherever the outcome would be unknown.
 */
final class RemoteToolCall implements BoundCall {

    private final RemoteConnection connection;
    private final RemoteTool tool;
    private final ObjectNode arguments;
    private final RemoteVerifier verifier; // null: the policy names none

    RemoteToolCall(RemoteConnection connection, RemoteTool tool, ObjectNode arguments, RemoteVerifier verifier) {
        this.connection = connection;
        this.tool = tool;
        this.arguments = arguments;
        this.verifier = verifier;
    }

    @Override
    public boolean verifiable() {
        return verifier != null;
    }

    @Override
    public Verification<JsonNode> verify(String idempotencyKey) throws Exception {
        if (verifier == null) {
            return BoundCall.super.verify(idempotencyKey);
        }
        return verifier.verify(connection, arguments, idempotencyKey);
    }

    @Override
    public CompletionStage<JsonNode> run(ToolContext context) {
        ObjectNode sent = arguments;
        if (tool.keyArgument() != null) {
            sent = arguments.deepCopy();
            sent.put(tool.keyArgument(), context.idempotencyKey());
        }
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put(McpRemoteTools.INTENT_ID_META_KEY, context.intentId());
        meta.put(McpRemoteTools.IDEMPOTENCY_KEY_META_KEY, context.idempotencyKey());
        Duration remaining = context.remaining();
        JsonNode result = connection.call(tool.remoteName(), RemoteJson.map(sent), meta, remaining);
        if (result.path("isError").asBoolean(false)) {
            throw RemoteFailures.isError(tool.remoteName(), result);
        }
        return CompletableFuture.completedFuture(value(result));
    }

    /**
     * The body's value: the structured content when there is one; the text when the result is
     * one text item; else the content, item by item, as Idem's {@link ToolContent} (so that a
     * server of these tools passes it on as it came).
     */
    static JsonNode value(JsonNode result) {
        JsonNode structured = result.path("structuredContent");
        if (structured.isObject()) {
            return structured;
        }
        JsonNode content = result.path("content");
        if (content.isArray() && content.size() == 1 && "text".equals(content.get(0).path("type").asString(""))) {
            return StringNode.valueOf(content.get(0).path("text").asString(""));
        }
        ObjectNode items = RemoteJson.MAPPER.createObjectNode();
        items.set(ToolContent.JSON_KEY, content.isArray() ? content : RemoteJson.MAPPER.createArrayNode());
        return items;
    }
}
