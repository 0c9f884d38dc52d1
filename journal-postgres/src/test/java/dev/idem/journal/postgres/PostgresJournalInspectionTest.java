package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalInspection;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The operator's view on PostgreSQL: unknown outcomes (OUTCOME_UNKNOWN, STARTED past the lease by
 * the database clock) listed by tool, intent and age; resolved by hand with who and why kept in the
 * row; what later claims see; a record no longer unknown refused. The command line on the same
 * table is idem-cli's ({@code PostgresJournalCommandsTest} there).
 */
class PostgresJournalInspectionTest {

    private static final Duration LEASE = Duration.ofHours(1);

    private static CallIntent intent(String key, String tool) {
        return new CallIntent(key, "intent-" + key, tool, "hash-" + key);
    }

    private static PostgresCallJournal filled() throws InterruptedException {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource())
                .table(TestDatabase.freshTable("inspect")).build();
        journal.createSchema();
        journal.claim(intent("unknown", "sendPix"), "a", LEASE, false);
        journal.complete("unknown", 1, CallOutcome.unknown(new CallError(ErrorType.TIMEOUT, "read timed out", false,
                true), 1));
        journal.claim(intent("lost", "sendMail"), "b", Duration.ofMillis(1), false);
        journal.claim(intent("done", "sendPix"), "a", LEASE, false);
        journal.complete("done", 1, CallOutcome.succeeded("{\"id\":1}", 1));
        journal.claim(intent("running", "sendPix"), "c", LEASE, false);
        Thread.sleep(20); // the database clock passes the 1 ms lease of "lost"
        return journal;
    }

    @Test
    void unresolvedRecordsAreListedByToolIntentAndAgeAndResolvedWithWhoAndWhyInTheRow() throws Exception {
        PostgresCallJournal journal = filled();
        JournalInspection inspection = JournalInspection.of(journal);

        assertThat(inspection.unresolved(UnresolvedQuery.all())).extracting(CallRecord::key)
                .containsExactlyInAnyOrder("unknown", "lost");
        assertThat(inspection.unresolved(UnresolvedQuery.all().tool("sendMail"))).extracting(CallRecord::key)
                .containsExactly("lost");
        assertThat(inspection.unresolved(UnresolvedQuery.all().intentId("intent-unknown")))
                .extracting(CallRecord::key).containsExactly("unknown");
        assertThat(inspection.unresolved(UnresolvedQuery.all().olderThan(Duration.ofHours(1)))).isEmpty();

        assertThat(inspection.resolve("unknown", Resolution.applied("{\"id\":7}", "ana", "bank statement")))
                .isInstanceOf(Resolved.Done.class);
        CallRecord record = journal.find("unknown").orElseThrow();
        assertThat(record.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(record.resolution()).isEqualTo(Resolution.applied("{\"id\":7}", "ana", "bank statement"));
        Claim replay = journal.claim(intent("unknown", "sendPix"), "d", LEASE, false);
        assertThat(((Claim.Recorded) replay).record().resultJson()).isEqualTo("{\"id\":7}");

        assertThat(inspection.resolve("lost", Resolution.notApplied("ana", "no mail left"))).isInstanceOf(Resolved.Done.class);
        assertThat(journal.find("lost").orElseThrow().resolution().reason()).isEqualTo("no mail left");
        assertThat(journal.find("lost").orElseThrow().error().retryable()).isTrue();
        assertThat(journal.claim(intent("lost", "sendMail"), "d", LEASE, false)).isInstanceOf(Claim.Owned.class);
        assertThat(journal.find("lost").orElseThrow().resolution()).as("a new run is no longer the resolved one").isNull();
        assertThat(inspection.unresolved(UnresolvedQuery.all())).isEmpty();
    }

    @Test
    void aRecordThatIsNoLongerUnknownIsRefused() throws Exception {
        PostgresCallJournal journal = filled();
        for (String key : List.of("done", "running", "nowhere")) {
            assertThat(journal.resolve(key, Resolution.notApplied("ana", "guess"))).as(key)
                    .isInstanceOf(Resolved.Refused.class);
        }
        assertThat(journal.find("done").orElseThrow().resultJson()).isEqualTo("{\"id\":1}");
        assertThat(journal.find("running").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
        journal.resolve("unknown", Resolution.notApplied("ana", "no transfer"));
        assertThat(journal.resolve("unknown", Resolution.applied("{}", "bob", "second opinion")))
                .isInstanceOf(Resolved.Refused.class);
    }
}
