package dev.idem.agent;

import dev.idem.state.StateStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatMessage.Role;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.llm.Usage;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentConversationTest {

    private static final ProviderHttpException BAD_KEY = new ProviderHttpException(401,
            "{\"error\":{\"message\":\"Incorrect API key\",\"code\":\"invalid_api_key\"}}", Map.of());

    private static Agent.Builder agent(ScriptedChatModel model) {
        return Agent.builder().instructions("be brief").model(model).tools(new AgentTestTools())
                .modelSleeper(Sleeper.recording(millis -> { })).toolSleeper(millis -> CompletableFuture.completedFuture(null));
    }

    @Test
    void failedRunRollsTheConversationBackToItsPreRunState() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithText("hello")
                .replyWithToolCalls(new ToolCall("c1", "lookup", "{\"q\":\"x\"}"))
                .fail(BAD_KEY)
                .build();
        Agent agent = agent(model).build();
        agent.run("hi").orThrow();
        List<ChatMessage> before = agent.conversation();

        AgentResult failed = agent.run("look x up");

        assertThat(failed.status()).isEqualTo(AgentStatus.FAILED);
        assertThat(failed.toolResults()).hasSize(1).allMatch(r -> r.success());
        assertThat(agent.conversation()).isEqualTo(before);
    }

    @Test
    void failedAsyncRunRollsTheConversationBackToo() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithText("hello")
                .replyWithToolCalls(new ToolCall("c1", "lookup", "{\"q\":\"x\"}"))
                .fail(BAD_KEY)
                .build();
        Agent agent = agent(model).build();
        agent.runAsync("hi").toCompletableFuture().join().orThrow();
        List<ChatMessage> before = agent.conversation();

        AgentResult failed = agent.runAsync("look x up").toCompletableFuture().join();

        assertThat(failed.status()).isEqualTo(AgentStatus.FAILED);
        assertThat(agent.conversation()).isEqualTo(before);
    }

    @Test
    void answeredRunsAreKeptAndSentOnTheNextRun() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithText("hello")
                .replyWithText("again")
                .expecting(request -> assertThat(request.messages()).extracting(ChatMessage::content)
                        .containsExactly("be brief", "hi", "hello", "and again"))
                .build();
        Agent agent = agent(model).build();
        agent.run("hi").orThrow();
        assertThat(agent.run("and again").orThrow()).isEqualTo("again");
        assertThat(agent.conversation()).hasSize(4);
    }

    @Test
    void windowNeverStartsTheRetainedTailOnAToolResultWhoseCallWasCut() {
        List<ChatMessage> messages = List.of(
                ChatMessage.user("pay twice"),
                ChatMessage.assistant("", List.of(new ToolCall("a", "pay", "{}"), new ToolCall("b", "pay", "{}"))),
                ChatMessage.toolResult("a", "pay", "ok"),
                ChatMessage.toolResult("b", "pay", "ok"),
                ChatMessage.assistant("paid"));

        for (int max = 1; max <= messages.size(); max++) {
            List<ChatMessage> kept = ConversationWindow.ofMessages(max).apply(messages);
            assertThat(kept).isNotEmpty();
            assertThat(kept.get(0).role()).isNotEqualTo(Role.TOOL);
            assertThat(kept).isEqualTo(messages.subList(messages.size() - kept.size(), messages.size()));
        }
        for (long tokens = 1; tokens <= 20; tokens++) {
            List<ChatMessage> kept = ConversationWindow.ofTokens(tokens).apply(messages.subList(0, 4));
            assertThat(kept.get(0).role()).isNotEqualTo(Role.TOOL);
        }
    }

    @Test
    void trimmedRequestsKeepToolPairsAndTheSystemMessage() {
        List<ChatRequest> seen = new ArrayList<>();
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "lookup", "{\"q\":\"a\"}"), new ToolCall("c2", "lookup", "{\"q\":\"b\"}"))
                .replyWithText("done").expecting(seen::add)
                .replyWithText("next").expecting(seen::add)
                .build();
        Agent agent = agent(model).window(ConversationWindow.ofMessages(3)).build();
        agent.run("look up a and b").orThrow();
        agent.run("more").orThrow();

        for (ChatRequest request : seen) {
            assertThat(request.messages().get(0).role()).isEqualTo(Role.SYSTEM);
            assertThat(request.messages().get(1).role()).isNotEqualTo(Role.TOOL);
            assertThat(pairedToolResults(request.messages())).isTrue();
        }
        assertThat(agent.conversation().get(0).role()).isNotEqualTo(Role.TOOL);
    }

    @Test
    void usageIsAttributedToTheAgentThatSpentItWhenAgentsShareOneModelAcrossThreads() throws Exception {
        int agents = 3;
        int runsPerAgent = 8;
        ScriptedChatModel.Builder script = ScriptedChatModel.builder();
        for (int i = 0; i < agents * runsPerAgent; i++) {
            // Each answer's size depends on who asked, so a mix-up would change the sums.
            script.replyWith(request -> ChatMessage.assistant("answer for " + request.messages().get(0).content()
                    + "!".repeat(request.messages().get(0).content().length())));
        }
        ScriptedChatModel shared = script.build();
        List<Agent> all = new ArrayList<>();
        for (int a = 0; a < agents; a++) {
            all.add(Agent.builder().name("agent-" + a).instructions("agent number " + "x".repeat(a * 40))
                    .model(shared).build());
        }
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try {
            List<Future<AgentResult>> runs = new ArrayList<>();
            for (int r = 0; r < runsPerAgent; r++) {
                for (Agent agent : all) {
                    runs.add(threads.submit(() -> agent.run("hello")));
                }
            }
            for (Future<AgentResult> run : runs) {
                run.get().orThrow();
            }
        } finally {
            threads.shutdownNow();
        }

        for (Agent agent : all) {
            Usage expected = Usage.ZERO;
            for (ChatRequest request : shared.requests()) {
                String system = request.messages().get(0).content();
                if (system.equals(systemOf(agent, all))) {
                    ChatMessage answer = ChatMessage.assistant("answer for " + system + "!".repeat(system.length()));
                    expected = expected.plus(ScriptedChatModel.estimateUsage(request, answer));
                }
            }
            assertThat(agent.usage()).isEqualTo(expected);
            assertThat(agent.usage().totalTokens()).isPositive();
        }
        Usage sum = all.stream().map(Agent::usage).reduce(Usage.ZERO, Usage::plus);
        Usage total = Usage.ZERO;
        for (ChatRequest request : shared.requests()) {
            String system = request.messages().get(0).content();
            total = total.plus(ScriptedChatModel.estimateUsage(request,
                    ChatMessage.assistant("answer for " + system + "!".repeat(system.length()))));
        }
        assertThat(sum).isEqualTo(total);
    }

    @Test
    void savedConversationIsRestoredIntoAnotherAgent(@TempDir Path directory) {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "lookup", "{\"q\":\"a\"}"))
                .replyWithText("found it")
                .replyWithText("still here")
                .expecting(request -> assertThat(request.messages()).extracting(ChatMessage::role)
                        .containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.USER))
                .build();
        StateStore store = StateStore.open(directory);
        Agent first = agent(model).name("travel").build();
        first.run("look a up").orThrow();
        first.saveConversation(store, "conversation-travel");

        Agent second = agent(model).name("travel").build();
        assertThat(second.restoreConversation(store, "conversation-travel")).isTrue();
        assertThat(second.conversation()).isEqualTo(first.conversation());
        assertThat(second.run("are you there?").orThrow()).isEqualTo("still here");
        assertThat(second.restoreConversation(store, "no-such-document")).isFalse();
    }

    private static String systemOf(Agent agent, List<Agent> all) {
        return "agent number " + "x".repeat(all.indexOf(agent) * 40);
    }

    private static boolean pairedToolResults(List<ChatMessage> messages) {
        List<String> open = new ArrayList<>();
        for (ChatMessage message : messages) {
            if (message.role() == Role.ASSISTANT) {
                message.toolCalls().forEach(call -> open.add(call.id()));
            } else if (message.role() == Role.TOOL && !open.remove(message.toolCallId())) {
                return false;
            }
        }
        return true;
    }
}
