package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The MCP reference server {@code @modelcontextprotocol/server-everything} behind the gateway, and
 * the official TypeScript client as the host: what the host sees through the gateway is what it
 * sees on the server itself, tool for tool and answer for answer.
 */
class ReferenceServerIT {

    private static final String CALLS = """
            [{"name": "echo", "arguments": {"message": "through the gateway"}},
             {"name": "get-sum", "arguments": {"a": 2, "b": 3}},
             {"name": "get-sum", "arguments": {"a": 2, "b": 3}, "_meta": {"dev.idem/intentId": "sum-1"}},
             {"name": "get-sum", "arguments": {"a": 2, "b": 3}, "_meta": {"dev.idem/intentId": "sum-1"}}]
            """;

    @TempDir
    Path dir;

    @Test
    void theReferenceServersToolsAreListedAndAnsweredThroughTheGatewayAsByTheServerItself() throws Exception {
        JsonNode direct = NodeHost.host(CALLS, NodeHost.serverEverything());
        JsonNode through = NodeHost.host(CALLS, GatewayJar.command(
                GatewayJar.args(List.of("--journal", dir.toString()), NodeHost.serverEverything())));

        assertThat(names(through.path("tools"))).isEqualTo(names(direct.path("tools")));
        for (int i = 0; i < direct.path("tools").size(); i++) {
            assertThat(through.path("tools").get(i).path("inputSchema"))
                    .as(direct.path("tools").get(i).path("name").asString())
                    .isEqualTo(direct.path("tools").get(i).path("inputSchema"));
        }
        for (int i = 0; i < direct.path("calls").size(); i++) {
            assertThat(through.path("calls").get(i).path("result").path("content"))
                    .as(through.path("calls").get(i).toString())
                    .isEqualTo(direct.path("calls").get(i).path("result").path("content"));
        }
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(tool -> names.add(tool.path("name").asString()));
        return names;
    }
}
