package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.approvals.Approvals;
import dev.idem.generated.Binding;
import dev.idem.generated.Property;
import dev.idem.generated.Shape;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.BoundCall;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolException;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Issue 23, part 3: a call whose outcome is unknown is handed to a person through the approvals'
 * channel ({@link Approvals#unknownOutcomes}, {@link Approvals#decideOutcome}); the intent run
 * again in a restarted agent replays an APPLIED decision and runs a NOT_APPLIED one once.
 */
class AgentOutcomeDecisionTest {

    /** A payment that is neither idempotent nor restart-safe; its first body loses its answer. */
    static final class Payments implements ToolSet {
        private static final Shape PAY = Shape.arguments(Property.required("to", Shape.STRING),
                Property.required("cents", Shape.LONG.range("1", null)));
        final AtomicInteger bodies = new AtomicInteger();

        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(ToolDescriptor.builder("pay").idempotent(false).restartSafe(false)
                    .requiredParameters("to", "cents").build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
            return Binding.bind(PAY, parser, deadlineNanos, (v, context) -> {
                if (bodies.incrementAndGet() == 1) {
                    throw new ToolException(ErrorType.TIMEOUT, "the bank's answer was lost");
                }
                return Binding.done(JsonNodeFactory.instance.objectNode().put("paid", "tx-" + bodies.get()));
            });
        }
    }

    @TempDir
    Path work;

    private final Payments payments = new Payments();
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

    private Agent agent(CallJournal journal, String answer) {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("c1", "pay", "{\"to\":\"maria\",\"cents\":5000}"))
                .replyWithText(answer)
                .build();
        return Agent.builder().name("payments").instructions("You pay.").model(model).tools(payments)
                .modelSleeper(Sleeper.recording(millis -> { })).journal(journal).build();
    }

    /** Runs the intent once: the payment's outcome is unknown; answers its key. */
    private String runWithAnUnknownOutcome() {
        CallJournal journal = reopen();
        AgentResult first = agent(journal, "I could not tell whether the payment was made.").run("Pay Maria 50", "pay-1");
        ToolResult unknown = first.toolResults().get(0);
        assertThat(unknown.success()).isFalse();
        assertThat(journal.find(unknown.idempotencyKey())).map(CallRecord::status).contains(CallStatus.OUTCOME_UNKNOWN);
        assertThat(payments.bodies).hasValue(1);
        return unknown.idempotencyKey();
    }

    @Test
    void anUnknownOutcomeIsAPendingDecisionOfTheApprovalsChannelAndAnAppliedOneIsReplayedNeverRunAgain() {
        String key = runWithAnUnknownOutcome();

        Approvals approvals = Approvals.over(reopen());
        assertThat(approvals.unknownOutcomes(UnresolvedQuery.all())).extracting(CallRecord::key).containsExactly(key);
        Resolved decided = approvals.decideOutcome(key,
                Resolution.applied("{\"paid\":\"tx-1\"}", "ana", "tx-1 is in the bank statement"));
        assertThat(decided).isInstanceOf(Resolved.Done.class);
        assertThat(approvals.unknownOutcomes(UnresolvedQuery.all())).isEmpty();
        // One place decides: a second decision on a record that is no longer unknown is refused.
        assertThat(approvals.decideOutcome(key, Resolution.notApplied("bruno", "changed my mind")))
                .isInstanceOf(Resolved.Refused.class);

        AgentResult again = agent(reopen(), "Paid Maria.").run("Pay Maria 50", "pay-1");
        assertThat(again.status()).isEqualTo(AgentStatus.ANSWERED);
        ToolResult replayed = again.toolResults().get(0);
        assertThat(replayed.idempotencyKey()).isEqualTo(key);
        assertThat(replayed.success()).isTrue();
        assertThat(replayed.replayed()).isTrue();
        assertThat(replayed.value().get("paid").asString()).isEqualTo("tx-1");
        assertThat(payments.bodies).hasValue(1);
        assertThat(reopen().find(key)).map(CallRecord::status).contains(CallStatus.SUCCEEDED);
    }

    @Test
    void anUnknownOutcomeDecidedNotAppliedRunsOnceWhenTheIntentRunsAgain() {
        String key = runWithAnUnknownOutcome();

        Resolved decided = Approvals.over(reopen()).decideOutcome(key,
                Resolution.notApplied("ana", "no such transfer in the bank statement"));
        assertThat(decided).isInstanceOf(Resolved.Done.class);

        AgentResult again = agent(reopen(), "Paid Maria.").run("Pay Maria 50", "pay-1");
        ToolResult ran = again.toolResults().get(0);
        assertThat(ran.idempotencyKey()).isEqualTo(key);
        assertThat(ran.success()).isTrue();
        assertThat(ran.replayed()).isFalse();
        assertThat(payments.bodies).hasValue(2);

        AgentResult third = agent(reopen(), "Paid Maria.").run("Pay Maria 50", "pay-1");
        assertThat(third.toolResults().get(0).replayed()).isTrue();
        assertThat(payments.bodies).hasValue(2);
    }
}
