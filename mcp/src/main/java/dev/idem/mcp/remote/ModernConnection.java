package dev.idem.mcp.remote;

import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClientException;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.McpTimeoutException;
import io.modelcontextprotocol.modern.client.transport.McpHttpStatusException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A 2026-07-28 connection: the SDK's modern {@link McpSyncClient} (no session). Loaded only when
 * such a client is given, so that idem-mcp runs on an SDK without the modern stack (2.1).
 */
final class ModernConnection implements RemoteConnection {

    private static final int MAX_PAGES = 1_000;

    private final McpSyncClient client;

    private ModernConnection(McpSyncClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    static RemoteConnection of(McpSyncClient client) {
        return new ModernConnection(client);
    }

    @Override
    public List<JsonNode> listTools() {
        List<JsonNode> tools = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            McpSyncClient.ListSpec<McpSchema.ListToolsResult> spec = client.tools();
            McpSchema.ListToolsResult listed = cursor == null ? spec.list() : spec.cursor(cursor).list();
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
        McpSyncClient.ToolSpec spec = client.tool(tool).arguments(arguments).meta(meta);
        if (timeout != null && !timeout.isZero() && !timeout.isNegative()) {
            spec.callTimeout(timeout);
        }
        McpSchema.CallToolResult result;
        try {
            result = spec.call();
        } catch (McpResponseLostException e) {
            throw RemoteFailures.responseLost(tool, e);
        } catch (McpTimeoutException e) {
            throw RemoteFailures.timeout(tool, e);
        } catch (McpHttpStatusException e) {
            throw RemoteFailures.httpStatus(tool, e.statusCode(), e);
        } catch (McpException e) {
            if (e.error() != null && e.error().code() != null) {
                throw RemoteFailures.jsonRpcError(tool, e.error().code(), e.error().message(), e);
            }
            throw RemoteFailures.transport(tool, e);
        } catch (McpClientException e) {
            // the client's own refusals (an input round it cannot answer, a result it cannot read)
            // come after the server took the request: judged as any failure after sending
            throw RemoteFailures.transport(tool, e);
        } catch (RuntimeException e) {
            throw RemoteFailures.transport(tool, e);
        }
        return RemoteJson.tree(result);
    }
}
