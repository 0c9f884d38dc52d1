package dev.idem.mcp.remote;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** A 2025-11-25 connection: the SDK's {@link McpSyncClient} (stdio or Streamable HTTP), initialized on first use. */
final class ClassicConnection implements RemoteConnection {

    private static final int MAX_PAGES = 1_000;

    private final McpSyncClient client;

    ClassicConnection(McpSyncClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    private synchronized void initialized() {
        if (!client.isInitialized()) {
            client.initialize();
        }
    }

    @Override
    public List<JsonNode> listTools() {
        initialized();
        List<JsonNode> tools = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            McpSchema.ListToolsResult listed = cursor == null ? client.listTools() : client.listTools(cursor);
            listed.tools().forEach(tool -> tools.add(RemoteJson.tree(tool)));
            cursor = listed.nextCursor();
            if (cursor == null || cursor.isEmpty()) {
                return tools;
            }
        }
        throw new IllegalStateException("the MCP server listed more than " + MAX_PAGES + " pages of tools");
    }

    @Override
    public JsonNode call(String tool, Map<String, Object> arguments, Map<String, Object> meta, Duration timeout) {
        McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder(tool).arguments(arguments).meta(meta).build();
        try {
            initialized();
        } catch (RuntimeException e) {
            // initialize failed: tools/call was not sent
            throw RemoteFailures.transport(tool, new java.net.ConnectException("initialize failed: " + e.getMessage()));
        }
        McpSchema.CallToolResult result;
        try {
            result = client.callTool(request);
        } catch (McpError e) {
            McpSchema.JSONRPCResponse.JSONRPCError error = e.getJsonRpcError();
            if (error != null && error.code() != null) {
                throw RemoteFailures.jsonRpcError(tool, error.code(), error.message(), e);
            }
            throw RemoteFailures.transport(tool, e);
        } catch (RuntimeException e) {
            throw RemoteFailures.transport(tool, e);
        }
        return RemoteJson.tree(result);
    }
}
