package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.RetryPolicy;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import java.net.http.HttpTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class AgentEntryPointParityTest {

    private static final FailoverPolicy FAST = FailoverPolicy.builder().overloadBaseMs(1).rateLimitBaseMs(1)
            .transientBaseMs(1).jitterFactor(0).build();

    private static Supplier<ScriptedChatModel> script() {
        return () -> ScriptedChatModel.builder()
                .fail(new ProviderHttpException(503, "{\"error\":{\"message\":\"overloaded\"}}", Map.of()))
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":5"), new ToolCall("c2", "lookup", "{}"),
                        new ToolCall("c3", "pai", "{}"))
                .replyWithToolCalls(new ToolCall("c4", "pay", "{\"cents\":5}"))
                .replyWithText("paid")
                .replyWithToolCalls(new ToolCall("c5", "pay", "{\"cents\":6}"))
                .fail(new HttpTimeoutException("request timed out"))
                .build();
    }

    private record Outcome(List<AgentResult> results, List<String> conversation, int effects) {}

    private static Outcome play(BiFunction<Agent, String, AgentResult> entryPoint) {
        AgentTestTools tools = new AgentTestTools();
        tools.payFailuresLeft.set(1);
        Agent agent = Agent.builder().model(script().get()).tools(tools).failoverPolicy(FAST)
                .retryPolicy(RetryPolicy.builder().initialDelayMs(1).build())
                .modelSleeper(Sleeper.recording(millis -> { })).toolSleeper(millis -> CompletableFuture.completedFuture(null))
                .build();
        AgentResult first = entryPoint.apply(agent, "pay 5");
        AgentResult second = entryPoint.apply(agent, "pay 6");
        return new Outcome(List.of(first, second),
                agent.conversation().stream().map(m -> m.role() + ":" + m.content()).toList(), tools.effects());
    }

    @Test
    void runAndRunAsyncTakeTheSameStepsAndReturnTheSameResults() {
        Outcome sync = play((agent, prompt) -> agent.run(prompt, "intent-" + prompt));
        Outcome async = play((agent, prompt) -> agent.runAsync(prompt, "intent-" + prompt).toCompletableFuture().join());

        assertThat(sync.results()).extracting(AgentResult::status)
                .containsExactly(AgentStatus.ANSWERED, AgentStatus.OUTCOME_UNKNOWN);
        for (int i = 0; i < 2; i++) {
            AgentResult s = sync.results().get(i);
            AgentResult a = async.results().get(i);
            assertThat(a.status()).isEqualTo(s.status());
            assertThat(a.answer()).isEqualTo(s.answer());
            assertThat(a.toolResults()).isEqualTo(s.toolResults());
            assertThat(a.trace()).map(Object::toString).isEqualTo(s.trace().stream().map(Object::toString).toList());
            assertThat(a.usage()).isEqualTo(s.usage());
        }
        assertThat(async.conversation()).isEqualTo(sync.conversation());
        assertThat(async.effects()).isEqualTo(sync.effects()).isEqualTo(2);
    }

    @Test
    void runsOfOneAgentAreSerializedWhicheverEntryPointStartedThem() {
        ScriptedChatModel.Builder builder = ScriptedChatModel.builder();
        for (int i = 0; i < 10; i++) {
            int expectedMessages = 1 + 2 * i; // the runs before this one, each a user message and an answer
            builder.replyWithText("answer " + i)
                    .expecting(request -> assertThat(request.messages()).hasSize(expectedMessages));
        }
        Agent agent = Agent.builder().model(builder.build()).build();
        List<CompletableFuture<AgentResult>> runs = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String prompt = "question " + i;
            runs.add(i % 2 == 0 ? agent.runAsync(prompt).toCompletableFuture()
                    : CompletableFuture.supplyAsync(() -> agent.run(prompt)));
        }
        runs.forEach(run -> run.join().orThrow());
        assertThat(agent.conversation()).hasSize(20);
    }
}
