package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.journal.CallJournal;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A 2025-11-25 client (the SDK's client, sessions and all) through a proxy that loses the response
 * of a tool call after the server answered it: re-issued with the same {@code dev.idem/intentId},
 * or without one in the same session (the session is the intent), it has one effect at the
 * payment service. On the in-memory, file and PostgreSQL journals.
 */
class McpLostResponseTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private Payments payments;
    private LosingProxy proxy;
    private McpSyncClient client;

    static Stream<Arguments> journals() {
        return Journals2026.all();
    }

    private void serve(CallJournal journal) throws Exception {
        payments = new Payments();
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))).journal(journal).build();
        McpHttpServer http = McpHttpServer.start(McpToolServer.builder(executor).build(), 0);
        open.add(http);
        open.add(journal);
        proxy = new LosingProxy(List.of(http.endpoint()));
        open.add(proxy);
        URI endpoint = proxy.endpoint();
        client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + endpoint.getPort())
                        .endpoint(McpHttpServer.ENDPOINT).jsonMapper(McpJson.MAPPER).build())
                .requestTimeout(Duration.ofMillis(1500)).build();
        client.initialize();
    }

    @AfterEach
    void close() throws Exception {
        if (client != null) {
            client.closeGracefully();
        }
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private McpSchema.CallToolResult pay(Map<String, Object> meta) {
        McpSchema.CallToolRequest.Builder request = McpSchema.CallToolRequest.builder("pay")
                .arguments(Map.of("to", "maria@example.com", "cents", 500));
        if (meta != null) {
            request.meta(meta);
        }
        return client.callTool(request.build());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aLostResponseReissuedWithTheSameIntentIdHasOneEffect(String name, Supplier<CallJournal> journal)
            throws Exception {
        serve(journal.get());
        Map<String, Object> intent = Map.of(McpToolServer.INTENT_ID_META_KEY, "order-4711");
        proxy.loseNextToolCallResponses(1);

        assertThatThrownBy(() -> pay(intent)).isInstanceOf(RuntimeException.class);
        assertThat(payments.effects()).as("the lost call ran").isEqualTo(1);
        McpSchema.CallToolResult again = pay(intent);

        assertThat(again.isError()).isFalse();
        assertThat(payments.effects()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aLostResponseReissuedInTheSameSessionWithoutAnIntentIdHasOneEffect(String name, Supplier<CallJournal> journal)
            throws Exception {
        serve(journal.get());
        proxy.loseNextToolCallResponses(1);

        assertThatThrownBy(() -> pay(null)).isInstanceOf(RuntimeException.class);
        assertThat(payments.effects()).as("the lost call ran").isEqualTo(1);
        McpSchema.CallToolResult again = pay(null);

        assertThat(again.isError()).isFalse();
        assertThat(payments.effects()).isEqualTo(1);
    }
}
