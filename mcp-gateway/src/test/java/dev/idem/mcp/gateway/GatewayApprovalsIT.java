package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * An upstream tool the operator's policy makes wait for a person ({@code requires-approval=true}),
 * behind the gateway jar, effects counted at the {@link Ledger}: the person is asked in the host
 * (elicitation on 2025-11-25, an input round on 2026-07-28) or decides with the journal command
 * line ({@code java -jar idem-cli.jar journal approvals|decide} on the PostgreSQL journal the
 * running gateway shares). Approved: paid once, a re-issue replayed; declined or undecided: paid never.
 */
class GatewayApprovalsIT {

    private static final String PAY_NEEDS_APPROVAL = "idem.remote.upstream.tool.pay.requires-approval=true\n";
    private static EmbeddedPostgres postgres;

    @TempDir
    Path dir;

    private Ledger ledger;
    private final List<String> asked = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    @BeforeEach
    void start() throws Exception {
        ledger = Ledger.start();
    }

    @AfterEach
    void stop() {
        ledger.close();
    }

    @Test
    void approvedInTheHostsElicitationTheCallRunsOnceAndItsReissueIsReplayed() throws Exception {
        McpSyncClient host = elicitingHost(gateway(fileJournal()), "approve", "ana", "invoice 311 checked");
        try {
            CallToolResult paid = pay(host, "m-1", "intent-1");

            assertThat(paid.isError()).as(GatewayEffectsIT.text(paid)).isFalse();
            assertThat(ledger.effects("m-1")).isEqualTo(1);
            assertThat(asked).hasSize(1);
            assertThat(asked.get(0)).contains("'pay'").contains("\"memo\":\"m-1\"");

            CallToolResult again = pay(host, "m-1", "intent-1");

            assertThat(GatewayEffectsIT.text(again)).isEqualTo(GatewayEffectsIT.text(paid));
            assertThat(asked).as("a decided call: nobody is asked twice").hasSize(1);
            assertThat(ledger.calls()).as("the re-issue never reached the upstream").isEqualTo(1);
            assertThat(ledger.effects("m-1")).isEqualTo(1);
        } finally {
            host.closeGracefully();
        }
    }

    @Test
    void declinedInTheHostsElicitationTheCallNeverRunsAndTheModelIsToldSo() throws Exception {
        McpSyncClient host = elicitingHost(gateway(fileJournal()), "decline", "bruno", "wrong account");
        try {
            CallToolResult declined = pay(host, "m-2", "intent-2");

            assertThat(declined.isError()).isTrue();
            assertThat(GatewayEffectsIT.text(declined)).contains("declined by bruno: wrong account")
                    .contains("NOT executed");
            assertThat(declined.meta()).containsEntry("dev.idem/errorType", "PERMISSION_DENIED");
            CallToolResult again = pay(host, "m-2", "intent-2");
            assertThat(GatewayEffectsIT.text(again)).contains("declined by bruno");
            assertThat(ledger.calls()).isZero();
            assertThat(ledger.effects("m-2")).isZero();
        } finally {
            host.closeGracefully();
        }
    }

    @Test
    void aHostWithoutElicitationWaitsAndTheJournalCommandLineDecidesWhileTheGatewayRuns() throws Exception {
        String journal = postgres.getJdbcUrl("postgres", "postgres");
        McpSyncClient host = GatewayJar.host(gateway(List.of("--journal", journal, "--user", "postgres",
                "--table", "idem_gateway_approvals")));
        try {
            CallToolResult waiting = pay(host, "m-3", "intent-3");

            assertThat(waiting.isError()).isTrue();
            assertThat(GatewayEffectsIT.text(waiting)).contains("awaits a person's approval").contains("NOT executed");
            assertThat(waiting.meta()).containsEntry("dev.idem/errorType", "PERMISSION_DENIED");
            assertThat(ledger.effects("m-3")).isZero();
            String key = (String) waiting.meta().get("dev.idem/idempotencyKey");

            Run pending = cli("journal", "approvals", journal, "--user", "postgres", "--table", "idem_gateway_approvals");
            assertThat(pending.status).as(pending.toString()).isZero();
            assertThat(pending.out).contains(key + "\tpay\tintent-3\t").contains("\"memo\":\"m-3\"")
                    .contains("1 awaiting approval");
            CallToolResult undecided = pay(host, "m-3", "intent-3");
            assertThat(GatewayEffectsIT.text(undecided)).as("made again undecided: the same answer")
                    .isEqualTo(GatewayEffectsIT.text(waiting));
            assertThat(ledger.calls()).isZero();

            Run decide = cli("journal", "decide", journal, key, "approve", "--by", "ana", "--why", "invoice 311 checked",
                    "--user", "postgres", "--table", "idem_gateway_approvals");
            assertThat(decide.status).as(decide.toString()).isZero();

            CallToolResult paid = pay(host, "m-3", "intent-3");
            assertThat(paid.isError()).as(GatewayEffectsIT.text(paid)).isFalse();
            assertThat(ledger.effects("m-3")).isEqualTo(1);
            CallToolResult again = pay(host, "m-3", "intent-3");
            assertThat(GatewayEffectsIT.text(again)).isEqualTo(GatewayEffectsIT.text(paid));
            assertThat(ledger.calls()).isEqualTo(1);
            assertThat(ledger.effects("m-3")).isEqualTo(1);
        } finally {
            host.closeGracefully();
        }
    }

