package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatMessage.Role;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.RetryPolicy;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class AgentToolCallTest {

    private final AgentTestTools tools = new AgentTestTools();
    private final List<Long> toolDelays = new ArrayList<>();

    private Agent.Builder agent(ScriptedChatModel model) {
        return Agent.builder().model(model).tools(tools).modelSleeper(Sleeper.recording(millis -> { }))
                .toolSleeper(millis -> {
                    toolDelays.add(millis);
                    return CompletableFuture.completedFuture(null);
                });
    }

    @Test
    void malformedArgumentsReachTheModelAsAToolErrorAndTheToolDoesNotRun() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\": 12"))
                .replyWithToolCalls(new ToolCall("c2", "pay", "{\"cents\": 12}"))
                .expecting(request -> {
                    ChatMessage last = request.lastMessage();
                    assertThat(last.role()).isEqualTo(Role.TOOL);
                    assertThat(last.error()).isTrue();
                    assertThat(last.content()).contains("could not be parsed as JSON", "NOT executed");
                    assertThat(tools.payRuns).hasValue(0);
                })
                .replyWithText("paid")
                .build();

        AgentResult result = agent(model).build().run("pay 12");

        assertThat(result.orThrow()).isEqualTo("paid");
        assertThat(result.toolResults()).extracting(ToolResult::errorType)
                .containsExactly(ErrorType.MALFORMED_ARGUMENTS, null);
        assertThat(result.toolResults().get(0).attempts()).isZero();
        assertThat(tools.payRuns).hasValue(1);
        assertThat(tools.effects()).isEqualTo(1);
    }

    @Test
    void unknownToolNameGetsDidYouMeanAndNothingRuns() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "payy", "{\"cents\": 12}"))
                .replyWithText("sorry")
                .expecting(request -> assertThat(request.lastMessage().content()).contains("did you mean 'pay'"))
                .build();

        AgentResult result = agent(model).build().run("pay 12");

        assertThat(result.toolResults()).singleElement()
                .satisfies(r -> assertThat(r.errorType()).isEqualTo(ErrorType.TOOL_NOT_FOUND));
        assertThat(tools.payRuns).hasValue(0);
        assertThat(tools.lookupRuns).hasValue(0);
    }

    @Test
    void toolCallsOfOneTurnRunInTheModelsOrderAndResultsGoBackInThatOrder() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "lookup", "{\"q\":\"a\"}"), new ToolCall("c2", "pay", "{\"cents\":1}"),
                        new ToolCall("c3", "lookup", "{\"q\":\"b\"}"))
                .replyWithText("done")
                .expecting(request -> assertThat(request.messages().subList(2, 5))
                        .extracting(ChatMessage::toolCallId).containsExactly("c1", "c2", "c3"))
                .build();

        AgentResult result = agent(model).build().run("go");

        assertThat(result.toolResults()).extracting(ToolResult::callId).containsExactly("c1", "c2", "c3");
        assertThat(result.trace()).filteredOn(TraceEvent.ToolFinished.class::isInstance)
                .extracting(event -> ((TraceEvent.ToolFinished) event).result().callId())
                .containsExactly("c1", "c2", "c3");
    }

    @Test
    void consecutiveReadOnlyCallsRunConcurrentlyWhenAllowedAndResultsKeepCallOrder() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "slowLookup", "{\"q\":\"a\"}"),
                        new ToolCall("c2", "slowLookup", "{\"q\":\"b\"}"))
                .replyWithText("done")
                .expecting(request -> assertThat(request.messages()).filteredOn(m -> m.role() == Role.TOOL)
                        .extracting(ChatMessage::content).containsExactly("slowly found a", "slowly found b"))
                .build();

        AgentResult result = agent(model).concurrentReadOnlyTools(true).build().run("find a and b");

        assertThat(result.orThrow()).isEqualTo("done");
        assertThat(tools.maxConcurrentLookups).hasValue(2);
    }

    @Test
    void readOnlyCallsRunOneAfterTheOtherUnlessConcurrencyIsAllowed() {
        tools.lookupsStarted.countDown(); // the first lookup alone must not wait for a partner
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "slowLookup", "{\"q\":\"a\"}"),
                        new ToolCall("c2", "slowLookup", "{\"q\":\"b\"}"))
                .replyWithText("done")
                .build();

        agent(model).build().run("find a and b").orThrow();

        assertThat(tools.maxConcurrentLookups).hasValue(1);
    }

    @Test
    void toolRetriesAndTheirDelaysAppearInTheTraceOfTheRunThatCausedThem() {
        tools.payFailuresLeft.set(2);
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":5}"))
                .replyWithText("paid")
                .build();
        RetryPolicy policy = RetryPolicy.builder().maxAttempts(3).initialDelayMs(100).build();

        AgentResult result = agent(model).retryPolicy(policy).build().run("pay 5", "ticket-1");

        assertThat(result.trace()).filteredOn(TraceEvent.ToolRetried.class::isInstance)
                .extracting(event -> ((TraceEvent.ToolRetried) event).delayMs()).containsExactly(100L, 200L);
        assertThat(toolDelays).containsExactly(100L, 200L);
        assertThat(result.toolResults()).singleElement().satisfies(r -> assertThat(r.attempts()).isEqualTo(3));
        assertThat(tools.effects()).isEqualTo(1);
        assertThat(tools.payKeys).hasSize(3).containsOnly(tools.payKeys.get(0));
    }

    @Test
    void toolRetryWaitsTheServicesRetryAfterHintWhenItIsLongerThanTheBackoff() {
        tools.payFailuresLeft.set(1);
        tools.payRetryAfterMs = 700;
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":5}"))
                .replyWithText("paid")
                .build();
        RetryPolicy policy = RetryPolicy.builder().maxAttempts(3).initialDelayMs(100).build();

        agent(model).retryPolicy(policy).build().run("pay 5").orThrow();

        assertThat(toolDelays).containsExactly(700L);
        assertThat(tools.effects()).isEqualTo(1);
    }

    @Test
    void runStopsAtMaxModelTurnsAndKeepsWhatItDid() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "lookup", "{\"q\":\"a\"}"))
                .replyWithToolCalls(new ToolCall("c2", "lookup", "{\"q\":\"b\"}"))
                .build();
        Agent agent = agent(model).maxModelTurns(2).build();

        AgentResult result = agent.run("loop");

        assertThat(result.status()).isEqualTo(AgentStatus.LIMIT_REACHED);
        assertThat(result.limit()).contains("maxModelTurns");
        assertThat(result.toolResults()).hasSize(2);
        assertThat(agent.conversation().get(agent.conversation().size() - 1).role()).isEqualTo(Role.TOOL);
    }

    @Test
    void turnThatWouldExceedMaxToolCallsRunsNoneOfItsCalls() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":1}"))
                .replyWithToolCalls(new ToolCall("c2", "pay", "{\"cents\":2}"), new ToolCall("c3", "pay", "{\"cents\":3}"))
                .build();
        Agent agent = agent(model).maxToolCalls(2).build();

        AgentResult result = agent.run("pay a lot");

        assertThat(result.status()).isEqualTo(AgentStatus.LIMIT_REACHED);
        assertThat(result.limit()).contains("maxToolCalls");
        assertThat(tools.payRuns).hasValue(1);
        assertThat(agent.conversation()).noneMatch(m -> m.toolCalls().stream().anyMatch(c -> c.id().equals("c2")));
    }
}
