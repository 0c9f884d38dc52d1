package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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

    @Test
    void theReferenceServerOverStreamableHttpIsAnUpstreamAsOverStdio() throws Exception {
        JsonNode direct = NodeHost.host(CALLS, NodeHost.serverEverything());
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        List<String> http = new ArrayList<>(NodeHost.serverEverything());
        http.set(http.size() - 1, "streamableHttp");
        ProcessBuilder builder = new ProcessBuilder(http).redirectErrorStream(true);
        builder.environment().put("PORT", String.valueOf(port));
        Process upstream = builder.start();
        try {
            awaitLine(upstream, "listening on port " + port);
            JsonNode through = NodeHost.host(CALLS, GatewayJar.command(List.of("--journal", dir.toString(),
                    "--upstream", "http://127.0.0.1:" + port + "/mcp")));

            assertThat(names(through.path("tools"))).isEqualTo(names(direct.path("tools")));
            for (int i = 0; i < direct.path("calls").size(); i++) {
                assertThat(through.path("calls").get(i).path("result").path("content"))
                        .as(through.path("calls").get(i).toString())
                        .isEqualTo(direct.path("calls").get(i).path("result").path("content"));
            }
        } finally {
            upstream.destroyForcibly();
        }
    }

    /** Reads {@code process}'s output until a line contains {@code text}; the rest is drained. */
    private static void awaitLine(Process process, String text) throws Exception {
        CompletableFuture<Void> seen = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.contains(text)) {
                        seen.complete(null);
                    }
                }
                seen.completeExceptionally(new IllegalStateException("the server ended before: " + text));
            } catch (Exception e) {
                seen.completeExceptionally(e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        seen.get(60, TimeUnit.SECONDS);
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(tool -> names.add(tool.path("name").asString()));
        return names;
    }
}
