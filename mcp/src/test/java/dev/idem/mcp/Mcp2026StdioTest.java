package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Both revisions over one stdio stream: a message naming its protocol version in {@code _meta}
 * (every 2026-07-28 request does) or {@code server/discover} is served by the 2026-07-28 stack
 * with no {@code initialize}; anything else by the 2025-11-25 session, as before. And the SDK's
 * modern client starting the server as a child JVM, as a desktop client would.
 */
class Mcp2026StdioTest {

    private static final String MODERN_META = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @Test
    void bothRevisionsAreServedOnOneStdioStreamByTheirProtocolVersion() throws Exception {
        Payments payments = new Payments();
        McpToolServer tools = PaymentsServer.create(payments);
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedInputStream fromServer = new PipedInputStream(1 << 16);
        OutputStream serverOut = new PipedOutputStream(fromServer);
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> tools.serveStdio(serverIn, serverOut));
        try (RawLines client = new RawLines(toServer, fromServer)) {
            JsonNode discovered = client.request("server/discover", "{\"_meta\":" + MODERN_META + "}");
            client.send("{not json");
            JsonNode malformed = client.next();
            JsonNode modernList = client.request("tools/list", "{\"_meta\":" + MODERN_META + "}");
            JsonNode modernEffects = client.request("tools/call", "{\"name\":\"effects\",\"_meta\":" + MODERN_META + "}");
            JsonNode legacyBeforeInitialize = client.request("tools/list", "{}");
            client.initialize();
            JsonNode legacyList = client.request("tools/list", "{}");

            assertThat(discovered.at("/result/supportedVersions/0").asString()).isEqualTo("2026-07-28");
            assertThat(malformed.at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(modernList.at("/result/tools").size()).isEqualTo(legacyList.at("/result/tools").size());
            assertThat(modernEffects.at("/result/resultType").asString()).isEqualTo("complete");
            assertThat(modernEffects.at("/result/content/0/text").asString()).isEqualTo("0");
            assertThat(legacyBeforeInitialize.at("/error/code").asInt()).as("2025-11-25 still starts with initialize")
                    .isEqualTo(-32600);
        }
        serving.get(60, TimeUnit.SECONDS);
    }

    @Test
    void theModernClientListsAndCallsToolsOverStdioFromAChildProcess() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerParameters server = ServerParameters.builder(java)
                .args("-cp", System.getProperty("java.class.path"), PaymentsServer.class.getName())
                .build();
        StdioMcpClientTransport transport = StdioMcpClientTransport.builder(server).jsonMapper(McpJson.MAPPER).start();
        McpSyncClient client = McpClient.sync(transport)
                .jsonMapper(McpJson.MAPPER).roundTimeout(Duration.ofSeconds(30)).build();
        try {
            List<McpSchema.Tool> listed = client.tools().list().tools();
            McpSchema.CallToolResult paid = client.tool("pay").arguments(Map.of("to", "ana@example.com", "cents", 100)).call();
            McpSchema.CallToolResult effects = client.tool("effects").call();

            assertThat(listed).extracting(McpSchema.Tool::name).contains("pay", "effects");
            assertThat(paid.isError()).isFalse();
            assertThat(paid.meta()).containsKey(McpModernCalls.HANDLE_META_KEY);
            assertThat(((McpSchema.TextContent) effects.content().get(0)).text()).isEqualTo("1");
        } finally {
            transport.close();
        }
    }
}
