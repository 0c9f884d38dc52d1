package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.mcp.gateway.GatewayEffectsIT.Host;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An upstream that misbehaves as real servers do: it dies after acting, answers twice, answers
 * with a line that is not JSON, or changes its tool list mid-session. The host gets a true answer
 * and the service is paid at most once.
 */
class HostileUpstreamIT {

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
    void anUpstreamThatDiesAfterActingLeavesTheOutcomeUnknownAndItIsNotSentAgain() throws Exception {
        try (Host host = new Host(gateway("die-after-acting", "idem.remote.upstream.tool.pay.timeout-ms=2000\n"))) {
            CallToolResult first = host.pay("m-d", "intent-d");
            CallToolResult again = host.pay("m-d", "intent-d");

            assertThat(first.meta()).as(first.toString()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(again.meta()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(ledger.effects("m-d")).isEqualTo(1);
            assertThat(ledger.calls()).isEqualTo(1);
        }
    }

    @Test
    void anUpstreamThatAnswersTwiceIsHeardOnceAndTheNextCallStillWorks() throws Exception {
        try (Host host = new Host(gateway("answer-twice", null))) {
            CallToolResult first = host.pay("m-t", "intent-t");
            CallToolResult next = host.pay("m-u", "intent-u");

            assertThat(GatewayEffectsIT.text(first)).contains("paid").doesNotContain("paid twice");
            assertThat(next.isError()).as(next.toString()).isFalse();
            assertThat(ledger.effects("m-t")).isEqualTo(1);
            assertThat(ledger.effects("m-u")).isEqualTo(1);
        }
    }

    @Test
    void anUpstreamThatAnswersWithMalformedJsonLeavesTheOutcomeUnknownAndItIsNotSentAgain() throws Exception {
        try (Host host = new Host(gateway("malformed", "idem.remote.upstream.tool.pay.timeout-ms=1500\n"))) {
            CallToolResult first = host.pay("m-j", "intent-j");
            CallToolResult again = host.pay("m-j", "intent-j");

            assertThat(first.isError()).isTrue();
            assertThat(first.meta()).as(first.toString()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(again.meta()).containsEntry("dev.idem/outcomeUnknown", true);
            assertThat(ledger.calls()).isEqualTo(1);
            assertThat(ledger.effects("m-j")).isEqualTo(1);
        }
    }

    @Test
    void anUpstreamThatChangesItsToolsMidSessionNeverGetsACallReplayedAsAnother() throws Exception {
        try (Host host = new Host(gateway("change-tools", null))) {
            CallToolResult paid = host.pay("m-c", "intent-c");
            CallToolResult gone = host.pay("m-e", "intent-e");
            CallToolResult replayed = host.pay("m-c", "intent-c");

            assertThat(paid.isError()).as(paid.toString()).isFalse();
            assertThat(gone.isError()).as("pay is gone upstream: an error, not a retry").isTrue();
            assertThat(GatewayEffectsIT.text(replayed)).isEqualTo(GatewayEffectsIT.text(paid));
            assertThat(ledger.effects("m-c")).isEqualTo(1);
            assertThat(ledger.effects("m-e")).isZero();
            assertThat(ledger.calls()).as("the second pay sent once, never re-sent").isEqualTo(2);
        }
    }

    private List<String> gateway(String modes, String policy) throws Exception {
        List<String> options = List.of("--journal", dir.resolve("journal").toString());
        if (policy != null) {
            Path file = dir.resolve("policy.properties");
            Files.writeString(file, policy);
            options = List.of("--journal", dir.resolve("journal").toString(), "--policy", file.toString());
        }
        return GatewayJar.command(GatewayJar.args(options, GatewayJar.hostileUpstream(ledger, modes)));
    }
}
