package dev.idem.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.agent.AgentStatus;
import dev.idem.agent.TraceEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The demo's approval act: a payment above the limit waits, the process restarts, ana approves, it is made once. */
class ApprovalStoryTest {

    @Test
    void paymentAboveTheLimitWaitsAcrossARestartAndIsMadeOnceAfterTheApproval() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        ApprovalStory.Outcome outcome = ApprovalStory.play(new PrintStream(text, true, StandardCharsets.UTF_8));

        assertThat(outcome.exitStatus()).isZero();
        assertThat(outcome.requestsWhileWaiting()).isZero();
        assertThat(outcome.request().tool()).isEqualTo(SupplierAgent.TOOL);
        assertThat(outcome.request().approvers()).containsExactly("ana", "bruno");
        assertThat(outcome.resumed().status()).isEqualTo(AgentStatus.ANSWERED);
        assertThat(outcome.resumed().trace()).filteredOn(TraceEvent.ModelAnswerReplayed.class::isInstance).hasSize(1);
        assertThat(outcome.requests()).isEqualTo(1);
        assertThat(outcome.effects()).isEqualTo(1);
        assertThat(text.toString(StandardCharsets.UTF_8)).contains(
                "== a payment above R$ 1,000.00 waits for a person: run pix-supplier in a separate agent process",
                "awaits approval by [ana, bruno] until ",
                "AWAITING_APPROVAL; the process ended (pid ",
                "tool paySupplier: APPROVED by ana: invoice 311 checked against the order",
                "model turn 1 replayed from the journal",
                "requests that reached the bank: 0",
                "== the service restarts; ana approves, and the run resumes from the journal",
                "the request of record: paySupplier {",
                "ANSWERED: Paid R$ 4,800.00 to Acme Ltda",
                "Bank ledger for the approved payment: requests=1 effects=1 (none while it waited, one after the approval)");
    }
}
