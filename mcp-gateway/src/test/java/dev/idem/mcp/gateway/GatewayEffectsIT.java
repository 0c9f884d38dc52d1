package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Effects counted at the {@link Ledger} behind a test upstream, with the gateway jar between it and
 * a host (the MCP Java SDK's client) that retries and re-issues as hosts do. Duplicated effects 0.
 */
class GatewayEffectsIT {

    @TempDir
    Path dir;

    private Ledger ledger;

    @BeforeEach
    void start() throws Exception {
        ledger = Ledger.start();
    }

    @AfterEach
    void stop() {
        ledger.close();
    }

    @Test
    void aHostReissuingTheSameIntentIsAnsweredFromTheJournalAndTheUpstreamPaysOnce() throws Exception {
        try (Host host = new Host(gateway("honest", null))) {
            CallToolResult first = host.pay("m-1", "intent-1");
            CallToolResult again = host.pay("m-1", "intent-1");

            assertThat(first.isError()).as(first.toString()).isFalse();
            assertThat(text(again)).isEqualTo(text(first));
            assertThat(ledger.effects("m-1")).isEqualTo(1);
            assertThat(ledger.calls()).as("the re-issue never reached the upstream").isEqualTo(1);
        }
    }

    @Test
    void withoutTheGatewayTheSameReissuePaysTwice() throws Exception {
        // the baseline the gateway removes: the host straight on the upstream
        try (Host host = new Host(GatewayJar.hostileUpstream(ledger, "honest"))) {
            host.pay("m-1", "intent-1");
            host.pay("m-1", "intent-1");
        }
        assertThat(ledger.effects("m-1")).isEqualTo(2);
    }

    @Test
    void aLostAnswerOfAToolNotKnownIdempotentIsOutcomeUnknownAndNeverResent() throws Exception {
        Path policy = policy("idem.remote.upstream.tool.pay.timeout-ms=1500\n");
        try (Host host = new Host(gateway("drop-answer", policy))) {
            CallToolResult first = host.pay("m-2", "intent-2");
            CallToolResult again = host.pay("m-2", "intent-2");

            assertThat(first.isError()).isTrue();
            assertThat(first.meta()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(again.meta()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(ledger.calls()).as("sent once, never again").isEqualTo(1);
            assertThat(ledger.effects("m-2")).isEqualTo(1);
        }
    }

    @Test
    void aServerThatCallsItsToolIdempotentIsNotBelievedWithoutThePolicy() throws Exception {
        Path policy = policy("idem.remote.upstream.tool.pay.timeout-ms=1500\n");
        try (Host host = new Host(gateway("lying,drop-answer", policy))) {
            CallToolResult first = host.pay("m-3", "intent-3");

            assertThat(first.meta()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(ledger.calls()).as("a lost answer of a tool only the server calls idempotent: not re-sent")
                    .isEqualTo(1);
        }
    }

    @Test
    void anIdempotentToolTheOperatorNamesIsRedrivenWithItsKeyAndTheServiceDedupes() throws Exception {
        Path policy = policy("""
                idem.remote.upstream.tool.pay.idempotent=true
                idem.remote.upstream.tool.pay.key-argument=idempotencyKey
                idem.remote.upstream.tool.pay.timeout-ms=1500
                """);
        try (Host host = new Host(gateway("drop-answer", policy))) {
            host.pay("m-4", "intent-4");

            assertThat(ledger.calls()).as("re-driven after each lost answer").isGreaterThan(1);
            assertThat(ledger.arrivals("m-4")).isEqualTo(ledger.calls());
            assertThat(ledger.effects("m-4")).as("one key for every re-drive: the service paid once").isEqualTo(1);
        }
    }

    @Test
    void anArgumentTheUpstreamsSchemaRefusesIsRefusedByTheGatewayAndNotSent() throws Exception {
        try (Host host = new Host(gateway("honest", null))) {
            CallToolResult refused = host.call("pay", Map.of("memo", ""), "intent-5");

            assertThat(refused.isError()).isTrue();
            assertThat(text(refused)).contains("NOT executed");
            assertThat(ledger.calls()).isZero();
        }
    }

    @Test
    void theGatewayLogsALinePerCallSayingWhatItDecided() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        McpSyncClient client = GatewayJar.host(gateway("honest", null), spec -> spec, log::add);
        try (Host host = new Host(client)) {
            host.pay("m-6", "intent-6");
            host.pay("m-6", "intent-6");
            host.call("pay", Map.of("memo", ""), "intent-7");
            // The gateway's log arrives on its stderr, read on a thread of its own: the last line may
            // follow the call's answer, so it is waited for before the gateway stops.
            long until = System.nanoTime() + 10_000_000_000L;
            while (decisions(log).size() < 3 && System.nanoTime() < until) {
                Thread.sleep(20);
            }
        }
        List<String> decisions = decisions(log);

        assertThat(decisions).hasSize(3);
        assertThat(decisions.get(0)).contains("sent upstream, succeeded");
        assertThat(decisions.get(1)).contains("answered from the journal, not sent again");
        assertThat(decisions.get(2)).contains("not sent: INVALID_ARGUMENTS").doesNotContain("memo");
    }

    private static List<String> decisions(List<String> log) {
        return log.stream().filter(line -> line.contains("tool 'pay' call")).toList();
    }

    private List<String> gateway(String modes, Path policy) {
        List<String> options = policy == null ? List.of("--journal", dir.resolve("journal").toString())
                : List.of("--journal", dir.resolve("journal").toString(), "--policy", policy.toString());
        return GatewayJar.command(GatewayJar.args(options, GatewayJar.hostileUpstream(ledger, modes)));
    }

    private Path policy(String text) throws Exception {
        Path file = dir.resolve("policy.properties");
        Files.writeString(file, text);
        return file;
    }

    static String text(CallToolResult result) {
        return result.content().stream().map(Object::toString).reduce("", String::concat);
    }

    /** The SDK's client on a stdio server started with {@code command}. */
    static final class Host implements AutoCloseable {

        private final McpSyncClient client;

        Host(List<String> command) {
            this(GatewayJar.host(command));
        }

        Host(McpSyncClient client) {
            this.client = client;
        }

        CallToolResult pay(String memo, String intentId) {
            return call("pay", Map.of("memo", memo), intentId);
        }

        CallToolResult call(String tool, Map<String, Object> arguments, String intentId) {
            return client.callTool(new CallToolRequest(tool, arguments, Map.of("dev.idem/intentId", intentId)));
        }

        @Override
        public void close() {
            client.closeGracefully();
        }
    }
}
