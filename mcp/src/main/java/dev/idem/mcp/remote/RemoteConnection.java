package dev.idem.mcp.remote;

import dev.idem.tool.ToolException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One MCP client connection, whatever its revision: the tools it lists and one {@code tools/call}.
 * The 2025-11-25 client and the 2026-07-28 client each have one implementation; nothing else of
 * the SDK reaches the rest of this package.
 */
interface RemoteConnection {

    /** Every tool the server lists, all pages, as JSON ({@code name}, {@code inputSchema}, {@code annotations}...). */
    List<JsonNode> listTools();

    /**
     * Sends one {@code tools/call} and waits for its result, as JSON ({@code content},
     * {@code structuredContent}, {@code isError}, {@code _meta}).
     *
     * @param timeout how long the call may take, or {@code null} for the client's own limit
     * @throws ToolException classified: how far the request got, and whether the server answered
     */
    JsonNode call(String tool, Map<String, Object> arguments, Map<String, Object> meta, Duration timeout);
}
