package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ApprovalCondition;
import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalConflictException;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.generated.Binding;
import dev.idem.generated.Property;
import dev.idem.generated.Shape;
import dev.idem.journal.CallJournal;
import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import dev.idem.tool.ToolSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Approvals on PostgreSQL, replicas being journals on one table: the call awaiting approval is
 * recorded by one replica, decided on another, refused a conflicting decision on a third, and the
 * approved call runs once whichever replica runs it.
 */
class PostgresApprovalsTest {

    private final AtomicInteger transfers = new AtomicInteger();

    private final ToolSet bank = new ToolSet() {
        private final Shape arguments = Shape.arguments(Property.required("cents", Shape.LONG));

        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(ToolDescriptor.builder("transfer").idempotent(true).requiredParameters("cents")
                    .requiresApproval(ApprovalCondition.ALWAYS).build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
            return Binding.bind(arguments, parser, deadlineNanos, (v, context) -> {
                transfers.incrementAndGet();
                return Binding.done(JsonNodeFactory.instance.objectNode().put("transferred", (Long) v[0]));
            });
        }
    };

    private static CallJournal replica(String table) {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource()).table(table).build();
        journal.createSchema();
        return journal;
    }

    private ToolRun run(CallJournal journal) {
        return ToolExecutor.builder(ToolRegistry.of(bank)).journal(journal).build().newRun("ticket-9");
    }

    @Test
    void decisionRecordedOnOneReplicaIsSeenOnAnotherAndTheConflictingOneIsRefused() {
        String table = TestDatabase.freshTable("approvals");
        CallJournal a = replica(table);
        CallJournal b = replica(table);
        CallJournal c = replica(table);
        ToolCall call = new ToolCall("c1", "transfer", "{\"cents\":500000}");

        ApprovalNeeded needed = run(a).approvalNeeded(call).orElseThrow();
        Instant now = Instant.now();
        ApprovalRequest request = Approvals.over(a).record(new ApprovalRequest("ticket-9", "c1", "transfer",
                needed.idempotencyKey(), needed.argumentsJson(), List.of(), now, now.plus(Duration.ofDays(2))));
        assertThat(run(a).execute(call).errorType()).as("not approved: not run").isEqualTo(ErrorType.PERMISSION_DENIED);

        assertThat(Approvals.over(b).request(needed.idempotencyKey())).contains(request);
        ApprovalDecision approved = Approvals.over(b, "replica-b", Clock.systemUTC())
                .decide(ApprovalDecision.approve(needed.idempotencyKey(), "ana", "checked"));
        assertThatThrownBy(() -> Approvals.over(c).decide(ApprovalDecision.decline(needed.idempotencyKey(), "bruno", "no")))
                .isInstanceOf(ApprovalConflictException.class);
        assertThat(Approvals.over(a).decision(needed.idempotencyKey())).contains(approved);

        ToolRun onB = run(b);
        onB.approve(needed.idempotencyKey());
        ToolResult first = onB.execute(call);
        ToolRun onC = run(c);
        onC.approve(needed.idempotencyKey());
        ToolResult again = onC.execute(call);

        assertThat(first.success()).isTrue();
        assertThat(again.replayed()).as("the other replica replays the journal's outcome").isTrue();
        assertThat(transfers).as("the approved call ran once, whichever replica ran it").hasValue(1);
    }
}