    @Test
    void aCallNobodyDecidesWithinTheApprovalTimeoutIsDeclinedByExpiryAndALateApprovalIsRefused() throws Exception {
        String journal = postgres.getJdbcUrl("postgres", "postgres");
        List<String> options = List.of("--journal", journal, "--user", "postgres", "--table", "idem_gateway_expiry",
                "--approval-timeout", "2");
        McpSyncClient host = GatewayJar.host(gateway(options));
        try {
            CallToolResult waiting = pay(host, "m-5", "intent-5");
            assertThat(GatewayEffectsIT.text(waiting)).contains("awaits a person's approval");
            String key = (String) waiting.meta().get("dev.idem/idempotencyKey");
            Thread.sleep(2_500);

            CallToolResult expired = pay(host, "m-5", "intent-5");
            assertThat(expired.isError()).isTrue();
            assertThat(GatewayEffectsIT.text(expired)).contains("declined by expiry").contains("NOT executed");
            Run late = cli("journal", "decide", journal, key, "approve", "--by", "ana", "--why", "too late",
                    "--user", "postgres", "--table", "idem_gateway_expiry");
            assertThat(late.status).as(late.toString()).isEqualTo(1);
            CallToolResult again = pay(host, "m-5", "intent-5");
            assertThat(GatewayEffectsIT.text(again)).contains("declined by expiry");
            assertThat(ledger.calls()).isZero();
            assertThat(ledger.effects("m-5")).isZero();
        } finally {
            host.closeGracefully();
        }
    }

    @Test
    void aHostOn20260728OverHttpIsAskedInAnInputRoundAndTheApprovedCallRunsOnce() throws Exception {
        List<String> options = new ArrayList<>(fileJournal());
        options.addAll(List.of("--http", "0"));
        Process gateway = new ProcessBuilder(gateway(options)).start();
        try {
            URI endpoint = GatewayJar.httpEndpoint(gateway);
            JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(JsonMapper.builder().build());
            io.modelcontextprotocol.modern.client.McpSyncClient host = io.modelcontextprotocol.modern.client.McpClient
                    .sync(HttpClientMcpTransport.builder(endpoint).jsonMapper(json).build())
                    .jsonMapper(json).roundTimeout(Duration.ofSeconds(60))
                    .formElicitation(request -> {
                        asked.add(request.message());
                        return io.modelcontextprotocol.modern.McpSchema.ElicitResult.accept(Map.of("decision", "approve",
                                "approver", "ana", "reason", "invoice 311 checked"));
                    })
                    .build();
            io.modelcontextprotocol.modern.McpSchema.CallToolResult paid = host.tool("pay")
                    .arguments(Map.of("memo", "m-4")).meta(Map.of("dev.idem/intentId", "intent-4")).call();

            assertThat(paid.isError()).as(paid.toString()).isFalse();
            assertThat(asked).hasSize(1);
            assertThat(asked.get(0)).contains("'pay'").contains("\"memo\":\"m-4\"");
            assertThat(ledger.effects("m-4")).isEqualTo(1);

            io.modelcontextprotocol.modern.McpSchema.CallToolResult again = host.tool("pay")
                    .arguments(Map.of("memo", "m-4")).meta(Map.of("dev.idem/intentId", "intent-4")).call();
            assertThat(again.isError()).as(again.toString()).isFalse();
            assertThat(asked).as("a decided call: nobody is asked twice").hasSize(1);
            assertThat(ledger.calls()).isEqualTo(1);
            assertThat(ledger.effects("m-4")).isEqualTo(1);
        } finally {
            gateway.destroyForcibly();
        }
    }

    private List<String> fileJournal() {
        return List.of("--journal", dir.resolve("journal").toString());
    }

    /** The gateway on a {@link HostileUpstream} that pays honestly, {@code pay} needing approval. */
    private List<String> gateway(List<String> journal) throws Exception {
        Path policy = dir.resolve("policy.properties");
        Files.writeString(policy, PAY_NEEDS_APPROVAL);
        List<String> options = new ArrayList<>(journal);
        options.addAll(List.of("--policy", policy.toString()));
        return GatewayJar.command(GatewayJar.args(options, GatewayJar.hostileUpstream(ledger, "honest")));
    }

    /** A host that declares elicitation, whose person answers every form with {@code decision}. */
    private McpSyncClient elicitingHost(List<String> command, String decision, String approver, String reason) {
        return GatewayJar.host(command, spec -> spec
                .capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
                .elicitation(request -> {
                    asked.add(request.message());
                    return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
                            Map.of("decision", decision, "approver", approver, "reason", reason));
                }));
    }

    private static CallToolResult pay(McpSyncClient host, String memo, String intentId) {
        return host.callTool(new CallToolRequest("pay", Map.of("memo", memo), Map.of("dev.idem/intentId", intentId)));
    }

    private static Run cli(String... args) throws Exception {
        Path out = Files.createTempFile("idem-cli", ".out");
        Path err = Files.createTempFile("idem-cli", ".err");
        try {
            Process process = new ProcessBuilder(GatewayJar.cli(args)).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("java -jar idem-cli.jar " + List.of(args) + " did not end in 120 s");
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private record Run(int status, String out, String err) {
        @Override
        public String toString() {
            return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
