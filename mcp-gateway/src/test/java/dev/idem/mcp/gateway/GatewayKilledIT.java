package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.mcp.gateway.GatewayEffectsIT.Host;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway SIGKILLed while its upstream pays, then started again on the same file journal: the
 * host's re-issue of the same intent is never sent again, and the service has paid once.
 */
class GatewayKilledIT {

    @TempDir
    Path dir;

    @Test
    void aGatewayKilledMidCallAndRestartedNeverSendsTheCallAgain() throws Exception {
        try (Ledger ledger = Ledger.start()) {
            List<String> gateway = GatewayJar.command(GatewayJar.args(List.of("--journal", dir.toString(), "--lease", "2"),
                    GatewayJar.hostileUpstream(ledger, "slow")));
            Host first = new Host(gateway);
            CompletableFuture<CallToolResult> lost = CompletableFuture.supplyAsync(() -> first.pay("m-k", "intent-k"));
            awaitCalls(ledger, 1);
            ProcessHandle running = GatewayJar.running().orElseThrow();
            running.destroyForcibly(); // SIGKILL
            running.onExit().get(30, TimeUnit.SECONDS);
            // Gone before it answered: the host's call fails, or waits for an answer that cannot come
            // (the SDK's host fails it only at its 60 s request timeout); either way it never succeeds.
            assertThat(lost).failsWithin(Duration.ofSeconds(2));
            awaitEffects(ledger, "m-k"); // the late effect of the call the killed gateway sent

            try (Host again = new Host(gateway)) {
                CallToolResult reissued = again.pay("m-k", "intent-k");

                assertThat(reissued.isError()).isTrue();
                assertThat(reissued.meta()).containsEntry("dev.idem/outcomeUnknown", true);
            }
            assertThat(ledger.calls()).as("the restarted gateway never sent the call again").isEqualTo(1);
            assertThat(ledger.effects("m-k")).isEqualTo(1);
        }
    }

    static void awaitCalls(Ledger ledger, int calls) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (ledger.calls() < calls && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(ledger.calls()).isGreaterThanOrEqualTo(calls);
    }

    private static void awaitEffects(Ledger ledger, String memo) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ledger.effects(memo) < 1 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
