package dev.idem.state.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.idem.state.StateStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Kills a JVM that saves state in a tight loop with SIGKILL at random moments, over and over,
 * and checks after each kill that the saved state is one complete version: the last one the
 * child announced, or the one after it (written, killed before announcing).
 *
 * <p>Kills: {@code -Didem.crash.kills=N} (default {@value #DEFAULT_KILLS}, the least the project
 * promises; each kill costs a JVM start). They are shared by {@code -Didem.crash.writers=W}
 * (default {@value #DEFAULT_WRITERS}) writers, each its own state directory killed in turn, so that
 * one child starts while another is killed: each writer is the whole test on its own, and 200 kills
 * take about a minute on two cores. Seed: {@code -Didem.crash.seed=S} replays a failing schedule
 * (writer {@code w} plays {@code S + w}). The soak:
 * <pre>
 * mvn -B -pl runtime -am verify -Dtest=StateStoreCrashTest -Didem.crash.kills=1000 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class StateStoreCrashTest {
    static final int DEFAULT_KILLS = 200;
    static final int DEFAULT_WRITERS = 2;

    /** What one writer's kills left behind. */
    private record Tally(long finalVersion, int tornWrites, int unannouncedComplete) {}

    @Test
    void stateKilledMidWriteIsAlwaysOneCompleteVersion(@TempDir Path work) throws Exception {
        int kills = Integer.getInteger("idem.crash.kills", DEFAULT_KILLS);
        int writers = Math.min(kills, Integer.getInteger("idem.crash.writers", DEFAULT_WRITERS));
        long seed = Long.getLong("idem.crash.seed", System.nanoTime());
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Tally> tallies = new ArrayList<>();
        try {
            List<Future<Tally>> running = new ArrayList<>();
            for (int writer = 0; writer < writers; writer++) {
                int share = kills / writers + (writer < kills % writers ? 1 : 0);
                Path dir = work.resolve("writer-" + writer);
                long writerSeed = seed + writer;
                String name = "writer " + writer;
                running.add(pool.submit(() -> killRepeatedly(dir, share, writerSeed, name, seed)));
            }
            for (Future<Tally> writer : running) {
                tallies.add(outcome(writer));
            }
        } finally {
            pool.shutdownNow();
        }

        System.out.printf("StateStoreCrashTest: %d SIGKILLs of %d writers in %d ms, seed %d, final versions %s, "
                        + "%d kills left a temporary file (write in progress), %d left a complete unannounced version%n",
                kills, writers, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), seed,
                tallies.stream().map(tally -> String.valueOf(tally.finalVersion())).toList(),
                tallies.stream().mapToInt(Tally::tornWrites).sum(),
                tallies.stream().mapToInt(Tally::unannouncedComplete).sum());
    }

    /** One writer: {@code kills} children on one state directory, each SIGKILLed and its state checked. */
    private static Tally killRepeatedly(Path work, int kills, long writerSeed, String name, long seed) throws Exception {
        Random random = new Random(writerSeed);
        Path stateDir = work.resolve("state");
        Files.createDirectories(work);
        Path childErrors = work.resolve("child-stderr.txt");
        Path announcements = work.resolve("child-stdout.txt");
        StateStore store = StateStore.open(stateDir);
        long known = 0;
        int unannouncedComplete = 0;
        int tornWrites = 0;

        for (int kill = 1; kill <= kills; kill++) {
            String where = name + ", kill " + kill + "/" + kills + " (seed " + seed + ", replay with -Didem.crash.seed="
                    + seed + ")";
            long tempFilesBefore = temporaryFiles(stateDir);
            Process child = startChild(stateDir, announcements, childErrors);

            // Most kills land in the write loop; some while the child starts or reads the state.
            boolean early = random.nextInt(10) == 0;
            if (!early && !awaitFirstAnnouncement(child, announcements)) {
                child.destroyForcibly();
                fail("child never wrote a version, " + where + "; its stderr: " + Files.readString(childErrors));
            }
            LockSupport.parkNanos(random.nextInt(early ? 200_000_000 : 15_000_000));
            child.destroyForcibly();
            child.waitFor();
            if (temporaryFiles(stateDir) > tempFilesBefore) {
                tornWrites++;
            }

            JsonNode state = store.load(CrashDocument.NAME).orElse(null);
            long lastAnnounced = lastAnnouncement(announcements);
            long floor = Math.max(known, lastAnnounced);
            if (state == null) {
                assertThat(floor).as("no state, yet version %d was announced, %s", floor, where).isZero();
                continue;
            }
            assertThat(CrashDocument.isIntact(state)).as("saved state is torn after %s: %s", where,
                    abbreviate(state.toString())).isTrue();
            long version = state.get("version").asLong();
            assertThat(version).as("version after %s (child announced %d, state before it was %d)", where,
                    lastAnnounced, known).isBetween(floor, floor + 1);
            if (version == floor + 1) {
                unannouncedComplete++;
            }
            known = version;
        }
        return new Tally(known, tornWrites, unannouncedComplete);
    }

    /** A writer's tally, or what failed it, as it failed (an assertion stays an assertion). */
    private static Tally outcome(Future<Tally> writer) throws Exception {
        try {
            return writer.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            if (e.getCause() instanceof Exception exception) {
                throw exception;
            }
            throw e;
        }
    }

    /**
     * The child's stdout goes to a file, not a pipe: what it wrote before the kill is in the file,
     * whereas a pipe being drained by the JDK when the process dies can fail a concurrent reader.
     */
    private static Process startChild(Path stateDir, Path announcements, Path childErrors) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"),
                StateWriterChild.class.getName(), stateDir.toString())
                .redirectOutput(announcements.toFile())
                .redirectError(childErrors.toFile())
                .start();
    }

    private static boolean awaitFirstAnnouncement(Process child, Path announcements) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && child.isAlive()) {
            if (lastAnnouncement(announcements) > 0) {
                return true;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return false;
    }

    /** The last version printed on a complete line; a line cut by the kill does not count. */
    private static long lastAnnouncement(Path announcements) throws IOException {
        String text = Files.readString(announcements, StandardCharsets.US_ASCII);
        int end = text.lastIndexOf('\n');
        if (end < 0) {
            return -1;
        }
        int start = text.lastIndexOf('\n', end - 1) + 1;
        return Long.parseLong(text.substring(start, end).trim());
    }

    private static long temporaryFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.getFileName().toString().startsWith(".")).count();
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
