package dev.idem.journal.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.FileCallJournal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILLs a process that runs tool calls through the file journal (compacting every 4 lines, so
 * kills land in compactions too), restarts it on the same directory, and checks that the
 * restarted process never runs an effect twice. Each cycle kills at one of three places, chosen by
 * the seed: when a request reaches the counting service (claimed, effect not done), right after
 * the service made the effect (before the answer, let alone the journal, saw it), or at a random
 * moment. A last, unkilled process then finishes every intent.
 *
 * <p>Kills: {@code -Didem.journal.crash.kills=N} (default {@value #DEFAULT_KILLS}); seed:
 * {@code -Didem.journal.crash.seed=S}. The soak:
 * <pre>
 * mvn -B -pl runtime -am verify -Dtest=FileJournalCrashTest -Didem.journal.crash.kills=300 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class FileJournalCrashTest {

    static final int DEFAULT_KILLS = 8;
    private static final int NEW_INTENTS_PER_CYCLE = 4;

    private enum KillAt { BEFORE_EFFECT, AFTER_EFFECT, IN_COMPACTION, RANDOM_MOMENT }


    @Test
    void processKilledAnywhereNeverRunsAnEffectTwiceAfterItsRestart(@TempDir Path work) throws Exception {
        int kills = Integer.getInteger("idem.journal.crash.kills", DEFAULT_KILLS);
        long seed = Long.getLong("idem.journal.crash.seed", System.nanoTime());
        Random random = new Random(seed);
        Path dir = work.resolve("journal");
        Map<KillAt, Integer> killsAt = new EnumMap<>(KillAt.class);
        Map<Integer, String> succeededBefore = new HashMap<>();
        int midCompaction = 0;
        long started = System.nanoTime();

        try (EffectService service = new EffectService()) {
            for (int cycle = 1; cycle <= kills; cycle++) {
                String where = "cycle " + cycle + " (seed " + seed + ", replay with -Didem.journal.crash.seed=" + seed + ")";
                int last = cycle * NEW_INTENTS_PER_CYCLE;
                KillAt killAt = KillAt.values()[random.nextInt(KillAt.values().length)];
                int victimArrival = 1 + random.nextInt(NEW_INTENTS_PER_CYCLE);
                Path stdout = work.resolve("child-" + cycle + ".out");
                Path stderr = work.resolve("child-" + cycle + ".err");
                AtomicReference<Process> child = new AtomicReference<>();
                long arrivalsBefore = service.arrivalCount();
                AtomicInteger arrivals = new AtomicInteger();
                AtomicReference<String> victim = new AtomicReference<>();
                AtomicBoolean killed = new AtomicBoolean();
                service.hook((key, owner, moment) -> {
                    if (killAt == KillAt.RANDOM_MOMENT || killAt == KillAt.IN_COMPACTION) {
                        return true;
                    }
                    if (moment == EffectService.Moment.BEFORE_EFFECT) {
                        if (arrivals.incrementAndGet() != victimArrival) {
                            return true;
                        }
                        if (killAt == KillAt.AFTER_EFFECT) {
                            victim.set(key); // killed once its effect is made
                            return true;
                        }
                    } else if (!key.equals(victim.get())) {
                        return true;
                    }
                    killed.set(true); // before the kill: the test thread wakes up as soon as the child is gone
                    CrashChildren.kill(child.get());
                    return false;
                });
                child.set(CrashChildren.start(JournalWorkerChild.class, stdout, stderr, dir.toString(),
                        Integer.toString(service.port()), "1", Integer.toString(last)));
                if (killAt == KillAt.RANDOM_MOMENT) {
                    // Once the child is at work (its first request arrived), somewhere in the next 150 ms.
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    while (service.arrivalCount() == arrivalsBefore && child.get().isAlive() && System.nanoTime() < deadline) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                    }
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(150_000)));
                    killed.set(child.get().isAlive());
                    CrashChildren.kill(child.get());
                } else if (killAt == KillAt.IN_COMPACTION) {
                    killed.set(killInsideACompaction(child.get(), dir));
                    CrashChildren.kill(child.get());
                } else if (!child.get().waitFor(60, TimeUnit.SECONDS)) {
                    CrashChildren.kill(child.get());
                    fail("child neither finished nor was killed in 60 s, " + where + "; stderr: " + Files.readString(stderr));
                }
                if (killed.get()) {
                    killsAt.merge(killAt, 1, Integer::sum);
                }
                if (leftoversOfACompaction(dir)) {
                    midCompaction++;
                }
                for (String[] done : CrashChildren.doneLines(stdout)) {
                    if (done[2].equals("SUCCEEDED")) {
                        succeededBefore.put(Integer.parseInt(done[0]), done[1]);
                    }
                }
                String error = Files.readString(stderr);
                assertThat(error).as("child stderr, %s", where).doesNotContain("Exception in thread");
            }

            int total = kills * NEW_INTENTS_PER_CYCLE;
            service.hook((key, owner, moment) -> true);
            Path stdout = work.resolve("final.out");
            Path stderr = work.resolve("final.err");
            Process last = CrashChildren.start(JournalWorkerChild.class, stdout, stderr, dir.toString(),
                    Integer.toString(service.port()), "1", Integer.toString(total));
            assertThat(last.waitFor(120, TimeUnit.SECONDS)).as("final run finished").isTrue();
            assertThat(last.exitValue()).as("final run: %s", Files.readString(stderr)).isZero();
            List<String[]> done = CrashChildren.doneLines(stdout);
            assertThat(done).hasSize(total);

            Map<String, List<EffectService.Arrival>> arrivals = service.arrivals();
            int unknown = 0;
            try (FileCallJournal journal = FileCallJournal.builder(dir).open()) {
                for (String[] line : done) {
                    int n = Integer.parseInt(line[0]);
                    String key = line[1];
                    String status = line[2];
                    List<EffectService.Arrival> seen = arrivals.getOrDefault(key, List.of());
                    long effects = seen.stream().filter(EffectService.Arrival::effect).count();
                    String what = "intent " + n + " (" + EffectTools.toolFor(n) + ", key " + key + ", seed " + seed
                            + "): final " + status + ", arrivals " + seen;
                    assertThat(effects).as("effects of %s", what).isLessThanOrEqualTo(1);
                    if (EffectTools.toolFor(n).equals(EffectTools.SEND_EMAIL)) {
                        assertThat(seen).as("a non-idempotent call is never sent twice: %s", what).hasSizeLessThanOrEqualTo(1);
                    }
                    assertThat(status).as(what).isIn("SUCCEEDED", "OUTCOME_UNKNOWN");
                    if (effects == 1) {
                        assertThat(status).as("an effect is never reported as failed: %s", what)
                                .isIn("SUCCEEDED", "OUTCOME_UNKNOWN");
                    }
                    if (succeededBefore.containsKey(n)) {
                        assertThat(status).as("a recorded success is never lost: %s", what).isEqualTo("SUCCEEDED");
                    }
                    CallRecord record = journal.find(key).orElseThrow(() -> new AssertionError("no record of " + what));
                    assertThat(record.status()).as(what).isIn(CallStatus.SUCCEEDED, CallStatus.OUTCOME_UNKNOWN);
                    if (status.equals("OUTCOME_UNKNOWN")) {
                        unknown++;
                        assertThat(EffectTools.toolFor(n)).as("only a non-idempotent call stays unknown: %s", what)
                                .isEqualTo(EffectTools.SEND_EMAIL);
                    }
                }
            }
            long effects = arrivals.values().stream().flatMap(List::stream).filter(EffectService.Arrival::effect).count();
            assertThat(killsAt.values().stream().mapToInt(Integer::intValue).sum()).as("kills that landed").isPositive();
            System.out.printf("FileJournalCrashTest: %d cycles, SIGKILLs %s in %d ms, seed %d; %d intents, %d effects,"
                            + " duplicated effects 0, %d left OUTCOME_UNKNOWN (non-idempotent, killed mid-call),"
                            + " %d kills left a compaction half done%n",
                    kills, killsAt, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), seed, total, effects,
                    unknown, midCompaction);
        }
    }

    /**
     * Watches the directory and kills the child the moment a compaction is half done: a snapshot
     * being written (its temporary file) or renamed while the old log is still there. Returns
     * whether it caught one before the child finished.
     */
    private static boolean killInsideACompaction(Process child, Path dir) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (child.isAlive() && System.nanoTime() < deadline) {
            if (leftoversOfACompaction(dir)) {
                CrashChildren.kill(child);
                return true;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    /** A snapshot's temporary file, or two log generations: the kill landed inside a compaction. */
    private static boolean leftoversOfACompaction(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(f -> f.getFileName().toString()).toList();
            return names.stream().anyMatch(n -> n.startsWith(".") && n.endsWith(".tmp"))
                    || names.stream().filter(n -> n.endsWith(".log")).count() > 1;
        }
    }
}
