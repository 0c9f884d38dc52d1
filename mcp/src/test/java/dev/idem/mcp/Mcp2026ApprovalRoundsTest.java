package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Approvals on 2026-07-28 by input rounds, with the SDK's modern client over Streamable HTTP: a
 * call that needs approval is answered with an input round asking the person (who may approve,
 * the tool, the canonical arguments); the re-sent call carries the decision; the round's state is
 * sealed to the intent, key, call and expiry, so a forged state, an answer for another call, an
 * answer replayed after a decline and an expired round are refused, nothing run. Request and
 * decision are in the journal as the Java API records them. In-memory, file and PostgreSQL journals.
 */
class Mcp2026ApprovalRoundsTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<McpSchema.ElicitFormRequest> asked = new CopyOnWriteArrayList<>();
    private Treasury treasury;
    private CallJournal journal;
    private McpHttpServer http;

    static Stream<Arguments> journals() {
        return Journals2026.all();
    }

    private void serve(CallJournal journal, Duration approvalTimeout) {
        this.journal = journal;
        treasury = new Treasury();
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Treasury_ToolSet.of(treasury))).journal(journal).build();
        http = McpHttpServer.start(McpToolServer.builder(executor).approvalTimeout(approvalTimeout).build(), 0);
        open.add(journal);
        open.add(http);
    }

    private McpSyncClient person(McpSchema.ElicitResult answer) {
        return McpClient.sync(HttpClientMcpTransport.builder(http.endpoint()).jsonMapper(McpJson.MAPPER).build())
                .jsonMapper(McpJson.MAPPER).roundTimeout(Duration.ofSeconds(30))
                .formElicitation(request -> {
                    asked.add(request);
                    return answer;
                })
                .build();
    }

    private McpSyncClient noPerson() {
        return McpClient.sync(HttpClientMcpTransport.builder(http.endpoint()).jsonMapper(McpJson.MAPPER).build())
                .jsonMapper(McpJson.MAPPER).roundTimeout(Duration.ofSeconds(30)).build();
    }

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private static Map<String, Object> transfer(long cents) {
        return Map.of("to", "maria", "cents", cents);
    }

    private static McpSchema.ElicitResult answer(String decision, String approver, String reason) {
        return McpSchema.ElicitResult.accept(Map.of("decision", decision, "approver", approver, "reason", reason));
    }

    private static String text(McpSchema.CallToolResult result) {
        StringBuilder all = new StringBuilder();
        result.content().forEach(item -> all.append(((McpSchema.TextContent) item).text()).append('\n'));
        return all.toString();
    }

    private static String key(McpSchema.CallToolResult result) {
        return (String) result.meta().get(McpToolServer.META_PREFIX + "idempotencyKey");
    }

    /** The approval round of a call of the client's intent {@code intent}: asked, not answered yet. */
    private static McpSchema.InputRequiredResult approvalRound(McpSyncClient client, String intent, long cents) {
        return (McpSchema.InputRequiredResult) client.tool("transfer").arguments(transfer(cents))
                .meta(Map.of(McpToolServer.INTENT_ID_META_KEY, intent)).callOnce();
    }

    private static McpSchema.CallToolOutcome answerRound(McpSyncClient client, String intent, long cents,
            String state, McpSchema.ElicitResult answer) {
        return client.tool("transfer").arguments(transfer(cents)).meta(Map.of(McpToolServer.INTENT_ID_META_KEY, intent))
                .requestState(state).inputResponses(Map.of(McpApprovalRounds.APPROVAL_INPUT, answer)).callOnce();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void approvedInAnInputRoundTheCallRunsOnceAndTheJournalHoldsRequestAndDecision(String name,
            Supplier<CallJournal> journals) {
        serve(journals.get(), Duration.ofHours(24));

        McpSchema.CallToolResult result = person(answer("approve", "ana", "invoice 311 checked")).tool("transfer")
                .arguments(transfer(125_000)).call();

        assertThat(result.isError()).as(text(result)).isFalse();
        assertThat(treasury.transfers()).isEqualTo(1);
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).message()).contains("'transfer'").contains("\"cents\":125000").contains("\"to\":\"maria\"")
                .contains("ana").contains("bruno");
        Approvals approvals = Approvals.over(journal);
        ApprovalRequest request = approvals.request(key(result)).orElseThrow();
        assertThat(request.intentId()).isEqualTo(result.meta().get(McpModernCalls.HANDLE_META_KEY));
        ApprovalDecision decision = approvals.decision(key(result)).orElseThrow();
        assertThat(decision.approved()).isTrue();
        assertThat(decision.by()).isEqualTo("ana");
        assertThat(decision.reason()).isEqualTo("invoice 311 checked");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void declinedInAnInputRoundTheCallNeverRunsAndTheModelIsToldWhoAndWhy(String name, Supplier<CallJournal> journals) {
        serve(journals.get(), Duration.ofHours(24));

        McpSchema.CallToolResult result = person(answer("decline", "bruno", "wrong account")).tool("transfer")
                .arguments(transfer(125_000)).call();

        assertThat(result.isError()).isTrue();
        assertThat(text(result)).contains("declined by bruno: wrong account; the tool was NOT executed");
        assertThat(treasury.transfers()).isZero();
        assertThat(Approvals.over(journal).decision(key(result)).orElseThrow().approved()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void anApprovalReplayedAfterADeclineFindsTheDeclineAndNothingRuns(String name, Supplier<CallJournal> journals) {
        serve(journals.get(), Duration.ofHours(24));
        McpSyncClient client = noPerson();
        McpSchema.InputRequiredResult round = approvalRound(person(answer("approve", "ana", "")), "ticket-1", 125_000);

        McpSchema.CallToolResult declined = (McpSchema.CallToolResult) answerRound(client, "ticket-1", 125_000,
                round.requestState(), answer("decline", "bruno", "wrong account"));
        McpSchema.CallToolResult replayed = (McpSchema.CallToolResult) answerRound(client, "ticket-1", 125_000,
                round.requestState(), answer("approve", "ana", "let it through"));

        assertThat(round.inputRequests()).containsKey(McpApprovalRounds.APPROVAL_INPUT);
        assertThat(declined.isError()).isTrue();
        assertThat(replayed.isError()).isTrue();
        assertThat(text(replayed)).contains("declined by bruno: wrong account");
        assertThat(treasury.transfers()).isZero();
        assertThat(Approvals.over(journal).decision(key(replayed)).orElseThrow().approved()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void anApprovalAnswerCannotApproveAnotherCall(String name, Supplier<CallJournal> journals) {
        serve(journals.get(), Duration.ofHours(24));
        McpSyncClient client = noPerson();
        McpSchema.InputRequiredResult small = approvalRound(person(answer("approve", "ana", "")), "ticket-2", 100);

        McpSchema.CallToolResult big = (McpSchema.CallToolResult) answerRound(client, "ticket-2", 9_900_000,
                small.requestState(), answer("approve", "ana", "small one checked"));

        assertThat(big.isError()).isTrue();
        assertThat(text(big)).contains("not asked for this call").contains("NOT executed");
        assertThat(treasury.transfers()).isZero();
        assertThat(Approvals.over(journal).decision(key(big))).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aForgedRoundStateIsRefusedAndNothingRuns(String name, Supplier<CallJournal> journals) {
        serve(journals.get(), Duration.ofHours(24));
        McpSchema.InputRequiredResult round = approvalRound(person(answer("approve", "ana", "")), "ticket-3", 125_000);
        String state = round.requestState();
        String forged = state.substring(0, state.lastIndexOf('.')) + ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

        assertThatThrownBy(() -> answerRound(noPerson(), "ticket-3", 125_000, forged,
                answer("approve", "ana", "forged"))).hasMessageContaining("requestState");
        assertThat(treasury.transfers()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void anExpiredRoundIsRefusedAndTheRequestIsDeclinedByExpiry(String name, Supplier<CallJournal> journals)
            throws Exception {
        serve(journals.get(), Duration.ofMillis(1_500));
        McpSchema.InputRequiredResult round = approvalRound(person(answer("approve", "ana", "")), "ticket-4", 125_000);
        Thread.sleep(2_000);

        assertThatThrownBy(() -> answerRound(noPerson(), "ticket-4", 125_000, round.requestState(),
                answer("approve", "ana", "too late"))).hasMessageContaining("requestState");
        McpSchema.CallToolResult again = noPerson().tool("transfer").arguments(transfer(125_000))
                .meta(Map.of(McpToolServer.INTENT_ID_META_KEY, "ticket-4")).call();

        assertThat(again.isError()).isTrue();
        assertThat(treasury.transfers()).isZero();
        assertThat(Approvals.over(journal).decision(key(again)).orElseThrow().approved()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("journals")
    void aClientWithoutFormsGetsAwaitingApprovalAndADecisionOfRecordAppliesWhenTheCallIsMadeAgain(String name,
            Supplier<CallJournal> journals) {
        serve(journals.get(), Duration.ofHours(24));
        McpSyncClient client = noPerson();
        Map<String, Object> intent = Map.of(McpToolServer.INTENT_ID_META_KEY, "ticket-5");

        McpSchema.CallToolResult waiting = client.tool("transfer").arguments(transfer(125_000)).meta(intent).call();
        Approvals.over(journal).decide(ApprovalDecision.approve(key(waiting), "ana", "checked by phone"));
        McpSchema.CallToolResult madeAgain = client.tool("transfer").arguments(transfer(125_000)).meta(intent).call();

        assertThat(text(waiting)).contains("awaits a person's approval").contains("NOT executed");
        assertThat(madeAgain.isError()).as(text(madeAgain)).isFalse();
        assertThat(treasury.transfers()).isEqualTo(1);
    }
}
