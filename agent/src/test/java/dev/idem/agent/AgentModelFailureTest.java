package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.failover.FailoverDecision.Reason;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class AgentModelFailureTest {

    private final AgentTestTools tools = new AgentTestTools();
    private final List<Long> modelDelays = new ArrayList<>();

    private Agent.Builder agent(ScriptedChatModel model) {
        return Agent.builder().model(model).tools(tools).modelSleeper(Sleeper.recording(modelDelays::add))
                .toolSleeper(millis -> CompletableFuture.completedFuture(null));
    }

    /** Why each failed model attempt was decided as it was: the kind's name, or the overriding reason's. */
    private static List<String> reasons(AgentResult result) {
        return result.trace().stream().filter(TraceEvent.ModelAttemptFailed.class::isInstance)
                .map(event -> ((TraceEvent.ModelAttemptFailed) event).decision().because()).toList();
    }

    @Test
    void readTimeoutAfterDispatchOnAToolTurnSurfacesAsOutcomeUnknownAndIsNotReplayed() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":700}"))
                .fail(new HttpTimeoutException("request timed out"))
                .build();
        Agent agent = agent(model).build();

        AgentResult result = agent.run("pay 7", "ticket-7");

        assertThat(result.status()).isEqualTo(AgentStatus.OUTCOME_UNKNOWN);
        assertThat(result.error().phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        assertThat(result.error().decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN);
        assertThat(model.stepsPlayed()).isEqualTo(2);
        assertThat(modelDelays).isEmpty();
        // The payment that did happen is reported as the success it was.
        assertThat(result.succeededToolCalls()).hasSize(1);
        assertThat(tools.effects()).isEqualTo(1);
        assertThat(agent.conversation()).isEmpty();
    }

    @Test
    void reRunningTheSameIntentAfterOutcomeUnknownReusesTheIdempotencyKey() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":700}"))
                .fail(new HttpTimeoutException("request timed out"))
                .replyWithToolCalls(new ToolCall("c9", "pay", "{ \"cents\" : 700 }"))
                .replyWithText("paid 7")
                .build();
        Agent agent = agent(model).build();
        assertThat(agent.run("pay 7", "ticket-7").status()).isEqualTo(AgentStatus.OUTCOME_UNKNOWN);

        AgentResult again = agent.run("pay 7", "ticket-7");

        assertThat(again.orThrow()).isEqualTo("paid 7");
        // Same key, so the executor's journal answers the re-issued call: the body does not run again.
        assertThat(tools.payKeys).hasSize(1);
        assertThat(again.succeededToolCalls()).singleElement().satisfies(call -> assertThat(call.replayed()).isTrue());
        assertThat(tools.effects()).isEqualTo(1);
    }

    @Test
    void readTimeoutOnATurnWithoutToolsIsRetried() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .fail(new HttpTimeoutException("request timed out"))
                .replyWithText("hello")
                .build();
        Agent agent = Agent.builder().model(model).modelSleeper(Sleeper.recording(modelDelays::add)).build();

        AgentResult result = agent.run("hi");

        assertThat(result.orThrow()).isEqualTo("hello");
        assertThat(reasons(result)).containsExactly(ErrorKind.IDLE_TIMEOUT.name());
        assertThat(modelDelays).hasSize(1);
        assertThat(result.trace()).last().isInstanceOfSatisfying(TraceEvent.ModelAnswered.class,
                answered -> assertThat(answered.attempt()).isEqualTo(2));
    }

    @Test
    void overloadedModelIsRetriedAfterTheServersHint() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .fail(new ProviderHttpException(503, "{\"error\":{\"message\":\"overloaded\"}}",
                        Map.of("retry-after-ms", List.of("250"))))
                .replyWithText("hello")
                .build();

        AgentResult result = agent(model).build().run("hi");

        assertThat(result.orThrow()).isEqualTo("hello");
        assertThat(modelDelays).containsExactly(250L);
        assertThat(result.trace().get(0)).hasToString(
                "model turn 1 attempt 1 failed: HTTP 503 OVERLOADED (UNKNOWN) -> retry in 250 ms because OVERLOADED"
                        + " [" + ((TraceEvent.ModelAttemptFailed) result.trace().get(0)).failure().message() + "]");
    }

    @Test
    void streamThatMayHaveBeenProcessedOnAToolTurnDoesNotFallBack() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .fail(new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.MAYBE_PROCESSED,
                        "stream ended in the middle of a tool call", null))
                .replyWithText("should never be asked")
                .build();

        AgentResult result = agent(model).streaming(true).build().run("pay 7");

        assertThat(result.status()).isEqualTo(AgentStatus.OUTCOME_UNKNOWN);
        assertThat(model.stepsPlayed()).isEqualTo(1);
    }

    @Test
    void unusableStreamFallsBackToAPlainCall() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .fail(new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                        "the stream carried no choices", null))
                .replyWithText("hello")
                .build();

        AgentResult result = agent(model).streaming(true).build().run("hi");

        assertThat(result.orThrow()).isEqualTo("hello");
        assertThat(reasons(result)).containsExactly(Reason.STREAM_FALLBACK.name());
    }

    @Test
    void permanentModelFailureComesBackAsFailedResultNotAsAnException() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .fail(new ProviderHttpException(404, "{\"error\":{\"message\":\"The model does not exist\","
                        + "\"code\":\"model_not_found\"}}", Map.of()))
                .build();

        AgentResult result = agent(model).failoverPolicy(FailoverPolicy.DEFAULT).build().run("hi");

        assertThat(result.status()).isEqualTo(AgentStatus.FAILED);
        assertThat(result.error().kind()).isEqualTo(ErrorKind.MODEL_NOT_FOUND);
        assertThat(result.error().decision().action()).isEqualTo(FailoverDecision.Action.SURFACE_ERROR);
        assertThatThrownBy(result::orThrow).isInstanceOf(ModelCallException.class);
    }
}
