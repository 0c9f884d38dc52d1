package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idem.logging.LogCapture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * The file journal on a real full disk: a 256 KiB tmpfs this test mounts (root only; skipped
 * otherwise), filled by a filler file until the device answers ENOSPC. tmpfs hands out whole 4 KiB
 * pages, so a record longer than a page always needs a new one: on the full disk its append is cut
 * short after writing what fit in the log's last page.
 */
class FileJournalFullDiskTest {

    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final int PAGE = 4096;
    /** Makes a record longer than a page: its append always needs a new page. */
    private static final String LONGER_THAN_A_PAGE = "h".repeat(5000);

    private static Path mount;
    private static boolean mounted;

    @TempDir
    Path work;

    private final TestClock clock = new TestClock();

    @BeforeAll
    static void mountASmallTmpfs() throws Exception {
        mount = Files.createTempDirectory("idem-full-disk");
        if (Shell.isRoot()) {
            mounted = Shell.run("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mount.toString()) == 0;
        }
        assumeTrue(mounted, "skipped: the full-disk tests mount a 256 KiB tmpfs to fill, which needs root"
                + " (run them as root, e.g. in a container)");
    }

    @AfterAll
    static void unmount() throws Exception {
        if (mounted) {
            assertThat(Shell.run("umount", mount.toString())).as("umount " + mount).isZero();
        }
        Files.deleteIfExists(mount);
    }

    @AfterEach
    void emptyTheDisk() throws IOException {
        try (Stream<Path> files = Files.walk(mount)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                if (!file.equals(mount)) {
                    Files.delete(file);
                }
            }
        }
    }

    @Test
    void aClaimWhoseAppendHitsAFullDiskFailsAndLeavesTheLogAsItWas() throws IOException {
        Path dir = mount.resolve("journal");
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.claim(intent("a"), "p", LEASE, false)).isEqualTo(new Claim.Owned(1, false));
            Path log = onlyLog(dir);
            fillTheDisk();
            byte[] before = Files.readAllBytes(log);

            assertThatThrownBy(() -> journal.claim(intent("b"), "p", LEASE, false))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining(log.toString())
                    .hasMessageContaining("No space left on device")
                    .hasMessageContaining("not stored");
            assertThat(Files.readAllBytes(log)).as("the log after the failed append").isEqualTo(before);
            assertThat(journal.find("b")).as("memory agrees with the disk").isEmpty();

