package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load run: what the gateway adds to one call, as p50 and p99 of the host's round trip, beside
 * the same call made straight to the upstream. Every path is one host (the MCP Java SDK's client
 * over stdio) calling {@code pay} of a test upstream that pays at the loopback {@link Ledger}, one
 * call at a time, each a new intent; the paths take turns in rounds so that the machine's drift
 * falls on all of them. Times are printed (and written to
 * {@code target/gateway-latency.txt}), never asserted; what is checked is that every call was paid
 * once.
 *
 * <p>The short version runs in {@code mvn -B verify}; the measured one is
 * {@code mvn -B -pl mcp-gateway -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * -Dit.test=GatewayLatencyIT -Didem.gateway.latency.calls=2000}.
 */
class GatewayLatencyIT {

    private static final int CALLS = Integer.getInteger("idem.gateway.latency.calls", 100);
    private static final int ROUNDS = 10;

    @TempDir
    Path dir;

    @Test
    void theGatewaysAddedLatencyPerCallIsMeasuredBesideADirectCall() throws Exception {
        try (Ledger ledger = Ledger.start()) {
            Path readOnly = dir.resolve("read-only.properties");
            Files.writeString(readOnly, "idem.remote.upstream.tool.pay.read-only=true\n");
            List<String> upstream = GatewayJar.hostileUpstream(ledger, "honest");
            Map<String, List<String>> paths = new LinkedHashMap<>();
            paths.put("direct: host on the upstream", upstream);
            paths.put("gateway, journaled (file journal, forced)", GatewayJar.command(GatewayJar.args(
                    List.of("--journal", dir.resolve("journal").toString()), upstream)));
            paths.put("gateway, read-only by policy (no journal write)", GatewayJar.command(GatewayJar.args(
                    List.of("--journal", dir.resolve("journal-ro").toString(), "--policy", readOnly.toString()),
                    upstream)));

            Map<String, McpSyncClient> hosts = new LinkedHashMap<>();
            Map<String, long[]> times = new LinkedHashMap<>();
            try {
                paths.forEach((name, command) -> {
                    hosts.put(name, GatewayJar.host(command));
                    times.put(name, new long[CALLS]);
                });
                int path = 0;
                for (Map.Entry<String, McpSyncClient> host : hosts.entrySet()) {
                    for (int i = 0; i < Math.max(20, CALLS / 5); i++) { // warm-up, not measured
                        pay(host.getValue(), "warm-" + path + "-" + i);
                    }
                    path++;
                }
                int perRound = CALLS / ROUNDS;
                for (int round = 0; round < ROUNDS; round++) {
                    path = 0;
                    for (Map.Entry<String, McpSyncClient> host : hosts.entrySet()) {
                        for (int i = round * perRound; i < (round + 1) * perRound; i++) {
                            long start = System.nanoTime();
                            pay(host.getValue(), "m-" + path + "-" + i);
                            times.get(host.getKey())[i] = System.nanoTime() - start;
                        }
                        path++;
                    }
                }
            } finally {
                hosts.values().forEach(McpSyncClient::closeGracefully);
            }

            for (int p = 0; p < paths.size(); p++) {
                for (int i = 0; i < perRoundTotal(); i++) {
                    assertThat(ledger.effects("m-" + p + "-" + i)).as("m-" + p + "-" + i).isEqualTo(1);
                }
            }
            String table = table(times);
            System.out.println(table);
            Files.writeString(Path.of("target", "gateway-latency.txt"), table);
        }
    }

    private static int perRoundTotal() {
        return CALLS / ROUNDS * ROUNDS;
    }

    private static void pay(McpSyncClient host, String memo) {
        CallToolResult result = host.callTool(new CallToolRequest("pay", Map.of("memo", memo),
                Map.of("dev.idem/intentId", "intent-" + memo)));
        assertThat(result.isError()).as(result.toString()).isFalse();
    }

    private static String table(Map<String, long[]> times) {
        long[] direct = sorted(times.values().iterator().next());
        StringBuilder table = new StringBuilder(String.format("%d calls per path, %d rounds, %s, %d cores%n",
                perRoundTotal(), ROUNDS, Runtime.version(), Runtime.getRuntime().availableProcessors()));
        table.append("| path | p50 ms | p99 ms | added p50 ms | added p99 ms |\n|---|---:|---:|---:|---:|\n");
        times.forEach((name, raw) -> {
            long[] sorted = sorted(raw);
            table.append(String.format("| %s | %.2f | %.2f | %.2f | %.2f |%n", name, ms(percentile(sorted, 50)),
                    ms(percentile(sorted, 99)), ms(percentile(sorted, 50) - percentile(direct, 50)),
                    ms(percentile(sorted, 99) - percentile(direct, 99))));
        });
        return table.toString();
    }

    private static long[] sorted(long[] raw) {
        long[] sorted = Arrays.copyOf(raw, perRoundTotal());
        Arrays.sort(sorted);
        return sorted;
    }

    private static long percentile(long[] sorted, int percent) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * percent / 100.0) - 1)];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
