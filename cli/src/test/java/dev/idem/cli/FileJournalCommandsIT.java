package dev.idem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar idem-cli.jar journal ...} on a file journal, as a process: what it prints, its
 * exit status (0 done, 1 failed or refused, 2 wrong usage), and what the journal holds afterwards.
 */
class FileJournalCommandsIT {

    private static final Duration LEASE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private Path journal() {
        return dir.resolve("journal");
    }

    /** One unknown outcome (k1, sendPix), one succeeded call, and two calls awaiting approval (t1, t2). */
    private void fill() {
        try (CallJournal journal = CallJournal.file(journal())) {
            journal.claim(new CallIntent("k1", "intent-1", "sendPix", "h1"), "server", LEASE, false);
            journal.complete("k1", 1, CallOutcome.unknown(new CallError(ErrorType.TIMEOUT, "read timed out", false,
                    false), 1));
            journal.claim(new CallIntent("k2", "intent-2", "sendPix", "h2"), "server", LEASE, false);
            journal.complete("k2", 1, CallOutcome.succeeded("{\"id\":2}", 1));
            Approvals approvals = Approvals.over(journal);
            Instant now = Instant.now();
            approvals.record(new ApprovalRequest("ticket-1", "c1", "transfer", "t1", "{\"cents\":480000}",
                    List.of("ana", "bruno"), now, now.plus(Duration.ofDays(1))));
            approvals.record(new ApprovalRequest("ticket-2", "c2", "transfer", "t2", "{\"cents\":99}", List.of(), now,
                    now.plus(Duration.ofDays(1))));
        }
    }

    private CallRecord record(String key) {
        try (CallJournal journal = CallJournal.file(journal())) {
            return journal.find(key).orElseThrow();
        }
    }

    @Test
    void helpNamesEveryCommandAndTheExitStatusesAndExitsZero() {
        CliJar.Run help = CliJar.run("--help");
        assertThat(help.status()).as(help.toString()).isZero();
        assertThat(help.out()).contains("java -jar idem-cli.jar journal <command> JOURNAL").contains("list")
                .contains("resolve").contains("approvals").contains("decide").contains("IDEM_JOURNAL_PASSWORD")
                .contains("0 done, 1 failed or refused (nothing changed), 2 wrong usage");
        CliJar.Run decide = CliJar.run("journal", "decide", "--help");
        assertThat(decide.status()).as(decide.toString()).isZero();
        assertThat(decide.out()).contains("journal decide JOURNAL KEY approve|decline --by WHO --why TEXT");
    }

