package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import dev.idem.generated.Binding;
import dev.idem.journal.CallJournal;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolSet;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Durable agent runs: model answers are journaled per (intent, turn) next to the tool calls, so
 * the same run after a crash replays what it got and continues where it stopped. A "crash" here
 * abandons a run blocked inside a tool body and closes its file journal; the "restarted process" is
 * a new agent with a new model client on the reopened directory.
 */
class DurableAgentRunTest {

    enum Entry {
        SYNC, ASYNC;

        AgentResult run(Agent agent, String prompt, String intentId) {
            if (this == SYNC) {
                return agent.run(prompt, intentId);
            }
            try {
                return agent.runAsync(prompt, intentId).toCompletableFuture().get(20, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new AssertionError(e);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    @TempDir
    Path work;

    private final Effects effects = new Effects();
    private final List<CallJournal> journals = new ArrayList<>();

    @AfterEach
    void release() {
        effects.release.countDown();
        journals.forEach(CallJournal::close);
    }

    private CallJournal journal() {
        CallJournal journal = FileCallJournal.builder(work.resolve("journal")).open();
        journals.add(journal);
        return journal;
    }

    private Agent agent(ScriptedChatModel model, CallJournal journal) {
        return Agent.builder().name("payments").instructions("You pay bills.").model(model).tools(effects)
                .modelSleeper(Sleeper.recording(millis -> { }))
                .journal(JournalSettings.of(journal).withInFlightWait(Duration.ofMillis(200)))
                .build();
    }

    /** Runs {@code agent} until a tool body blocks, then abandons it and closes its journal: a crash. */
    private void crashInsideTheBody(Agent agent, CallJournal journal, String prompt, String intentId) throws Exception {
        effects.blockOn.set(2);
        CompletableFuture.runAsync(() -> {
            try {
                agent.run(prompt, intentId);
            } catch (RuntimeException e) {
                // the journal closed under it: the process is "dead" anyway
            }
        });
        assertThat(effects.blocked.await(10, TimeUnit.SECONDS)).as("second body started").isTrue();
        journal.close();
        effects.blockOn.set(0);
    }

    @ParameterizedTest
    @EnumSource(Entry.class)
    void restartedRunReplaysRecordedTurnsReDrivesTheLostIdempotentCallAndAsksOnlyTheRest(Entry entry) throws Exception {
        CallJournal before = journal();
        ScriptedChatModel first = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":1200}"))
                .replyWithToolCalls(new ToolCall("c2", "pay", "{\"cents\":800}"))
                .build();
        crashInsideTheBody(agent(first, before), before, "pay both bills", "ticket-7");

        ScriptedChatModel second = ScriptedChatModel.builder()
                .replyWithText("both paid")
                .expecting(request -> assertThat(request.messages()).extracting(ChatMessage::role).containsExactly(
                        ChatMessage.Role.SYSTEM, ChatMessage.Role.USER, ChatMessage.Role.ASSISTANT, ChatMessage.Role.TOOL,
                        ChatMessage.Role.ASSISTANT, ChatMessage.Role.TOOL))
                .build();
        AgentResult result = entry.run(agent(second, journal()), "pay both bills", "ticket-7");

        assertThat(result.orThrow()).isEqualTo("both paid");
        assertThat(second.requests()).as("turns 1 and 2 came from the journal").hasSize(1);
        assertThat(result.trace()).filteredOn(TraceEvent.ModelAnswerReplayed.class::isInstance).hasSize(2);
        assertThat(result.toolResults()).extracting(ToolResult::replayed).containsExactly(true, false);
        assertThat(effects.runs("pay")).as("1200 once, 800 started before the crash and re-driven").isEqualTo(3);
        assertThat(effects.keys.get("pay")).element(2).isEqualTo(effects.keys.get("pay").get(1));
        assertThat(effects.effectsPerKey.values()).containsOnly(1);
    }

    @Test
    void nonIdempotentCallStartedBeforeTheCrashIsNotRunAgainAndTheModelLearnsItsOutcomeIsUnknown() throws Exception {
        CallJournal before = journal();
        ScriptedChatModel first = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":1200}"))
                .replyWithToolCalls(new ToolCall("c2", "email", "{\"to\":\"ana@example.com\"}"))
                .build();
        crashInsideTheBody(agent(first, before), before, "pay and tell Ana", "ticket-8");

        ScriptedChatModel second = ScriptedChatModel.builder()
                .replyWithText("paid; the e-mail may have gone out")
                .expecting(request -> assertThat(request.lastMessage().content()).contains("OUTCOME_UNKNOWN")
                        .contains("NOT run again"))
                .build();
        AgentResult result = agent(second, journal()).run("pay and tell Ana", "ticket-8");

        assertThat(result.answered()).isTrue();
        assertThat(effects.runs("email")).as("started once, before the crash").isEqualTo(1);
        ToolResult email = result.toolResults().get(1);
        assertThat(email.errorType()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(email.outcomeUnknown()).isTrue();
    }

    @Test
    void userRetryAfterAnUnknownModelOutcomeReplaysAnsweredTurnsAndAsksOnlyTheFailedOne() {
        CallJournal journal = journal();
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"cents\":1200}"))
                .fail(new HttpTimeoutException("request timed out"))
                .replyWithText("paid")
                .build();
        Agent agent = agent(model, journal);

        AgentResult failed = agent.run("pay the bill", "ticket-9");
        AgentResult retried = agent.run("pay the bill", "ticket-9");

