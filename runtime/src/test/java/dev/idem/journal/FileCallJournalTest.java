package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal contract on files, and what only a file journal promises: reopen, torn lines, the lock. */
class FileCallJournalTest extends CallJournalContract {

    private static final Duration LEASE = Duration.ofSeconds(10);

    @TempDir
    Path work;

    private final TestClock clock = new TestClock();
    private final AtomicInteger journals = new AtomicInteger();

    @Override
    protected CallJournal newJournal(Duration retention) {
        return FileCallJournal.builder(work.resolve("j" + journals.incrementAndGet())).clock(clock)
                .retention(retention).open();
    }

    @Override
    protected void elapse(Duration duration) {
        clock.advance(duration);
    }

    @Override
    protected Duration lease() {
        return LEASE;
    }

    private FileCallJournal open(Path dir) {
        return FileCallJournal.builder(dir).clock(clock).open();
    }

    private static CallIntent intent(String key) {
        return new CallIntent(key, "intent-1", "pay", "hash");
    }

    @Test
    void recordsSurviveAReopenExactly() {
        Path dir = work.resolve("reopen");
        CallRecord before;
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("k1"), "a", LEASE, false);
            journal.complete("k1", 1, CallOutcome.succeeded("{\"id\":\"tr_1\",\"note\":\"\u00e7\u00e3o\"}", 2));
            journal.claim(intent("k2"), "a", LEASE, false);
            journal.complete("k2", 1, CallOutcome.failed(new CallError(ErrorType.REJECTED, "no funds", false, false), 1));
            before = journal.find("k1").orElseThrow();
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k1")).contains(before);
            assertThat(journal.claim(intent("k2"), "b", LEASE, true)).isInstanceOf(Claim.Recorded.class);
        }
    }

    @Test
    void startedRecordFoundAtOpenBelongsToADeadProcessAndBecomesOutcomeUnknown() {
        Path dir = work.resolve("restart");
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("idempotent"), "process-1", LEASE, true);
            journal.claim(intent("email"), "process-1", LEASE, false);
        }
        try (FileCallJournal journal = open(dir)) {
            CallRecord found = journal.find("email").orElseThrow();
            assertThat(found.status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
            assertThat(found.error().message()).contains("'process-1'").contains("process ended");
            // No lease to wait for: the restart is the takeover.
            assertThat(journal.claim(intent("idempotent"), "process-2", LEASE, true)).isEqualTo(new Claim.Owned(2, true));
            Claim email = journal.claim(intent("email"), "process-2", LEASE, false);
            assertThat(((Claim.Recorded) email).record().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        }
    }

    @Test
    void tornLastLineIsIgnoredAndTruncatedAtOpen() throws IOException {
        Path dir = work.resolve("torn");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            journal.claim(intent("k1"), "a", LEASE, false);
            journal.complete("k1", 1, CallOutcome.succeeded("1", 1));
        }
        Path log = onlyLog(dir);
        String intact = Files.readString(log);
        Files.writeString(log, "0badc0de {\"key\":\"k2\",\"intentId\":\"int", StandardOpenOption.APPEND);

        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k1").orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
            assertThat(journal.find("k2")).isEmpty();
            journal.claim(intent("k3"), "a", LEASE, false);
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k3")).isPresent();
        }
        assertThat(intact).isNotNull();
    }

    @Test
    void lastLineWithABadChecksumIsTornToo() throws IOException {
        Path dir = work.resolve("checksum");
        open(dir).close();
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("k1"), "a", LEASE, false);
        }
        Path log = onlyLog(dir);
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(1);
        Files.writeString(log, "00000000" + lines.get(0).substring(8) + "\n");

        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k1")).isEmpty();
        }
    }

    @Test
    void damagedLineBeforeTheLastIsRefusedNotGuessed() throws IOException {
        Path dir = work.resolve("damaged");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            journal.claim(intent("k1"), "a", LEASE, false);
            journal.claim(intent("k2"), "a", LEASE, false);
        }
        Path log = onlyLog(dir);
        List<String> lines = Files.readAllLines(log);
        Files.writeString(log, "garbage\n" + lines.get(1) + "\n");

        assertThatThrownBy(() -> open(dir)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("damaged at line 1");
    }

    @Test
    void aTruncatedSnapshotIsRefusedAtOpenNamingTheFileWhatIsWrongAndWhatToDo() throws IOException {
        Path snapshot = journalWithASnapshot(work.resolve("truncated-snapshot"));
        String text = Files.readString(snapshot);
        Files.writeString(snapshot, text.substring(0, text.length() / 2));

        assertThatThrownBy(() -> open(snapshot.getParent())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("call journal snapshot " + snapshot + " is damaged")
                .hasMessageContaining("not complete JSON")
                .hasMessageContaining("restore it from a backup");
    }

    @Test
    void anEmptySnapshotIsRefusedAtOpenNamingTheFile() throws IOException {
        Path snapshot = journalWithASnapshot(work.resolve("empty-snapshot"));
        Files.writeString(snapshot, "");

        assertThatThrownBy(() -> open(snapshot.getParent())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("call journal snapshot " + snapshot + " is damaged: it is empty")
                .hasMessageContaining("restore it from a backup");
    }

    @Test
    void aSnapshotRecordThatIsNotARecordIsRefusedNamingTheFileAndTheRecord() throws IOException {
        Path snapshot = journalWithASnapshot(work.resolve("bad-record"));
        Files.writeString(snapshot, Files.readString(snapshot).replace("\"key\"", "\"kee\""));

        assertThatThrownBy(() -> open(snapshot.getParent())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("call journal snapshot " + snapshot + " is damaged: record 1")
                .hasMessageContaining("'key'");
    }

    @Test
    void aSnapshotWithoutItsGenerationIsRefusedNamingTheField() throws IOException {
        Path snapshot = journalWithASnapshot(work.resolve("no-generation"));
        Files.writeString(snapshot, "{\"records\":[]}");

        assertThatThrownBy(() -> open(snapshot.getParent())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("call journal snapshot " + snapshot + " is damaged")
                .hasMessageContaining("'generation'");
    }

    @Test
    void missingSnapshotBesideLogFilesRefusesToOpen() throws IOException {
        Path snapshot = journalWithASnapshot(work.resolve("snapshot-deleted"));
        Path dir = snapshot.getParent();
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("k3"), "a", LEASE, false); // in the log that continues from the snapshot
        }
        Path log = onlyLog(dir);
        byte[] logBefore = Files.readAllBytes(log);
        Files.delete(snapshot);

        assertThatThrownBy(() -> open(dir)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("call journal snapshot " + snapshot + " is missing")
                .hasMessageContaining(log.toString())
                .hasMessageContaining("restore it from a backup");
        assertThat(logs(dir)).as("nothing deleted").containsExactly(log);
        assertThat(Files.readAllBytes(log)).as("nothing changed").isEqualTo(logBefore);
        assertThat(dir.resolve("snapshot.json")).as("no empty snapshot written in its place").doesNotExist();
    }

    @Test
    void aJournalThatCrashedInsideItsFirstOpenStillOpens() throws IOException {
        // The first snapshot is written by the first open: a crash before it lands leaves the
        // generation-0 log and, when the crash came inside that compaction, generation 1's log, both empty.
        Path dir = Files.createDirectories(work.resolve("first-open-crashed"));
        Files.createFile(dir.resolve("calls-0.log"));
        Files.createFile(dir.resolve("calls-1.log"));

        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.claim(intent("k1"), "a", LEASE, false)).isEqualTo(new Claim.Owned(1, false));
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k1")).isPresent();
        }
    }

    /** A closed journal whose snapshot holds two records; the snapshot's path. */
    private Path journalWithASnapshot(Path dir) {
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("k1"), "a", LEASE, false);
            journal.complete("k1", 1, CallOutcome.succeeded("\"one\"", 1));
            journal.claim(intent("k2"), "a", LEASE, false);
        }
        open(dir).close(); // compacts at open: both records in the snapshot
        return dir.resolve("snapshot.json");
    }

    @Test
    void secondOpenOfTheDirectoryFailsFastNamingThePostgresJournal() {
        Path dir = work.resolve("locked");
        try (FileCallJournal journal = open(dir)) {
            assertThatThrownBy(() -> open(dir)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("in use by another process (pid " + ProcessHandle.current().pid() + ")")
                    .hasMessageContaining("PostgreSQL journal");
        }
        open(dir).close(); // released on close
    }

    @Test
    void secondProcessFailsFast() throws Exception {
        Path dir = work.resolve("two-processes");
        try (FileCallJournal journal = open(dir)) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process child = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-cp",
                    System.getProperty("java.class.path"), OpenJournalChild.class.getName(), dir.toString())
                    .redirectErrorStream(true).start();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(child.exitValue()).as(output).isEqualTo(3);
            assertThat(output).contains("in use by another process (pid " + ProcessHandle.current().pid() + ")")
                    .contains("PostgreSQL journal");
        }
    }

    @Test
    void compactionKeepsEveryRecordAndOneLog() throws IOException {
        Path dir = work.resolve("compaction");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).compactAfter(3).open()) {
            for (int i = 0; i < 20; i++) {
                journal.claim(intent("k" + i), "a", LEASE, false);
                journal.complete("k" + i, 1, CallOutcome.succeeded(Integer.toString(i), 1));
            }
        }
        assertThat(logs(dir)).hasSize(1);
        try (FileCallJournal journal = open(dir)) {
            for (int i = 0; i < 20; i++) {
                assertThat(journal.find("k" + i).orElseThrow().resultJson()).isEqualTo(Integer.toString(i));
            }
        }
    }

    @Test
    void logLeftBehindByACompactionCutShortIsStaleAndIgnored() throws IOException {
        Path dir = work.resolve("stale");
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("k1"), "a", LEASE, false);
            journal.complete("k1", 1, CallOutcome.succeeded("\"kept\"", 1));
        }
        // A crash after the snapshot was renamed into place and before the old log was deleted:
        // the old generation's log is still there, holding records the snapshot already has.
        Path current = onlyLog(dir);
        long generation = Long.parseLong(current.getFileName().toString().replaceAll("\\D", ""));
        Files.writeString(dir.resolve("calls-" + (generation - 1) + ".log"), "not even a record\n");

        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k1").orElseThrow().resultJson()).isEqualTo("\"kept\"");
        }
        assertThat(logs(dir)).hasSize(1);
    }

    @Test
    void purgedRecordsStayGoneAfterAReopen() {
        Path dir = work.resolve("purge");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).retention(Duration.ofMinutes(1)).open()) {
            journal.claim(intent("k1"), "a", LEASE, false);
            journal.complete("k1", 1, CallOutcome.succeeded("1", 1));
            clock.advance(Duration.ofMinutes(2));
            assertThat(journal.purge()).isEqualTo(1);
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("k1")).isEmpty();
        }
    }

    @Test
    void closedJournalRefusesWork() {
        FileCallJournal journal = open(work.resolve("closed"));
        journal.close();
        journal.close();
        assertThatThrownBy(() -> journal.claim(intent("k1"), "a", LEASE, false))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    private static Path onlyLog(Path dir) throws IOException {
        List<Path> logs = logs(dir);
        assertThat(logs).hasSize(1);
        return logs.get(0);
    }

    private static List<Path> logs(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log")).toList();
        }
    }
}
