package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ApprovalCondition;
import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalConflictException;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.config.PolicyConfiguration;
import dev.idem.generated.Binding;
import dev.idem.generated.Property;
import dev.idem.generated.Shape;
import dev.idem.journal.CallJournal;
import dev.idem.journal.FileCallJournal;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.BoundCall;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolSet;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Issue 23: a tool that requires approval stops the run, durably; {@code resume} with decisions
 * continues it from the journal without asking the model again for recorded turns. The
 * "restarted process" is a new agent with a new model client on the reopened file journal (a real
 * second JVM: {@code ApprovalAcrossJvmsTest} in samples).
 */
class AgentApprovalTest {

    /** Transfers above 1000 cents need approval: the condition over the bound arguments. */
    public static final class Large implements ApprovalCondition {
        @Override
        public boolean requiresApproval(Arguments arguments) {
            return arguments.longValue("cents") > 1000;
        }
    }

    /** A transfer tool (approval when large), a note tool (none); counts bodies per idempotency key. */
    static final class Bank implements ToolSet {
        private static final Shape TRANSFER = Shape.arguments(Property.required("to", Shape.STRING),
                Property.required("cents", Shape.LONG.range("1", null)));
        private static final Shape NOTE = Shape.arguments(Property.required("text", Shape.STRING));
        final Map<String, AtomicInteger> effects = new ConcurrentHashMap<>();
        final List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());

        int runs() {
            return effects.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(ToolDescriptor.builder("transfer").idempotent(true).requiredParameters("to", "cents")
                            .requiresApproval(new Large()).approvers("ana", "bruno").build(),
                    ToolDescriptor.builder("note").requiredParameters("text").build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
            return Binding.bind(toolName.equals("transfer") ? TRANSFER : NOTE, parser, deadlineNanos, (v, context) -> {
                effects.computeIfAbsent(context.idempotencyKey(), k -> new AtomicInteger()).incrementAndGet();
                order.add(toolName);
                return Binding.done(JsonNodeFactory.instance.objectNode().put("done", toolName));
            });
        }
    }

