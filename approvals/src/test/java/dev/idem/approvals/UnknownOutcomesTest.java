package dev.idem.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.JournalInspection;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.TestClock;
import dev.idem.journal.UnresolvedQuery;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's view: unknown outcomes listed by tool, intent and age; resolved by hand with who
 * and why kept in the record; what later claims see; a record that is no longer unknown refused.
 * On the in-memory and file journals here (the PostgreSQL journal in its module); the command line
 * over them is idem-cli's ({@code JournalCommandsTest} there).
 */
class UnknownOutcomesTest {

    private static final Duration LEASE = Duration.ofSeconds(30);

    private static CallIntent intent(String key, String tool) {
        return new CallIntent(key, "intent-" + key, tool, "hash-" + key);
    }

    /** One record of each kind: OUTCOME_UNKNOWN, STARTED past its lease, STARTED in its lease, SUCCEEDED. */
    private static void fill(CallJournal journal, TestClock clock) {
        journal.claim(intent("unknown", "sendPix"), "a", LEASE, false);
        journal.complete("unknown", 1, CallOutcome.unknown(new CallError(ErrorType.TIMEOUT, "read timed out", false,
                true), 1));
        journal.claim(intent("lost", "sendMail"), "b", LEASE, false);
        journal.claim(intent("done", "sendPix"), "a", LEASE, false);
        journal.complete("done", 1, CallOutcome.succeeded("{\"id\":1}", 1));
        clock.advance(Duration.ofMinutes(10));
        journal.claim(intent("running", "sendPix"), "c", LEASE, false);
    }

    static void unresolvedRecordsAreListedByToolIntentAndAgeAndOnlyThoseAreResolved(CallJournal journal, TestClock clock) {
        fill(journal, clock);
        JournalInspection inspection = JournalInspection.of(journal);

        assertThat(inspection.unresolved(UnresolvedQuery.all())).extracting(CallRecord::key)
                .containsExactlyInAnyOrder("unknown", "lost");
        assertThat(inspection.unresolved(UnresolvedQuery.all().tool("sendMail"))).extracting(CallRecord::key)
                .containsExactly("lost");
        assertThat(inspection.unresolved(UnresolvedQuery.all().intentId("intent-unknown"))).extracting(CallRecord::key)
                .containsExactly("unknown");
        assertThat(inspection.unresolved(UnresolvedQuery.all().olderThan(Duration.ofHours(1)))).isEmpty();

        Resolved applied = inspection.resolve("unknown", Resolution.applied("{\"id\":7}", "ana", "bank statement"));
        assertThat(applied).isInstanceOf(Resolved.Done.class);
        CallRecord record = journal.find("unknown").orElseThrow();
        assertThat(record.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(record.resultJson()).isEqualTo("{\"id\":7}");
        assertThat(record.resolution()).isEqualTo(Resolution.applied("{\"id\":7}", "ana", "bank statement"));
        // What later calls replay: the resolved result, nothing runs.
        Claim replay = journal.claim(intent("unknown", "sendPix"), "d", LEASE, false);
        assertThat(replay).isInstanceOf(Claim.Recorded.class);
        assertThat(((Claim.Recorded) replay).record().resultJson()).isEqualTo("{\"id\":7}");

        assertThat(inspection.resolve("lost", Resolution.notApplied("ana", "no mail left the relay")))
                .isInstanceOf(Resolved.Done.class);
        assertThat(journal.find("lost").orElseThrow().resolution().by()).isEqualTo("ana");
        // NOT_APPLIED: the next claim owns the intent and runs the body, even for a tool that is not idempotent.
        assertThat(journal.claim(intent("lost", "sendMail"), "d", LEASE, false)).isInstanceOf(Claim.Owned.class);

        assertThat(inspection.unresolved(UnresolvedQuery.all())).isEmpty();
    }

    static void aRecordThatIsNoLongerUnknownIsRefused(CallJournal journal, TestClock clock) {
        fill(journal, clock);
        JournalInspection inspection = JournalInspection.of(journal);
        for (String key : List.of("done", "running", "nowhere")) {
            Resolved refused = inspection.resolve(key, Resolution.notApplied("ana", "guess"));
            assertThat(refused).as(key).isInstanceOf(Resolved.Refused.class);
        }
        assertThat(journal.find("done").orElseThrow().resultJson()).isEqualTo("{\"id\":1}");
        assertThat(journal.find("running").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
        inspection.resolve("unknown", Resolution.notApplied("ana", "no transfer"));
        assertThat(inspection.resolve("unknown", Resolution.applied("{}", "bob", "second opinion")))
                .isInstanceOf(Resolved.Refused.class);
    }

    @Test
    void inMemoryJournalListsAndResolvesUnknownOutcomes() {
        TestClock clock = new TestClock();
        unresolvedRecordsAreListedByToolIntentAndAgeAndOnlyThoseAreResolved(CallJournal.inMemory(clock,
                CallJournal.DEFAULT_RETENTION), clock);
        TestClock other = new TestClock();
        aRecordThatIsNoLongerUnknownIsRefused(CallJournal.inMemory(other, CallJournal.DEFAULT_RETENTION), other);
    }

    @Test
    void fileJournalListsAndResolvesUnknownOutcomesAndKeepsTheResolutionAcrossAReopen(@TempDir Path dir) {
        TestClock clock = new TestClock();
        try (FileCallJournal journal = FileCallJournal.builder(dir.resolve("a")).clock(clock).open()) {
            unresolvedRecordsAreListedByToolIntentAndAgeAndOnlyThoseAreResolved(journal, clock);
        }
        try (FileCallJournal journal = FileCallJournal.builder(dir.resolve("a")).clock(clock).open()) {
            assertThat(journal.find("unknown").orElseThrow().resolution().reason()).isEqualTo("bank statement");
        }
        TestClock other = new TestClock();
        try (FileCallJournal journal = FileCallJournal.builder(dir.resolve("b")).clock(other).open()) {
            aRecordThatIsNoLongerUnknownIsRefused(journal, other);
        }
    }
}
