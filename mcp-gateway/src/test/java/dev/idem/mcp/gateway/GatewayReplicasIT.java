package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two gateways over Streamable HTTP, each with its own upstream, sharing one PostgreSQL journal
 * (a real server, from Maven jars): a host that sends the same intent to both at once, as a
 * load balancer's retry does, is paid for once.
 */
class GatewayReplicasIT {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    @Test
    void twoReplicasOnOneJournalPayOnceForAnIntentSentToBoth() throws Exception {
        try (Ledger ledger = Ledger.start()) {
            List<Process> gateways = new ArrayList<>();
            try {
                List<URI> endpoints = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    Process gateway = new ProcessBuilder(GatewayJar.command(GatewayJar.args(List.of("--http", "0",
                            "--journal", postgres.getJdbcUrl("postgres", "postgres"), "--user", "postgres"),
                            GatewayJar.hostileUpstream(ledger, "slow")))).start();
                    gateways.add(gateway);
                    endpoints.add(GatewayJar.httpEndpoint(gateway));
                }
                List<McpSyncClient> hosts = endpoints.stream().map(GatewayJar::httpHost).toList();
                CountDownLatch together = new CountDownLatch(1);
                List<CompletableFuture<CallToolResult>> calls = hosts.stream()
                        .map(host -> CompletableFuture.supplyAsync(() -> {
                            await(together);
                            return host.callTool(new CallToolRequest("pay", Map.of("memo", "m-r"),
                                    Map.of("dev.idem/intentId", "intent-r")));
                        })).toList();
                together.countDown();
                List<CallToolResult> results = calls.stream().map(CompletableFuture::join).toList();

                assertThat(results).allSatisfy(result -> assertThat(result.isError()).as(result.toString()).isFalse());
                assertThat(GatewayEffectsIT.text(results.get(0))).isEqualTo(GatewayEffectsIT.text(results.get(1)));
                assertThat(ledger.calls()).as("one replica sent it, the other answered from the journal").isEqualTo(1);
                assertThat(ledger.effects("m-r")).isEqualTo(1);
                hosts.forEach(McpSyncClient::closeGracefully);
            } finally {
                gateways.forEach(Process::destroyForcibly);
            }
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