        assertThat(failed.status()).isEqualTo(AgentStatus.OUTCOME_UNKNOWN);
        assertThat(retried.orThrow()).isEqualTo("paid");
        assertThat(model.requests()).as("turn 1 once, turn 2 twice").hasSize(3);
        assertThat(effects.runs("pay")).isEqualTo(1);
        assertThat(retried.toolResults()).singleElement().satisfies(r -> assertThat(r.replayed()).isTrue());
    }

    @Test
    void sameIntentIdForAnotherRequestIsRefused() {
        CallJournal journal = journal();
        agent(ScriptedChatModel.builder().replyWithText("ok").build(), journal).run("pay 1", "ticket-10");

        Agent other = agent(ScriptedChatModel.builder().replyWithText("ok").build(), journal);

        assertThatThrownBy(() -> other.run("pay 2", "ticket-10")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'ticket-10' was already used for another request");
        assertThat(effects.runs("pay")).isZero();
    }

    @Test
    void runStillInFlightElsewhereIsNotStartedAgain() throws Exception {
        CallJournal journal = journal();
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        ScriptedChatModel slow = ScriptedChatModel.builder().replyWith(request -> {
            asked.countDown();
            try {
                answer.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ChatMessage.assistant("first");
        }).build();
        CompletableFuture<AgentResult> running = CompletableFuture.supplyAsync(
                () -> agent(slow, journal).run("pay", "ticket-11"));
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();

        ScriptedChatModel other = ScriptedChatModel.builder().replyWithText("second").build();
        assertThatThrownBy(() -> agent(other, journal).run("pay", "ticket-11"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is running elsewhere")
                .hasMessageContaining("NOT started again");
        answer.countDown();

        assertThat(running.get(10, TimeUnit.SECONDS).orThrow()).isEqualTo("first");
        assertThat(other.requests()).isEmpty();
        assertThat(agent(other, journal).run("pay", "ticket-11").orThrow()).as("replayed").isEqualTo("first");
    }

    @Test
    void modelCallLongerThanTheLeaseKeepsItsTurnAndTheOtherReplicaReplaysItsAnswer() throws Exception {
        CallJournal shared = CallJournal.inMemory(); // one database, two replicas
        Duration lease = Duration.ofMillis(500);
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        ScriptedChatModel slow = ScriptedChatModel.builder().replyWith(request -> {
            asked.countDown();
            try {
                answer.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ChatMessage.assistant("first");
        }).build();
        Agent replicaA = Agent.builder().name("payments").instructions("You pay bills.").model(slow).tools(effects)
                .journal(JournalSettings.of(shared).withOwner("replica-a").withLease(lease)).build();
        CompletableFuture<AgentResult> running = CompletableFuture.supplyAsync(() -> replicaA.run("pay", "ticket-12"));
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();

        ScriptedChatModel other = ScriptedChatModel.builder().replyWithText("second").build();
        Agent replicaB = Agent.builder().name("payments").instructions("You pay bills.").model(other).tools(effects)
                .journal(JournalSettings.of(shared).withOwner("replica-b").withLease(lease)
                        .withInFlightWait(Duration.ofSeconds(20)))
                .build();
        CompletableFuture<AgentResult> waiting = CompletableFuture.supplyAsync(() -> replicaB.run("pay", "ticket-12"));
        Thread.sleep(4 * lease.toMillis()); // the model call outlasts its lease four times over
        answer.countDown();

        assertThat(running.get(20, TimeUnit.SECONDS).orThrow()).isEqualTo("first");
        AgentResult replayed = waiting.get(20, TimeUnit.SECONDS);
        assertThat(other.requests()).as("replica B never asked its model: the turn stayed replica A's").isEmpty();
        assertThat(replayed.orThrow()).isEqualTo("first");
        assertThat(replayed.trace()).filteredOn(TraceEvent.ModelAnswerReplayed.class::isInstance).hasSize(1);
    }

    @Test
    void journaledAgentNeedsAJournaledToolExecutor() {
        ToolExecutor plain = ToolExecutor.builder(ToolRegistry.of(effects)).build();

        assertThatThrownBy(() -> Agent.builder().model(ScriptedChatModel.builder().build()).toolExecutor(plain)
                .journal(CallJournal.inMemory()).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("journaled tool executor");
    }

    /** {@code pay} (idempotent) and {@code email} (not); both count runs, and block when asked to. */
    static final class Effects implements ToolSet {
        final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        final Map<String, List<String>> keys = new ConcurrentHashMap<>();
        final Map<String, Integer> effectsPerKey = new ConcurrentHashMap<>();
        final AtomicInteger blockOn = new AtomicInteger();
        final AtomicInteger bodies = new AtomicInteger();
        final CountDownLatch blocked = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        int runs(String tool) {
            return runs.getOrDefault(tool, new AtomicInteger()).get();
        }

        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(
                    ToolDescriptor.builder("pay").restartSafe(false).idempotent(true).requiredParameters("cents").build(),
                    ToolDescriptor.builder("email").restartSafe(false).requiredParameters("to").build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
            JsonNode arguments = Binding.tree(parser);
            if (!toolName.equals("pay") && !toolName.equals("email")) {
                throw new IllegalArgumentException("no tool " + toolName);
            }
            if (arguments.size() != 1) {
                throw new ArgumentBindingException(List.of("one argument expected"));
            }
            return context -> {
                runs.computeIfAbsent(toolName, t -> new AtomicInteger()).incrementAndGet();
                keys.computeIfAbsent(toolName, t -> Collections.synchronizedList(new ArrayList<>()))
                        .add(context.idempotencyKey());
                if (bodies.incrementAndGet() == blockOn.get()) {
                    blocked.countDown();
                    release.await(); // the "process" dies here
                }
                effectsPerKey.merge(context.idempotencyKey(), 1, (a, b) -> toolName.equals("pay") ? a : a + b);
                return CompletableFuture.completedFuture(JsonNodeFactory.instance.objectNode().put("done", toolName));
            };
        }
    }
}
