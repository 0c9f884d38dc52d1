package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.idem.logging.LogCapture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * The file journal in a directory it may not change. Root ignores permissions, so as root the
 * directory is made immutable ({@code chattr +i}: no file created, renamed or deleted in it) or
 * reached through a read-only bind mount; otherwise {@code chmod a-w} does it. Each test first
 * proves the directory really refuses a write, and is skipped with the reason when it does not.
 */
class FileJournalReadOnlyTest {

    private static final Duration LEASE = Duration.ofSeconds(10);

    @TempDir
    Path work;

    private final TestClock clock = new TestClock();

    @Test
    void aDirectoryThatTurnsReadOnlyStopsCompactionButNeverAClaim() throws IOException {
        Path dir = work.resolve("journal");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).compactAfter(2).open();
                LogCapture logs = LogCapture.start("dev.idem.journal", Level.WARN)) {
            journal.claim(intent("a"), "p", LEASE, false);
            Path log = onlyLog(dir);
            boolean root = Shell.isRoot();
            lockEntries(dir, root);
            try {
                // The log is open already: its appends go on; the snapshot (a new file) cannot be made.
                assertThat(journal.claim(intent("b"), "p", LEASE, false)).isEqualTo(new Claim.Owned(1, false));
                assertThat(journal.find("b").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
                assertThat(logs.messages(Level.WARN)).anyMatch(m -> m.contains("compaction") && m.contains("retried"));
                assertThat(journal.complete("b", 1, CallOutcome.succeeded("\"b\"", 1))).isTrue();
            } finally {
                unlockEntries(dir, root);
            }
            journal.claim(intent("c"), "p", LEASE, false);
            assertThat(logs(dir)).as("compacted once the directory is writable again").hasSize(1).doesNotContain(log);
        }
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            assertThat(journal.find("a")).isPresent();
            assertThat(journal.find("b").orElseThrow().resultJson()).isEqualTo("\"b\"");
            assertThat(journal.find("c")).isPresent();
        }
    }

    @Test
    void aJournalOnAReadOnlyFileSystemIsRefusedAtOpenNamingTheDirectoryAndNothingChanges() throws IOException {
        Path dir = work.resolve("journal");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            journal.claim(intent("a"), "p", LEASE, false);
            journal.complete("a", 1, CallOutcome.succeeded("\"a\"", 1));
        }
        Path log = onlyLog(dir);
        byte[] logBefore = Files.readAllBytes(log);
        byte[] snapshotBefore = Files.readAllBytes(dir.resolve("snapshot.json"));
        boolean root = Shell.isRoot();
        Path readOnly = root ? work.resolve("read-only") : dir;
        if (root) {
            Files.createDirectories(readOnly);
            if (Shell.run("mount", "--bind", dir.toString(), readOnly.toString()) != 0) {
                abort("skipped: cannot bind-mount " + dir);
            }
            if (Shell.run("mount", "-o", "remount,ro,bind", readOnly.toString()) != 0) {
                Shell.run("umount", readOnly.toString());
                abort("skipped: cannot remount the bind mount " + readOnly + " read-only");
            }
        } else {
            setWritable(dir, false);
        }
        try {
            if (Files.isWritable(readOnly.resolve("journal.lock"))) {
                abort("skipped: " + readOnly + " is still writable for this user");
            }
            assertThatThrownBy(() -> FileCallJournal.builder(readOnly).clock(clock).open())
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("cannot open the call journal in " + readOnly);
        } finally {
            if (root) {
                Shell.run("umount", readOnly.toString());
            } else {
                setWritable(dir, true);
            }
        }
        assertThat(Files.readAllBytes(log)).isEqualTo(logBefore);
        assertThat(Files.readAllBytes(dir.resolve("snapshot.json"))).isEqualTo(snapshotBefore);
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            assertThat(journal.find("a").orElseThrow().resultJson()).isEqualTo("\"a\"");
        }
    }

    @Test
    void compactionWarningGivesTheReasonAndNamesTheFileOnce() throws IOException {
        Path dir = work.resolve("journal");
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).compactAfter(2).open();
                LogCapture logs = LogCapture.start("dev.idem.journal", Level.WARN)) {
            journal.claim(intent("a"), "p", LEASE, false);
            Path next = nextLog(dir);
            boolean root = Shell.isRoot();
            lockEntries(dir, root);
            try {
                journal.claim(intent("b"), "p", LEASE, false);
            } finally {
                unlockEntries(dir, root);
            }
            String warning = compactionWarning(logs.messages(Level.WARN));
            // chattr +i answers EPERM; chmod answers EACCES, which Java reports with no reason of its own.
            assertThat(warning).contains(root ? "Operation not permitted" : "Permission denied");
            assertThat(warning.split(Pattern.quote(next.toString()), -1)).as(warning).hasSize(2);
        }
    }

    @Test
    void permissionDeniedIsTheReasonACompactionWarningGives() throws Exception {
        Path dir = work.resolve("journal");
        FileCallJournal.builder(dir).clock(clock).open().close();
        Path next = nextLog(dir);
        List<String> command = new ArrayList<>();
        if (Shell.isRoot()) {
            // Root passes every permission check while it holds CAP_DAC_OVERRIDE: the child runs without it.
            if (Shell.run("setpriv", "--bounding-set=-dac_override,-dac_read_search", "true") != 0) {
                abort("skipped: root ignores permissions, and setpriv cannot drop CAP_DAC_OVERRIDE here");
            }
            command.addAll(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search",
                    "--inh-caps=-dac_override,-dac_read_search"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Dslf4j.provider=" + System.getProperty("slf4j.provider"), "-cp",
                System.getProperty("java.class.path"), OpenJournalChild.class.getName(), dir.toString()));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        String output;
        try {
            Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
            output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(output).isZero();
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        String warning = compactionWarning(output.lines().toList());
        assertThat(warning).contains("Permission denied");
        assertThat(warning.split(Pattern.quote(next.toString()), -1)).as(warning).hasSize(2);
    }

    private static String compactionWarning(List<String> messages) {
        return messages.stream().filter(m -> m.contains("call journal compaction")).findFirst()
                .orElseThrow(() -> new AssertionError("no compaction warning in " + messages));
    }

    /** The log the next compaction would start. */
    private static Path nextLog(Path dir) throws IOException {
        String current = onlyLog(dir).getFileName().toString();
        return dir.resolve("calls-" + (Long.parseLong(current.replaceAll("\\D", "")) + 1) + ".log");
    }

    /** No entry may be created, renamed or deleted in {@code dir}; files already open stay writable. */
    private static void lockEntries(Path dir, boolean root) throws IOException {
        if (root) {
            if (Shell.run("chattr", "+i", dir.toString()) != 0) {
                abort("skipped: root ignores permissions, and chattr +i is not supported on " + dir);
            }
        } else {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        }
        try {
            Files.delete(Files.createFile(dir.resolve("probe")));
        } catch (IOException expected) {
            return; // read-only, as wanted
        }
        unlockEntries(dir, root);
        abort("skipped: " + dir + " still accepts new files for this user");
    }

    private static void unlockEntries(Path dir, boolean root) throws IOException {
        if (root) {
            Shell.run("chattr", "-i", dir.toString());
        } else {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static void setWritable(Path dir, boolean writable) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String permissions = writable ? "rw-------" : "r--r--r--";
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
            }
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(writable ? "rwx------" : "r-xr-xr-x"));
    }

    private static CallIntent intent(String key) {
        return new CallIntent(key, "intent-1", "pay", "hash");
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