    /** A clock tests move by hand: no waiting. */
    static final class HandClock extends Clock {
        final AtomicLong millis = new AtomicLong(1_800_000_000_000L);

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis.get());
        }
    }

    @TempDir
    Path work;

    private final Bank bank = new Bank();
    private final HandClock clock = new HandClock();
    private final List<CallJournal> journals = new ArrayList<>();

    @AfterEach
    void close() {
        journals.forEach(CallJournal::close);
    }

    private CallJournal reopen() {
        journals.forEach(CallJournal::close);
        CallJournal journal = FileCallJournal.builder(work.resolve("journal")).open();
        journals.add(journal);
        return journal;
    }

    private Agent agent(ScriptedChatModel model, CallJournal journal) {
        return Agent.builder().name("payments").instructions("You pay.").model(model).tools(bank)
                .modelSleeper(Sleeper.recording(millis -> { })).journal(journal).clock(clock)
                .approvalTimeout(Duration.ofDays(3)).build();
    }

    private static ScriptedChatModel transferThenAnswer(String cents) {
        return ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "note", "{\"text\":\"rent\"}"),
                        new ToolCall("c2", "transfer", "{\"to\":\"maria\",\"cents\":" + cents + "}"))
                .replyWithText("done")
                .build();
    }

    private AgentResult stopped(CallJournal journal) {
        AgentResult result = agent(transferThenAnswer("5000"), journal).run("pay the rent", "ticket-1");
        assertThat(result.status()).isEqualTo(AgentStatus.AWAITING_APPROVAL);
        return result;
    }

    @Test
    void callNeedingApprovalStopsTheRunBeforeAnyCallOfItsTurnRunsAndIsRecordedInTheJournal() {
        CallJournal journal = reopen();
        AgentResult result = stopped(journal);

        ApprovalRequest pending = result.pendingApprovals().get(0);
        assertThat(result.pendingApprovals()).hasSize(1);
        assertThat(pending.tool()).isEqualTo("transfer");
        assertThat(pending.argumentsJson()).isEqualTo("{\"cents\":5000,\"to\":\"maria\"}");
        assertThat(pending.approvers()).containsExactly("ana", "bruno");
        assertThat(pending.expiresAt()).isEqualTo(pending.requestedAt().plus(Duration.ofDays(3)));
        assertThat(bank.runs()).as("no call of the turn ran, the note included").isZero();
        assertThat(Approvals.over(journal).request(pending.idempotencyKey())).contains(pending);
        assertThat(result.trace()).filteredOn(TraceEvent.ApprovalRequested.class::isInstance).hasSize(1);
        assertThatThrownBy(result::orThrow).hasMessageContaining("awaits approval of [transfer");
    }

    @Test
    void resumeAfterRestartReplaysTheTurnRunsTheApprovedCallOnceAndNeverAsksTheModelAgainForIt() {
        String key = stopped(reopen()).pendingApprovals().get(0).idempotencyKey();

        ScriptedChatModel restarted = ScriptedChatModel.builder().replyWithText("paid")
                .expecting(request -> assertThat(request.messages()).extracting(ChatMessage::role).containsExactly(
                        ChatMessage.Role.SYSTEM, ChatMessage.Role.USER, ChatMessage.Role.ASSISTANT,
                        ChatMessage.Role.TOOL, ChatMessage.Role.TOOL))
                .build();
        Agent fresh = agent(restarted, reopen());
        AgentResult result = fresh.resume("ticket-1", ApprovalDecision.approve(key, "ana", "lease checked"));

        assertThat(result.orThrow()).isEqualTo("paid");
        assertThat(restarted.requests()).as("turn 1 came from the journal").hasSize(1);
        assertThat(bank.effects.get(key)).hasValue(1);
        assertThat(bank.order).containsExactly("note", "transfer");
        assertThat(result.trace()).filteredOn(TraceEvent.ApprovalDecided.class::isInstance).hasSize(1);
        assertThat(fresh.conversation()).hasSize(5);

        AgentResult again = agent(ScriptedChatModel.builder().build(), reopen()).resume("ticket-1");
        assertThat(again.orThrow()).isEqualTo("paid");
        assertThat(bank.effects.get(key)).as("a second resume replays, runs nothing").hasValue(1);
    }

    @Test
    void declinedCallNeverRunsAndTheModelIsToldWhoDeclinedAndWhy() {
        String key = stopped(reopen()).pendingApprovals().get(0).idempotencyKey();

        AgentResult result = agent(ScriptedChatModel.builder().replyWithText("not paid").build(), reopen())
                .resume("ticket-1", ApprovalDecision.decline(key, "bruno", "wrong account"));

        assertThat(result.orThrow()).isEqualTo("not paid");
        assertThat(bank.effects.get(key)).isNull();
        ToolResult declined = result.toolResults().get(1);
        assertThat(declined.errorType()).isEqualTo(ErrorType.PERMISSION_DENIED);
        assertThat(declined.textForModel()).contains("declined by bruno: wrong account; the tool was NOT executed");
    }

    @Test
    void undecidedApprovalExpiresAsADeclineByExpiryAndALateApprovalIsRefused() {
        String key = stopped(reopen()).pendingApprovals().get(0).idempotencyKey();
        clock.millis.addAndGet(Duration.ofDays(3).toMillis());

        Agent later = agent(ScriptedChatModel.builder().replyWithText("expired").build(), reopen());
        assertThatThrownBy(() -> later.resume("ticket-1", ApprovalDecision.approve(key, "ana", "late")))
                .isInstanceOf(ApprovalConflictException.class).hasMessageContaining("already DECLINED by expiry");
        AgentResult result = later.resume("ticket-1");

        assertThat(result.orThrow()).isEqualTo("expired");
        assertThat(bank.effects.get(key)).isNull();
        assertThat(result.toolResults().get(1).textForModel()).contains("declined by expiry");
    }

    @Test
    void aDecisionIsRecordedOnceTheConflictingSecondIsRefusedTheSameAgainIsIdempotent() {
        CallJournal journal = reopen();
        String key = stopped(journal).pendingApprovals().get(0).idempotencyKey();
        Approvals approvals = Approvals.over(journal, "ops", clock);

        ApprovalDecision first = approvals.decide(ApprovalDecision.approve(key, "ana", "ok"));
        ApprovalDecision same = approvals.decide(ApprovalDecision.approve(key, "bruno", "ok too"));

        assertThat(same).isEqualTo(first);
        assertThat(same.by()).as("the decision of record is the first").isEqualTo("ana");
        assertThatThrownBy(() -> approvals.decide(ApprovalDecision.decline(key, "bruno", "no")))
                .isInstanceOf(ApprovalConflictException.class)
                .satisfies(e -> assertThat(((ApprovalConflictException) e).recorded()).isEqualTo(first));
        assertThat(approvals.decision(key)).contains(first);
    }

    @Test
    void onlyTheNamedApproversMayDecide() {
        CallJournal journal = reopen();
        String key = stopped(journal).pendingApprovals().get(0).idempotencyKey();

        assertThatThrownBy(() -> Approvals.over(journal).decide(ApprovalDecision.approve(key, "mallory", "me")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("its approvers are [ana, bruno]");
        assertThat(Approvals.over(journal).decision(key)).isEmpty();
    }

    @Test
    void callWithBadArgumentsIsRefusedAtOnceAndNeverSentForApproval() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "transfer", "{\"to\":\"maria\",\"cents\":-5000}"))
                .replyWithText("fixed nothing")
                .build();
        AgentResult result = agent(model, reopen()).run("pay", "ticket-2");

        assertThat(result.status()).isEqualTo(AgentStatus.ANSWERED);
        assertThat(result.pendingApprovals()).isEmpty();
        assertThat(result.toolResults().get(0).errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(bank.runs()).isZero();
    }

    @Test
    void conditionFromCodeLetsSmallTransfersRunWithoutApproval() {
        AgentResult result = agent(transferThenAnswer("900"), reopen()).run("pay the rent", "ticket-3");

        assertThat(result.orThrow()).isEqualTo("done");
        assertThat(bank.order).containsExactly("note", "transfer");
    }

    @Test
    void requirementFromConfigurationAppliesToEveryCallEvenWhereTheCodeConditionWouldNot() {
        Agent agent = Agent.builder().name("payments").model(transferThenAnswer("900")).tools(bank)
                .policyOverrides(PolicyConfiguration.none().withSystemProperties(
                        Map.of("idem.tool.note.requires-approval", "true", "idem.tool.transfer.requires-approval", "true")))
                .journal(reopen()).clock(clock).build();

        AgentResult result = agent.run("pay the rent", "ticket-4");

        assertThat(result.status()).isEqualTo(AgentStatus.AWAITING_APPROVAL);
        assertThat(result.pendingApprovals()).extracting(ApprovalRequest::tool).containsExactly("note", "transfer");
        assertThat(bank.runs()).isZero();
    }

    @Test
    void configurationMayNotRemoveACompiledApprovalRequirement() {
        assertThatThrownBy(() -> Agent.builder().model(transferThenAnswer("5000")).tools(bank)
                .policyOverrides(PolicyConfiguration.none().withSystemProperties(
                        Map.of("idem.tool.transfer.requires-approval", "false")))
                .build())
                .hasMessageContaining("would remove a compiled approval requirement: tool 'transfer'");
        assertThatThrownBy(() -> Agent.builder().model(transferThenAnswer("5000")).tools(bank)
                .policyOverrides(PolicyConfiguration.none().withSystemProperties(
                        Map.of("idem.tool.transfer.requires-aproval", "true")))
                .build())
                .hasMessageContaining("did you mean 'requires-approval'?");
    }
}
