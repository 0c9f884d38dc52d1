package dev.idem.mcp.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.mcp.LosingProxy;
import dev.idem.mcp.McpHttpServer;
import dev.idem.mcp.McpToolServer;
import dev.idem.mcp.Payments;
import dev.idem.mcp.Payments_ToolSet;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Remote tools over the 2026-07-28 revision: the SDK's modern client (no session) to an MCP server
 * on Streamable HTTP, through a proxy that counts tool calls and can lose a response after the
 * server answered it (the SDK's {@code McpResponseLostException}). The upstream is Idem's own
 * server of the {@link Payments} tools; its {@code pay} says {@code idempotentHint: true}.
 */
class Mcp2026RemoteToolsTest {

    private Payments payments;
    private McpHttpServer http;
    private LosingProxy proxy;
    private ToolExecutor executor;

    @BeforeEach
    void start() throws Exception {
        payments = new Payments();
        ToolExecutor upstream = ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))).build();
        http = McpHttpServer.start(McpToolServer.builder(upstream).serverInfo("payments", "test").build(), 0);
        proxy = new LosingProxy(List.of(http.endpoint()));
        McpSyncClient client = McpClient.sync(HttpClientMcpTransport.builder(proxy.endpoint())
                        .jsonMapper(UpstreamServer.MAPPER).build())
                .jsonMapper(UpstreamServer.MAPPER).roundTimeout(Duration.ofSeconds(10)).build();
        McpRemoteTools tools = McpRemoteTools.builder("payments", client).build();
        executor = ToolExecutor.builder(ToolRegistry.of(tools)).build();
    }

    @AfterEach
    void stop() {
        proxy.close();
        http.close();
    }

    @Test
    void aModernServersToolsRunUnderIdemsRulesAndAnUntrustedHintGivesNoFlag() {
        ToolResult paid = executor.newRun("order-1").execute(new ToolCall("c1", "pay",
                "{\"to\":\"maria@example.com\",\"cents\":500}"));

        assertThat(paid.isError()).as(paid.textForModel()).isFalse();
        assertThat(paid.value().path("transferId").asString()).isEqualTo("tr_1");
        assertThat(executor.registry().find("pay").descriptor().idempotent()).isFalse();
        assertThat(payments.effects()).isEqualTo(1);
    }

    @Test
    void aBadArgumentIsRefusedLocallyAndNothingIsSent() {
        ToolResult refused = executor.newRun("order-2").execute(new ToolCall("c1", "pay",
                "{\"to\":\"maria@example.com\",\"cents\":0}"));

        assertThat(refused.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(refused.textForModel()).contains("/cents");
        assertThat(proxy.toolCalls.get()).isZero();
    }

    @Test
    void aLostResponseIsOutcomeUnknownAndTheReissuedIntentIsNotSentAgain() {
        proxy.loseNextToolCallResponses(1);

        ToolResult lost = executor.newRun("order-3").execute(new ToolCall("c1", "pay",
                "{\"to\":\"maria@example.com\",\"cents\":700}"));
        ToolResult reissued = executor.newRun("order-3").execute(new ToolCall("c2", "pay",
                "{\"to\":\"maria@example.com\",\"cents\":700}"));

        assertThat(lost.outcomeUnknown()).as(lost.textForModel()).isTrue();
        assertThat(lost.textForModel()).contains("response lost");
        assertThat(reissued.errorType()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(payments.effects()).isEqualTo(1);
        assertThat(proxy.toolCalls.get()).as("tools/call requests sent").isEqualTo(1);
    }
}
