package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import java.security.SecureRandom;
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
 * Two replicas of one server behind one load balancer (round robin), sharing the intent key and
 * the journal (one PostgreSQL table, each replica its own journal over it; or one in-memory
 * journal), as a 2026-07-28 deployment runs without sticky sessions: the rounds of one call land
 * on different replicas, and a lost response re-issued through the other replica has one effect
 * at the payment service; an approval asked by one replica is answered through the other.
 */
class Mcp2026ReplicasTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private final Payments payments = new Payments();
    private final Treasury treasury = new Treasury();
    private LosingProxy balancer;

    /** Each argument: the journal kind and the journals of the two replicas over one store. */
    static Stream<Arguments> sharedJournals() {
        return Stream.of(
                Arguments.of("in-memory", (Supplier<CallJournal[]>) () -> {
                    CallJournal one = CallJournal.inMemory();
                    return new CallJournal[] {one, one};
                }),
                Arguments.of("postgres", (Supplier<CallJournal[]>) Journals2026::postgresPair));
    }

    private void serve(CallJournal[] journals) throws Exception {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        List<java.net.URI> endpoints = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments),
                            Treasury_ToolSet.of(treasury)))
                    .journal(JournalSettings.of(journals[i]).withOwner("replica-" + i)).build();
            McpHttpServer http = McpHttpServer.start(McpToolServer.builder(executor).intentKey(key).build(), 0);
            open.add(http);
            endpoints.add(http.endpoint());
        }
        open.add(journals[0]);
        if (journals[1] != journals[0]) {
            open.add(journals[1]);
        }
        balancer = new LosingProxy(endpoints);
        open.add(balancer);
    }

    private McpSyncClient client(McpSchema.ElicitResult answer) {
        McpClient.SyncBuilder builder = McpClient.sync(HttpClientMcpTransport.builder(balancer.endpoint())
                        .jsonMapper(McpJson.MAPPER).build())
                .jsonMapper(McpJson.MAPPER).roundTimeout(Duration.ofSeconds(30));
        if (answer != null) {
            builder.formElicitation(request -> answer);
        }
        return builder.build();
    }

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharedJournals")
    void aLostResponseReissuedThroughTheOtherReplicaHasOneEffect(String name, Supplier<CallJournal[]> journals)
            throws Exception {
        serve(journals.get());
        McpSyncClient client = client(null);
        Map<String, Object> arguments = Map.of("to", "maria@example.com", "cents", 500);
        McpSchema.InputRequiredResult round = (McpSchema.InputRequiredResult) client.tool("pay").arguments(arguments)
                .callOnce();
        balancer.loseNextToolCallResponses(1);

        assertThatThrownBy(() -> client.tool("pay").arguments(arguments).requestState(round.requestState()).callOnce())
                .isInstanceOf(McpResponseLostException.class);
        assertThat(payments.effects()).as("the call whose response was lost ran on the other replica").isEqualTo(1);
        McpSchema.CallToolResult again = (McpSchema.CallToolResult) client.tool("pay").arguments(arguments)
                .requestState(round.requestState()).callOnce();

        assertThat(again.isError()).isFalse();
        assertThat(again.structuredContent()).isEqualTo(Map.of("transferId", "tr_1", "to", "maria@example.com",
                "cents", 500));
        assertThat(payments.effects()).isEqualTo(1);
        assertThat(balancer.served.subList(0, 3)).as("the three rounds went to alternating replicas")
                .containsExactly(balancer.served.get(0), balancer.served.get(1), balancer.served.get(0));
        assertThat(balancer.served.get(0)).isNotEqualTo(balancer.served.get(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharedJournals")
    void anApprovalAskedByOneReplicaIsAnsweredThroughTheOtherAndRunsOnce(String name, Supplier<CallJournal[]> journals)
            throws Exception {
        serve(journals.get());
        McpSyncClient client = client(McpSchema.ElicitResult.accept(Map.of("decision", "approve", "approver", "ana")));
        Map<String, Object> intent = Map.of(McpToolServer.INTENT_ID_META_KEY, "ticket-7");

        McpSchema.CallToolResult approved = client.tool("transfer").arguments(Map.of("to", "maria", "cents", 125_000))
                .meta(intent).call();
        McpSchema.CallToolResult reissued = client.tool("transfer").arguments(Map.of("to", "maria", "cents", 125_000))
                .meta(intent).call();

        assertThat(approved.isError()).isFalse();
        assertThat(reissued.isError()).isFalse();
        assertThat(treasury.transfers()).isEqualTo(1);
    }
}
