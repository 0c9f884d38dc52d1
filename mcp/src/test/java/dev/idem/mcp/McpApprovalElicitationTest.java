package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A call that needs approval, served by idem-mcp to the SDK's own client over Streamable HTTP on
 * loopback: asked through the client's elicitation when it can, recorded in the journal as the
 * Java API records it, run once when approved, never when declined, never asked twice.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpApprovalElicitationTest {

    private final Treasury treasury = new Treasury();
    private final CallJournal journal = CallJournal.inMemory();
    private final List<McpSchema.ElicitRequest> asked = new CopyOnWriteArrayList<>();
    private volatile Function<McpSchema.ElicitRequest, McpSchema.ElicitResult> person;
    private McpHttpServer http;
    private final List<McpSyncClient> clients = new CopyOnWriteArrayList<>();

    private int transfersBefore;

    @BeforeEach
    void forget() {
        asked.clear();
        transfersBefore = treasury.transfers();
    }

    private int transfers() {
        return treasury.transfers() - transfersBefore;
    }

    @BeforeAll
    void start() {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Treasury_ToolSet.of(treasury))).journal(journal).build();
        http = McpHttpServer.start(McpToolServer.builder(executor).build(), 0);
    }

    @AfterAll
    void stop() {
        clients.forEach(McpSyncClient::closeGracefully);
        http.close();
    }

    private McpSyncClient client(boolean elicitation) {
        McpClient.SyncSpec spec = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
                        .endpoint(McpHttpServer.ENDPOINT).jsonMapper(McpJson.MAPPER).build())
                .requestTimeout(Duration.ofSeconds(30));
        if (elicitation) {
            spec.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
                    .elicitation(request -> {
                        asked.add(request);
                        return person.apply(request);
                    });
        }
        McpSyncClient client = spec.build();
        client.initialize();
        clients.add(client);
        return client;
    }

    private static McpSchema.CallToolResult transfer(McpSyncClient client, String intent) {
        return client.callTool(McpSchema.CallToolRequest.builder("transfer").arguments(Map.of("to", "maria", "cents", 125_000))
                .meta(Map.of(McpToolServer.INTENT_ID_META_KEY, intent)).build());
    }

    private static String key(McpSchema.CallToolResult result) {
        return (String) result.meta().get("dev.idem/idempotencyKey");
    }

    private static McpSchema.ElicitResult answer(String decision, String approver, String reason) {
        return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
                Map.of("decision", decision, "approver", approver, "reason", reason));
    }

    @Test
    void approvedThroughElicitationTheCallRunsOnceAndRequestAndDecisionAreJournaledAsByTheJavaApi() {
        person = request -> answer("approve", "ana", "invoice 311 checked");

        McpSchema.CallToolResult result = transfer(client(true), "ticket-1");

        assertThat(result.isError()).as(McpServerContract.text(result)).isFalse();
        assertThat(transfers()).isEqualTo(1);
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).message()).contains("'transfer'").contains("\"cents\":125000").contains("\"to\":\"maria\"")
                .contains("ana").contains("bruno");
        Approvals approvals = Approvals.over(journal);
        ApprovalRequest request = approvals.request(key(result)).orElseThrow();
        assertThat(request.tool()).isEqualTo("transfer");
        assertThat(request.intentId()).isEqualTo("ticket-1");
        assertThat(request.approvers()).containsExactly("ana", "bruno");
        ApprovalDecision decision = approvals.decision(key(result)).orElseThrow();
        assertThat(decision.approved()).isTrue();
        assertThat(decision.by()).isEqualTo("ana");
        assertThat(decision.reason()).isEqualTo("invoice 311 checked");
    }

    @Test
    void declinedThroughElicitationTheCallNeverRunsAndTheModelIsToldWhoDeclinedAndWhy() {
        person = request -> answer("decline", "bruno", "wrong account");

        McpSchema.CallToolResult result = transfer(client(true), "ticket-2");

        assertThat(result.isError()).isTrue();
        assertThat(McpServerContract.text(result)).contains("declined by bruno: wrong account; the tool was NOT executed");
        assertThat(result.meta()).containsEntry("dev.idem/errorType", "PERMISSION_DENIED");
        assertThat(transfers()).isZero();
        assertThat(Approvals.over(journal).decision(key(result)).orElseThrow().approved()).isFalse();
    }

    @Test
    void clientWithoutElicitationGetsAwaitingApprovalAndThePendingRequestIsDecidedLaterThroughTheJavaApi() {
        McpSyncClient client = client(false);

        McpSchema.CallToolResult waiting = transfer(client, "ticket-3");

        assertThat(waiting.isError()).isTrue();
        assertThat(McpServerContract.text(waiting)).contains("awaits a person's approval").contains("NOT executed");
        assertThat(transfers()).isZero();
        Approvals approvals = Approvals.over(journal);
        assertThat(approvals.request(key(waiting))).isPresent();
        assertThat(approvals.decision(key(waiting))).isEmpty();

        approvals.decide(ApprovalDecision.approve(key(waiting), "ana", "checked by phone"));
        McpSchema.CallToolResult reissued = transfer(client, "ticket-3");

        assertThat(reissued.isError()).as(McpServerContract.text(reissued)).isFalse();
        assertThat(transfers()).isEqualTo(1);
    }

    @Test
    void theAwaitingApprovalAnswerTellsTheModelToMakeTheSameCallAgainOnceApprovedNeverNotToCallIt() {
        McpSyncClient client = client(false);

        String answer = McpServerContract.text(transfer(client, "ticket-6"));

        // The one story the docs tell: the model makes the same call again once a person approved it.
        assertThat(answer).as(answer).doesNotContainIgnoringCase("do not call it again")
                .doesNotContainIgnoringCase("not allowed").contains("same call").contains("made again");
        McpSchema.CallToolResult unchanged = transfer(client, "ticket-6");
        assertThat(McpServerContract.text(unchanged)).as("still undecided: the same answer, nothing run")
                .isEqualTo(answer);
        assertThat(transfers()).isZero();
        Approvals.over(journal).decide(ApprovalDecision.approve(key(unchanged), "ana", "checked"));
        McpSchema.CallToolResult madeAgain = transfer(client, "ticket-6");
        assertThat(madeAgain.isError()).as(McpServerContract.text(madeAgain)).isFalse();
        assertThat(transfers()).isEqualTo(1);
    }

    @Test
    void reissuedCallAfterADecisionReplaysItAndThePersonIsNeverAskedTwice() {
        McpSyncClient client = client(true);
        person = request -> answer("approve", "ana", "ok");
        McpSchema.CallToolResult first = transfer(client, "ticket-4");
        McpSchema.CallToolResult again = transfer(client, "ticket-4");
        person = request -> answer("decline", "bruno", "not this one");
        McpSchema.CallToolResult declined = transfer(client, "ticket-5");
        McpSchema.CallToolResult declinedAgain = transfer(client(true), "ticket-5");

        assertThat(asked).hasSize(2);
        assertThat(transfers()).isEqualTo(1);
        assertThat(McpServerContract.text(again)).isEqualTo(McpServerContract.text(first));
        assertThat(declined.isError()).isTrue();
        assertThat(McpServerContract.text(declinedAgain)).contains("declined by bruno: not this one");
    }
}