            assertThatThrownBy(() -> journal.complete("a", 1, CallOutcome.succeeded(quoted(LONGER_THAN_A_PAGE), 1)))
                    .isInstanceOf(UncheckedIOException.class).hasMessageContaining("not stored");
            assertThat(Files.readAllBytes(log)).isEqualTo(before);
            assertThat(journal.find("a").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
        }
    }

    @Test
    void claimsWorkAgainOnceTheDiskHasSpaceWithoutAReopen() {
        Path dir = mount.resolve("journal");
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("a"), "p", LEASE, false);
            fillTheDisk();
            assertThatThrownBy(() -> journal.claim(intent("b"), "p", LEASE, false))
                    .isInstanceOf(UncheckedIOException.class);
            freeTheDisk();

            assertThat(journal.claim(intent("b"), "p", LEASE, false)).isEqualTo(new Claim.Owned(1, false));
            assertThat(journal.complete("a", 1, CallOutcome.succeeded("1", 1))).isTrue();
            assertThat(journal.complete("b", 1, CallOutcome.succeeded("2", 1))).isTrue();
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("a").orElseThrow().resultJson()).isEqualTo("1");
            assertThat(journal.find("b").orElseThrow().resultJson()).isEqualTo("2");
        }
    }

    @Test
    void aReopenAfterAFullDiskReadsEveryAcknowledgedRecordAndFindsNoDamage() {
        Path dir = mount.resolve("journal");
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("a"), "p", LEASE, false);
            fillTheDisk();
            assertThatThrownBy(() -> journal.claim(intent("b"), "p", LEASE, false))
                    .isInstanceOf(UncheckedIOException.class);
            assertThatThrownBy(() -> journal.complete("a", 1, CallOutcome.succeeded(quoted(LONGER_THAN_A_PAGE), 1)))
                    .isInstanceOf(UncheckedIOException.class);
            freeTheDisk();
            journal.claim(intent("c"), "p", LEASE, false);
            journal.complete("a", 1, CallOutcome.succeeded("\"a done\"", 1));
            journal.claim(intent("d"), "p", LEASE, false);
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("a").orElseThrow().resultJson()).isEqualTo("\"a done\"");
            assertThat(journal.find("b")).isEmpty();
            assertThat(journal.find("c").orElseThrow().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
            assertThat(journal.find("d").orElseThrow().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        }
    }

    @Test
    void theStartedRecordABodyRanUnderIsNeverForgottenAfterAFullDiskAndACrash() throws IOException {
        Path dir = mount.resolve("journal");
        int bodyRuns = 0;
        Path afterTheCrash;
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("a"), "p", LEASE, false);
            fillTheDisk();
            assertThatThrownBy(() -> journal.claim(intent("x"), "p", LEASE, false))
                    .isInstanceOf(UncheckedIOException.class);
            freeTheDisk();
            if (journal.claim(intent("email"), "p", LEASE, false) instanceof Claim.Owned) {
                bodyRuns++; // the e-mail is sent; the process dies before recording it
            }
            afterTheCrash = filesLeftByACrash(dir);
        }
        try (FileCallJournal journal = open(afterTheCrash)) {
            Claim again = journal.claim(intent("email"), "restarted", LEASE, false);
            if (again instanceof Claim.Owned) {
                bodyRuns++;
            }
            assertThat(again).isInstanceOf(Claim.Recorded.class);
            assertThat(((Claim.Recorded) again).record().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        }
        assertThat(bodyRuns).as("times the e-mail was sent").isEqualTo(1);
    }

    @Test
    void aCompactionThatHitsAFullDiskLeavesTheClaimStandingAndIsRetriedLater() throws IOException {
        Path dir = mount.resolve("journal");
        String twoKib = "h".repeat(2000);
        Path afterTheCrash;
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).compactAfter(3).open();
                LogCapture logs = LogCapture.start("dev.idem.journal", Level.WARN)) {
            journal.claim(intent("a", twoKib), "p", LEASE, false);
            journal.claim(intent("b", twoKib), "p", LEASE, false);
            Path log = onlyLog(dir);
            fillTheDisk();
            leaveFreePages(1); // room for the third line, not for a snapshot of three records (7 KB)

            assertThat(journal.claim(intent("c", twoKib), "p", LEASE, false)).isEqualTo(new Claim.Owned(1, false));
            assertThat(journal.find("c").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
            assertThat(logs.messages(Level.WARN)).anyMatch(m -> m.contains("compaction") && m.contains(dir.toString())
                    && m.contains("retried"));
            assertThat(logs(dir)).contains(log);
            afterTheCrash = filesLeftByACrash(dir);

            freeTheDisk();
            journal.claim(intent("d", twoKib), "p", LEASE, false);
            assertThat(logs(dir)).as("compacted at the next append: a new generation, the old log gone")
                    .hasSize(1).doesNotContain(log);
        }
        try (FileCallJournal journal = open(afterTheCrash)) {
            assertThat(journal.find("c").orElseThrow().status()).as("the claim stood on disk")
                    .isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        }
        try (FileCallJournal journal = open(dir)) {
            for (String key : List.of("a", "b", "c", "d")) {
                assertThat(journal.find(key)).as(key).isPresent();
            }
        }
    }

    @Test
    void aJournalOpensOnAFullDiskAndAnswersFromItsRecords() {
        Path dir = mount.resolve("journal");
        try (FileCallJournal journal = open(dir)) {
            journal.claim(intent("a"), "p", LEASE, false);
            journal.complete("a", 1, CallOutcome.succeeded("\"done\"", 1));
        }
        fillTheDisk();
        try (FileCallJournal journal = open(dir)) {
            Claim replay = journal.claim(intent("a"), "p", LEASE, false);
            assertThat(((Claim.Recorded) replay).record().resultJson()).isEqualTo("\"done\"");
            assertThatThrownBy(() -> journal.claim(intent("b"), "p", LEASE, false))
                    .isInstanceOf(UncheckedIOException.class);
            freeTheDisk();
            assertThat(journal.claim(intent("b"), "p", LEASE, false)).isEqualTo(new Claim.Owned(1, false));
        }
        try (FileCallJournal journal = open(dir)) {
            assertThat(journal.find("a").orElseThrow().resultJson()).isEqualTo("\"done\"");
            assertThat(journal.find("b")).isPresent();
        }
    }

    @Test
    void aJournalThatCrashedBeforeItsFirstSnapshotOpensOnItsLog() throws IOException {
        Path dir = mount.resolve("journal");
        fillTheDisk();
        Path afterTheCrash;
        try (FileCallJournal journal = open(dir)) { // no room for the first snapshot: it runs on calls-0.log
            leaveFreePages(1);
            assertThat(journal.claim(intent("a", "h".repeat(2000)), "p", LEASE, false))
                    .isEqualTo(new Claim.Owned(1, false));
            afterTheCrash = filesLeftByACrash(dir);
        }
        assertThat(afterTheCrash.resolve("snapshot.json")).doesNotExist();
        assertThat(logs(afterTheCrash)).containsExactly(afterTheCrash.resolve("calls-0.log"));
        Path cutShort = filesLeftByACrash(afterTheCrash);
        // A crash inside the first compaction: the next generation's log made, its snapshot not yet in place.
        Files.createFile(cutShort.resolve("calls-1.log"));

        for (Path crashed : List.of(afterTheCrash, cutShort)) {
            try (FileCallJournal journal = open(crashed)) {
                assertThat(journal.find("a").orElseThrow().status()).as(crashed.toString())
                        .isEqualTo(CallStatus.OUTCOME_UNKNOWN);
            }
        }
    }

    @Test
    void aPurgeWhoseSnapshotHitsAFullDiskFailsAndForgetsNothing() {
        Path dir = mount.resolve("journal");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).retention(Duration.ofMinutes(1))
                .open()) {
            for (String key : List.of("a", "b", "c")) {
                journal.claim(intent(key), "p", LEASE, false);
                journal.complete(key, 1, CallOutcome.succeeded("1", 1));
            }
            journal.claim(intent("kept"), "p", LEASE, false);
            clock.advance(Duration.ofMinutes(2));
            fillTheDisk();

            assertThatThrownBy(journal::purge).isInstanceOf(UncheckedIOException.class);
            assertThat(journal.find("a")).as("memory agrees with the disk").isPresent();
            freeTheDisk();
            assertThat(journal.purge()).isEqualTo(3);
            assertThat(journal.find("a")).isEmpty();
        }
    }

    private FileCallJournal open(Path dir) {
        return FileCallJournal.builder(dir).clock(clock).open();
    }

    private static CallIntent intent(String key) {
        return intent(key, LONGER_THAN_A_PAGE);
    }

    private static CallIntent intent(String key, String argumentsHash) {
        return new CallIntent(key, "intent-1", "pay", argumentsHash);
    }

    private static String quoted(String text) {
        return "\"" + text + "\"";
    }

    /** Writes a filler file, page by page, until the device is full. */
    private static void fillTheDisk() {
        try (FileChannel filler = FileChannel.open(mount.resolve("filler"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer page = ByteBuffer.allocate(PAGE);
            for (int pages = 0; pages < 1024; pages++) {
                page.clear();
                while (page.hasRemaining()) {
                    filler.write(page);
                }
            }
            throw new AssertionError("the tmpfs at " + mount + " took 4 MiB and is still not full");
        } catch (IOException e) {
            assertThat(e).hasMessageContaining("No space left on device");
        }
    }

    /** Gives {@code pages} pages of the filler back to the device. */
    private static void leaveFreePages(int pages) {
        try (FileChannel filler = FileChannel.open(mount.resolve("filler"), StandardOpenOption.WRITE)) {
            filler.truncate(filler.size() - (long) pages * PAGE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void freeTheDisk() {
        try {
            Files.delete(mount.resolve("filler"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What a process killed now leaves: its files as they are (every append was forced), copied to
     * a directory of their own, since the journal still holds the lock on {@code dir}.
     */
    private Path filesLeftByACrash(Path dir) throws IOException {
        Path image = Files.createTempDirectory(work, "crashed");
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().equals("journal.lock")) {
                    Files.copy(file, image.resolve(file.getFileName()));
                }
            }
        }
        return image;
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