    @Test
    void wrongUsageExitsTwoWithTheUsageAndChangesNothing() {
        fill();
        String at = journal().toString();
        for (String[] args : List.of(new String[] {}, new String[] {"jurnal", "list", at},
                new String[] {"journal", "lst", at}, new String[] {"journal", "decide", at, "t1", "approve", "--why", "x"},
                new String[] {"journal", "decide", at, "t1", "maybe", "--by", "ana", "--why", "x"},
                new String[] {"journal", "resolve", at, "k1", "applied", "--result", "{not json", "--by", "a", "--why", "x"},
                new String[] {"journal", "list", at, "--older-than", "5 minutes"},
                new String[] {"journal", "list", at, "--colour", "red"})) {
            CliJar.Run run = CliJar.run(args);
            assertThat(run.status()).as(List.of(args) + "\n" + run).isEqualTo(2);
            assertThat(run.err()).as(List.of(args) + "\n" + run).contains("usage: java -jar idem-cli.jar journal");
        }
        assertThat(record("k1").status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        try (CallJournal journal = CallJournal.file(journal())) {
            assertThat(Approvals.over(journal).decision("t1")).isEmpty();
        }
    }

    @Test
    void aPasswordIsNeverTakenFromTheCommandLine() {
        CliJar.Run option = CliJar.run("journal", "list", "jdbc:postgresql://localhost:1/app", "--password", "secret");
        assertThat(option.status()).as(option.toString()).isEqualTo(2);
        assertThat(option.err()).contains("never given on the command line").contains("IDEM_JOURNAL_PASSWORD");
        CliJar.Run url = CliJar.run("journal", "list", "jdbc:postgresql://localhost:1/app?user=app&password=secret");
        assertThat(url.status()).as(url.toString()).isEqualTo(2);
        assertThat(url.err()).contains("carries a password").contains("IDEM_JOURNAL_PASSWORD");
    }

    @Test
    void listAndResolveAnUnknownOutcomeAndARecordNoLongerUnknownIsRefused() {
        fill();
        CliJar.Run list = CliJar.run("journal", "list", journal().toString(), "--tool", "sendPix");
        assertThat(list.status()).as(list.toString()).isZero();
        assertThat(list.out()).contains("k1\tsendPix\tintent-1\tOUTCOME_UNKNOWN").doesNotContain("k2\t")
                .doesNotContain("idem-approval").contains("1 with an unknown outcome");

        CliJar.Run resolve = CliJar.run("journal", "resolve", journal().toString(), "k1", "not-applied", "--by", "ops",
                "--why", "no such transfer");
        assertThat(resolve.status()).as(resolve.toString()).isZero();
        assertThat(resolve.out()).contains("resolved k1 as NOT_APPLIED");
        CallRecord resolved = record("k1");
        assertThat(resolved.status()).isEqualTo(CallStatus.FAILED);
        assertThat(resolved.resolution().by()).isEqualTo("ops");

        CliJar.Run again = CliJar.run("journal", "resolve", journal().toString(), "k2", "applied", "--result", "{}",
                "--by", "ops", "--why", "x");
        assertThat(again.status()).as(again.toString()).isEqualTo(1);
        assertThat(again.err()).contains("refused: its outcome is no longer unknown");
        assertThat(record("k2").resultJson()).isEqualTo("{\"id\":2}");
    }

    @Test
    void approvalsListsThePendingCallsAndDecideRecordsADecisionOnceTheOtherVerdictRefused() {
        fill();
        CliJar.Run pending = CliJar.run("journal", "approvals", journal().toString());
        assertThat(pending.status()).as(pending.toString()).isZero();
        assertThat(pending.out()).contains("t1\ttransfer\tticket-1\tc1\tana,bruno\t")
                .contains("t2\ttransfer\tticket-2\tc2\tanyone\t").contains("{\"cents\":480000}")
                .contains("2 awaiting approval");

        CliJar.Run notAnApprover = CliJar.run("journal", "decide", journal().toString(), "t1", "approve", "--by", "eve",
                "--why", "looks fine");
        assertThat(notAnApprover.status()).as(notAnApprover.toString()).isEqualTo(1);
        assertThat(notAnApprover.err()).contains("'eve' may not decide");

        CliJar.Run approve = CliJar.run("journal", "decide", journal().toString(), "t1", "approve", "--by", "ana",
                "--why", "invoice 311 checked");
        assertThat(approve.status()).as(approve.toString()).isZero();
        assertThat(approve.out()).contains("decided t1: APPROVED by ana");
        CliJar.Run decline = CliJar.run("journal", "decide", journal().toString(), "t1", "decline", "--by", "bruno",
                "--why", "wrong account");
        assertThat(decline.status()).as(decline.toString()).isEqualTo(1);
        assertThat(decline.err()).contains("already APPROVED by ana (invoice 311 checked)");

        try (CallJournal journal = CallJournal.file(journal())) {
            ApprovalDecision recorded = Approvals.over(journal).decision("t1").orElseThrow();
            assertThat(recorded.approved()).isTrue();
            assertThat(recorded.by()).isEqualTo("ana");
        }
        CliJar.Run left = CliJar.run("journal", "approvals", journal().toString());
        assertThat(left.out()).doesNotContain("t1\t").contains("t2\t").contains("1 awaiting approval");
    }

    @Test
    void aFileJournalHeldByARunningProcessIsRefusedAndSaysWhereToDecide() {
        fill();
        try (CallJournal held = CallJournal.file(journal())) {
            CliJar.Run run = CliJar.run("journal", "decide", journal().toString(), "t2", "approve", "--by", "ana",
                    "--why", "ok");
            assertThat(run.status()).as(run.toString()).isEqualTo(1);
            assertThat(run.err()).contains("in use by another process (pid " + ProcessHandle.current().pid() + ")")
                    .contains("decide there").contains("PostgreSQL");
            assertThat(Approvals.over(held).decision("t2")).isEmpty();
        }
    }

    @Test
    void aDirectoryWithoutAJournalIsAFailureAndNoJournalIsCreated() {
        CliJar.Run run = CliJar.run("journal", "list", dir.resolve("nowhere").toString());
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).contains("there is no journal in");
        assertThat(Files.exists(dir.resolve("nowhere"))).isFalse();
    }
}
