package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.journal.CallJournal;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
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
 * A 2026-07-28 client (the MCP Java SDK's modern client) against Idem's server over Streamable
 * HTTP on loopback, through a proxy that can lose responses: no session, {@code server/discover},
 * tools listed and called, intent handles minted before anything runs, a lost response re-issued
 * under its intent (handle or client intent id) with one effect at the payment service, and a
 * handle sent with other arguments answered as a conflict with nothing run. On the in-memory,
 * file and PostgreSQL journals.
 */
class Mcp2026ServerTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private Payments payments;
    private LosingProxy proxy;
    private McpSyncClient client;
    private McpHttpServer http;

    static Stream<Arguments> journals() {
        return Journals2026.all();
    }

    private void serve(CallJournal journal) throws Exception {
        payments = new Payments();
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))).journal(journal).build();
        http = McpHttpServer.start(McpToolServer.builder(executor).serverInfo("payments", "test").build(), 0);
        open.add(http);
        open.add(journal);
        proxy = new LosingProxy(List.of(http.endpoint()));
        open.add(proxy);
        client = modernClient(proxy.endpoint());
    }

    static McpSyncClient modernClient(URI endpoint) {
        return McpClient.sync(HttpClientMcpTransport.builder(endpoint).jsonMapper(McpJson.MAPPER).build())
                .jsonMapper(McpJson.MAPPER)
                .roundTimeout(Duration.ofSeconds(30))
                .build();
    }

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private static Map<String, Object> pay(String to, long cents) {
        return Map.of("to", to, "cents", cents);
    }

    private static String text(McpSchema.CallToolResult result) {
        StringBuilder all = new StringBuilder();
        result.content().forEach(item -> all.append(((McpSchema.TextContent) item).text()).append('\n'));
        return all.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aModernClientDiscoversAndCallsWithoutASession(String name, Supplier<CallJournal> journal) throws Exception {
        serve(journal.get());

        McpSchema.DiscoverResult discovered = client.discover();
        McpSchema.CallToolResult effects = client.tool("effects").call();
        McpSchema.CallToolResult paid = client.tool("pay").arguments(pay("maria@example.com", 500)).call();

        assertThat(discovered.supportedVersions()).containsExactly("2026-07-28");
        assertThat(discovered.capabilities().tools()).isNotNull();
        assertThat(text(effects)).startsWith("0");
        assertThat(paid.isError()).as(text(paid)).isFalse();
        assertThat(paid.structuredContent()).isEqualTo(Map.of("transferId", "tr_1", "to", "maria@example.com", "cents", 500));
        assertThat(paid.meta()).containsKey(McpModernCalls.HANDLE_META_KEY);
        assertThat(text(paid)).contains((String) paid.meta().get(McpModernCalls.HANDLE_META_KEY));
        assertThat(payments.effects()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void theToolsAreListedAsOn20251125PlusTheHandleSentenceAndArgumentOnSideEffectingOnes(String name,
            Supplier<CallJournal> journal) throws Exception {
        serve(journal.get());
        io.modelcontextprotocol.client.McpSyncClient legacy = io.modelcontextprotocol.client.McpClient.sync(
                        io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport
                                .builder("http://127.0.0.1:" + http.port()).endpoint(McpHttpServer.ENDPOINT)
                                .jsonMapper(McpJson.MAPPER).build())
                .requestTimeout(Duration.ofSeconds(30)).build();
        legacy.initialize();
        try {
            Map<String, tools.jackson.databind.JsonNode> old = new java.util.HashMap<>();
            legacy.listTools().tools().forEach(tool -> old.put(tool.name(),
                    McpJson.MAPPER.convertValue(tool, tools.jackson.databind.JsonNode.class)));
            List<McpSchema.Tool> listed = client.tools().list().tools();

            assertThat(listed).extracting(McpSchema.Tool::name).containsExactlyInAnyOrderElementsOf(old.keySet());
            for (McpSchema.Tool tool : listed) {
                tools.jackson.databind.JsonNode now = McpJson.MAPPER.convertValue(tool, tools.jackson.databind.JsonNode.class);
                tools.jackson.databind.JsonNode before = old.get(tool.name());
                assertThat(now.get("annotations")).as(tool.name()).isEqualTo(before.get("annotations"));
                assertThat(now.get("_meta")).as(tool.name()).isEqualTo(before.get("_meta"));
                assertThat(now.get("outputSchema")).as(tool.name()).isEqualTo(before.get("outputSchema"));
                boolean readOnly = before.at("/annotations/readOnlyHint").asBoolean();
                if (readOnly) {
                    assertThat(now.get("description")).as(tool.name()).isEqualTo(before.get("description"));
                    assertThat(now.get("inputSchema")).as(tool.name()).isEqualTo(before.get("inputSchema"));
                } else {
                    assertThat(tool.description()).as(tool.name()).endsWith(McpModernCalls.HANDLE_SENTENCE);
                    assertThat(now.at("/inputSchema/properties").has(McpModernCalls.HANDLE_ARGUMENT)).isTrue();
                    assertThat(now.at("/inputSchema/required")).isEqualTo(before.at("/inputSchema/required"));
                }
            }
        } finally {
            legacy.closeGracefully();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aSideEffectingCallGetsItsIntentHandleBeforeAnythingRuns(String name, Supplier<CallJournal> journal)
            throws Exception {
        serve(journal.get());

        McpSchema.CallToolOutcome first = client.tool("pay").arguments(pay("maria@example.com", 500)).callOnce();

        assertThat(first).isInstanceOf(McpSchema.InputRequiredResult.class);
        McpSchema.InputRequiredResult round = (McpSchema.InputRequiredResult) first;
        assertThat(round.inputRequests()).isNull();
        assertThat(round.requestState()).isNotBlank();
        assertThat((String) round.meta().get(McpModernCalls.HANDLE_META_KEY)).startsWith(IntentHandles.PREFIX);
        assertThat(payments.effects()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aLostResponseReissuedWithItsIntentHandleHasOneEffect(String name, Supplier<CallJournal> journal)
            throws Exception {
        serve(journal.get());
        McpSchema.InputRequiredResult round = (McpSchema.InputRequiredResult) client.tool("pay")
                .arguments(pay("maria@example.com", 500)).callOnce();
        String handle = (String) round.meta().get(McpModernCalls.HANDLE_META_KEY);
        proxy.loseNextToolCallResponses(1);

        assertThatThrownBy(() -> client.tool("pay").arguments(pay("maria@example.com", 500))
                .requestState(round.requestState()).callOnce()).isInstanceOf(McpResponseLostException.class);
        assertThat(payments.effects()).as("the lost call ran").isEqualTo(1);
        McpSchema.CallToolResult byState = (McpSchema.CallToolResult) client.tool("pay")
                .arguments(pay("maria@example.com", 500)).requestState(round.requestState()).callOnce();
        McpSchema.CallToolResult byMeta = client.tool("pay").arguments(pay("maria@example.com", 500))
                .meta(Map.of(McpModernCalls.HANDLE_META_KEY, handle)).call();
        McpSchema.CallToolResult byModel = client.tool("pay").arguments(Map.of("cents", 500.0,
                "to", "maria@example.com", McpModernCalls.HANDLE_ARGUMENT, handle)).call();

        for (McpSchema.CallToolResult again : List.of(byState, byMeta, byModel)) {
            assertThat(again.isError()).as(text(again)).isFalse();
            assertThat(again.structuredContent()).isEqualTo(Map.of("transferId", "tr_1", "to", "maria@example.com",
                    "cents", 500));
            assertThat(again.meta()).containsEntry(McpModernCalls.HANDLE_META_KEY, handle);
        }
        assertThat(payments.effects()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aLostResponseReissuedWithTheClientsIntentIdHasOneEffect(String name, Supplier<CallJournal> journal)
            throws Exception {
        serve(journal.get());
        Map<String, Object> intent = Map.of(McpToolServer.INTENT_ID_META_KEY, "order-4711");
        proxy.loseNextToolCallResponses(1);

        assertThatThrownBy(() -> client.tool("pay").arguments(pay("maria@example.com", 500)).meta(intent).call())
                .isInstanceOf(McpResponseLostException.class);
        McpSchema.CallToolResult again = client.tool("pay").arguments(pay("maria@example.com", 500)).meta(intent).call();

        assertThat(again.isError()).as(text(again)).isFalse();
        assertThat(again.meta()).containsEntry(McpToolServer.INTENT_ID_META_KEY, "order-4711")
                .doesNotContainKey(McpModernCalls.HANDLE_META_KEY);
        assertThat(payments.effects()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aHandleSentWithOtherArgumentsIsAConflictAndNothingRuns(String name, Supplier<CallJournal> journal)
            throws Exception {
        serve(journal.get());
        McpSchema.CallToolResult paid = client.tool("pay").arguments(pay("maria@example.com", 500)).call();
        String handle = (String) paid.meta().get(McpModernCalls.HANDLE_META_KEY);

        McpSchema.CallToolResult other = client.tool("pay").arguments(pay("maria@example.com", 900))
                .meta(Map.of(McpModernCalls.HANDLE_META_KEY, handle)).call();

        assertThat(other.isError()).isTrue();
        assertThat(other.meta()).containsEntry(McpToolServer.META_PREFIX + "errorType", "KEY_CONFLICT")
                .containsEntry(McpToolServer.META_PREFIX + "conflict", true);
        assertThat(text(other)).contains("another call").contains("NOT executed");
        assertThat(payments.effects()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void anInventedHandleIsRefusedAndNothingRuns(String name, Supplier<CallJournal> journal) throws Exception {
        serve(journal.get());

        McpSchema.CallToolResult invented = client.tool("pay").arguments(pay("maria@example.com", 500))
                .meta(Map.of(McpModernCalls.HANDLE_META_KEY, IntentHandles.PREFIX + "made.up.byamodel")).call();

        assertThat(invented.isError()).isTrue();
        assertThat(invented.meta()).containsEntry(McpToolServer.META_PREFIX + "errorType", "REJECTED");
        assertThat(text(invented)).contains("never invent").contains("NOT executed");
        assertThat(payments.effects()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aForgedRequestStateIsRefusedAndNothingRuns(String name, Supplier<CallJournal> journal) throws Exception {
        serve(journal.get());

        assertThatThrownBy(() -> client.tool("pay").arguments(pay("maria@example.com", 500))
                .requestState("eyJ2IjoxfQ.Zm9yZ2Vk").callOnce()).hasMessageContaining("requestState");
        assertThat(payments.effects()).isZero();
    }
}
