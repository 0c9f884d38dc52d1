package dev.idem.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The {@code idem} endpoint's calls awaiting approval, in a Spring context on the file journal: the
 * records {@link Approvals} keeps, listed and decided there as the Java API lists and decides them.
 */
class IdemEndpointApprovalsTest {

    @TempDir
    Path journalDirectory;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdemAutoConfiguration.class,
                        IdemEndpointAutoConfiguration.class))
                .withBean(Transfers.class)
                .withPropertyValues("idem.journal.directory=" + journalDirectory,
                        "management.endpoints.web.exposure.include=idem");
    }

    /** A transfer awaiting approval, as an agent's run records it. */
    private static ApprovalRequest awaiting(Approvals approvals, String key, String intent, List<String> approvers) {
        Instant now = Instant.now();
        return approvals.record(new ApprovalRequest(intent, "c-" + key, "sendPix", key,
                "{\"account\":\"ACC-9\",\"cents\":480000,\"token\":\"Bearer sk-live-0123456789abcdef\"}", approvers,
                now.minusSeconds(60), now.plus(Duration.ofHours(1))));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> records(Map<String, Object> listing) {
        return (List<Map<String, Object>>) listing.get("records");
    }

    @Test
    void callsAwaitingApprovalAreListedAsTheJavaApiListsThemFilteredByToolIntentAgeAndLimit() {
        runner().run(context -> {
            Approvals approvals = Approvals.over(context.getBean(CallJournal.class));
            awaiting(approvals, "idem-k1", "ticket-7", List.of("ana@ops"));
            awaiting(approvals, "idem-k2", "ticket-8", List.of());
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);

            Map<String, Object> listing = endpoint.records(IdemEndpoint.AWAITING_APPROVAL, null, null, null, null);

            assertThat(records(listing)).extracting(record -> record.get("key"))
                    .containsExactlyElementsOf(approvals.pending(Integer.MAX_VALUE).stream()
                            .map(ApprovalRequest::idempotencyKey).toList())
                    .containsExactly("idem-k1", "idem-k2");
            assertThat(records(listing).get(0)).containsEntry("tool", "sendPix").containsEntry("intent", "ticket-7")
                    .containsEntry("callId", "c-idem-k1").containsEntry("approvers", List.of("ana@ops"))
                    .containsKeys("age", "requestedAt", "expiresAt");
            assertThat((String) records(listing).get(0).get("arguments")).contains("ACC-9").contains("480000")
                    .doesNotContain("sk-live-0123456789abcdef");
            assertThat(listing).containsEntry("truncated", false);
            @SuppressWarnings("unchecked")
            Map<String, Object> withThePolicies = (Map<String, Object>) endpoint.policies().get("awaiting-approval");
            assertThat(records(withThePolicies)).hasSize(2);
            assertThat(records(endpoint.records("awaiting-approval", null, "ticket-8", null, null)))
                    .extracting(record -> record.get("key")).containsExactly("idem-k2");
            assertThat(records(endpoint.records("awaiting-approval", "book", null, null, null))).isEmpty();
            assertThat(records(endpoint.records("awaiting-approval", null, null, "1h", null))).isEmpty();
            assertThat(endpoint.records("awaiting-approval", null, null, "30s", 1)).containsEntry("truncated", true);
            assertThatThrownBy(() -> endpoint.records("awaiting-approval", null, null, null, 0))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("limit");
        });
    }

    @Test
    void aDecisionAtTheEndpointIsTheDecisionOfRecordAndTheOtherVerdictIsRefused() {
        runner().run(context -> {
            Approvals approvals = Approvals.over(context.getBean(CallJournal.class));
            awaiting(approvals, "idem-k1", "ticket-7", List.of("ana@ops"));
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);

            Map<String, Object> approved = endpoint.resolve("awaiting-approval", "idem-k1", "APPROVED", null, "ana@ops",
                    "invoice 311 checked");

            assertThat(approved).containsEntry("decided", true).containsEntry("verdict", "APPROVED")
                    .containsEntry("by", "ana@ops").containsEntry("reason", "invoice 311 checked");
            ApprovalDecision recorded = approvals.decision("idem-k1").orElseThrow();
            assertThat(recorded.verdict()).isEqualTo(ApprovalDecision.Verdict.APPROVED);
            assertThat(recorded.by()).isEqualTo("ana@ops");
            assertThat(records(endpoint.records("awaiting-approval", null, null, null, null))).isEmpty();
            assertThat(endpoint.resolve("awaiting-approval", "idem-k1", "DECLINED", null, "ana@ops", "second thoughts"))
                    .containsEntry("decided", false).containsEntry("verdict", "APPROVED")
                    .containsEntry("refused", "already APPROVED by ana@ops");
            assertThat(endpoint.resolve("awaiting-approval", "idem-k1", "approve", null, "ana@ops", "again"))
                    .as("the same verdict again answers with the decision of record")
                    .containsEntry("decided", true).containsEntry("reason", "invoice 311 checked");
        });
    }

    @Test
    void aBadDecisionIsABadRequestAndAnUnknownKeyIsRefused() {
        runner().run(context -> {
            Approvals approvals = Approvals.over(context.getBean(CallJournal.class));
            awaiting(approvals, "idem-k1", "ticket-7", List.of("ana@ops"));
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);

            assertThatThrownBy(() -> endpoint.resolve("awaiting-approval", "idem-k1", "MAYBE", null, "ana@ops", "?"))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("verdict");
            assertThatThrownBy(() -> endpoint.resolve("awaiting-approval", "idem-k1", "APPROVED", "x", "ana@ops", "?"))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("result");
            assertThatThrownBy(() -> endpoint.resolve("awaiting-approval", "idem-k1", "APPROVED", null, "bob", "me"))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("may not decide");
            assertThat(endpoint.resolve("awaiting-approval", "idem-nowhere", "DECLINED", null, "bob", "guess"))
                    .containsEntry("decided", false).containsKey("refused");
            assertThat(approvals.decision("idem-k1")).as("nothing recorded").isEmpty();
        });
    }
}
