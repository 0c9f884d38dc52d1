package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * One gateway over Streamable HTTP serves hosts of both MCP revisions: a 2026-07-28 host (the SDK's
 * modern client, no session) and a 2025-11-25 one share its journal, so an intent re-issued from
 * either is answered from it and the upstream pays once.
 */
class GatewayRevisionsIT {

    private static final String INTENT = "dev.idem/intentId";
    private static final String HANDLE = "dev.idem/intentHandle";

    @TempDir
    Path dir;

    @Test
    void aHostOn20260728IsServedTheUpstreamsToolsAndItsReissuesPayOnce() throws Exception {
        try (Ledger ledger = Ledger.start()) {
            Process gateway = new ProcessBuilder(GatewayJar.command(GatewayJar.args(List.of("--http", "0",
                    "--journal", dir.resolve("journal").toString()), GatewayJar.hostileUpstream(ledger, "honest"))))
                    .start();
            try {
                URI endpoint = GatewayJar.httpEndpoint(gateway);
                McpSyncClient modern = modernHost(endpoint);

                McpSchema.DiscoverResult discovered = modern.discover();
                List<String> tools = modern.tools().list().tools().stream().map(McpSchema.Tool::name).toList();
                McpSchema.CallToolResult first = modern.tool("pay").arguments(Map.of("memo", "m-1"))
                        .meta(Map.of(INTENT, "intent-1")).call();
                McpSchema.CallToolResult again = modern.tool("pay").arguments(Map.of("memo", "m-1"))
                        .meta(Map.of(INTENT, "intent-1")).call();
                // no intent of the host's own: the gateway's handle names the intent, as the model is told
                McpSchema.CallToolResult handled = modern.tool("pay").arguments(Map.of("memo", "m-2")).call();
                String handle = (String) handled.meta().get(HANDLE);
                McpSchema.CallToolResult byHandle = modern.tool("pay").arguments(Map.of("memo", "m-2"))
                        .meta(Map.of(HANDLE, handle)).call();

                assertThat(discovered.supportedVersions()).contains("2026-07-28");
                assertThat(tools).contains("pay");
                assertThat(first.isError()).as(text(first)).isFalse();
                assertThat(text(again)).isEqualTo(text(first));
                assertThat(handle).isNotBlank();
                assertThat(text(byHandle)).isEqualTo(text(handled));
                assertThat(ledger.effects("m-1")).isEqualTo(1);
                assertThat(ledger.effects("m-2")).isEqualTo(1);
                assertThat(ledger.calls()).as("every re-issue answered from the journal").isEqualTo(2);

                var legacy = GatewayJar.httpHost(endpoint);
                try {
                    CallToolResult fromLegacy = legacy.callTool(new CallToolRequest("pay", Map.of("memo", "m-1"),
                            Map.of(INTENT, "intent-1")));
                    assertThat(fromLegacy.isError()).as(fromLegacy.toString()).isFalse();
                    assertThat(ledger.calls()).as("a 2025-11-25 host re-issuing the intent: the same journal")
                            .isEqualTo(2);
                    assertThat(ledger.effects("m-1")).isEqualTo(1);
                } finally {
                    legacy.closeGracefully();
                }
            } finally {
                gateway.destroyForcibly();
            }
        }
    }

    private static McpSyncClient modernHost(URI endpoint) {
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        return McpClient.sync(HttpClientMcpTransport.builder(endpoint).jsonMapper(json).build())
                .jsonMapper(json)
                .roundTimeout(Duration.ofSeconds(60))
                .build();
    }

    private static String text(McpSchema.CallToolResult result) {
        StringBuilder all = new StringBuilder();
        result.content().forEach(item -> all.append(((McpSchema.TextContent) item).text()).append('\n'));
        return all.toString();
    }
}
