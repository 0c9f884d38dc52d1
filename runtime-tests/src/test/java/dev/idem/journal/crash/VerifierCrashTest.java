package dev.idem.journal.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.FileCallJournal;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILLs a process after it dispatched a non-idempotent call ({@code sendEmail}, its verifier asks
 * the {@link EffectService} by key) and before it recorded the outcome: either right before the
 * service makes the effect or right after it (chosen by the seed), one process per round. A last
 * process on the same file journal takes the dead owners' calls over (the restart is the
 * takeover: the file journal's records of a dead owner are its lost leases) and asks the
 * verifier: APPLIED is recorded SUCCEEDED and replayed, the body never runs again; NOT_APPLIED runs
 * the call once. In a third kind of round the verifier cannot reach the service: the call stays
 * OUTCOME_UNKNOWN and nothing runs. Effects are counted on the service.
 *
 * <p>Rounds: {@code -Didem.journal.verify.rounds=N} (default {@value #DEFAULT_ROUNDS}: one JVM killed
 * per round, then one that takes them all over); seed: {@code -Didem.journal.verify.seed=S}. The soak:
 * <pre>
 * mvn -B -pl runtime -am verify -Dtest=VerifierCrashTest -Didem.journal.verify.rounds=60 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class VerifierCrashTest {

    static final int DEFAULT_ROUNDS = 3;

    /** What the killed call left behind, and whether the verifier can reach the service. */
    private enum Round { APPLIED, NOT_APPLIED, CANNOT_TELL }

    @Test
    void aCallTakenOverAfterACrashIsResolvedByItsVerifierNeverRunTwiceNorLost(@TempDir Path work) throws Exception {
        int rounds = Integer.getInteger("idem.journal.verify.rounds", DEFAULT_ROUNDS);
        long seed = Long.getLong("idem.journal.verify.seed", System.nanoTime());
        Random random = new Random(seed);
        int offset = random.nextInt(Round.values().length);
        Path dir = work.resolve("journal");
        Map<Round, Integer> played = new EnumMap<>(Round.class);
        int answerable = 0;
        int resolved = 0;
        int unknown = 0;
        int duplicated = 0;
        int lost = 0;
        int replayed = 0;
        int ranOnce = 0;
        long started = System.nanoTime();
        try (EffectService service = new EffectService()) {
            Round[] kinds = new Round[rounds + 1];
            boolean[] afterEffect = new boolean[rounds + 1];
            long[] victims = new long[rounds + 1];
            List<String> blind = new ArrayList<>();
            Map<String, List<String>> senders = new ConcurrentHashMap<>();
            for (int n = 1; n <= rounds; n++) {
                // Every kind in the first three rounds, then as the seed says.
                Round round = Round.values()[n <= Round.values().length ? (n - 1 + offset) % Round.values().length
                        : random.nextInt(Round.values().length)];
                kinds[n] = round;
                afterEffect[n] = round == Round.CANNOT_TELL ? random.nextBoolean() : round == Round.APPLIED;
                played.merge(round, 1, Integer::sum);
                if (round == Round.CANNOT_TELL) {
                    blind.add(Integer.toString(n));
                }
                boolean killAfter = afterEffect[n];
                AtomicReference<Process> victim = new AtomicReference<>();
                service.hook((key, owner, moment) -> {
                    if (moment == EffectService.Moment.BEFORE_EFFECT) {
                        senders.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(owner);
                    }
                    Process child = victim.get();
                    if (child == null || !owner.equals("pid-" + child.pid())
                            || (moment == EffectService.Moment.AFTER_EFFECT) != killAfter) {
                        return true;
                    }
                    CrashChildren.kill(child);
                    return false;
                });
                String intent = Integer.toString(n);
                Path out = work.resolve("killed-" + n + ".out");
                victim.set(CrashChildren.start(VerifierWorkerChild.class, out, work.resolve("killed-" + n + ".err"),
                        dir.toString(), Integer.toString(service.port()), intent, intent));
                victims[n] = victim.get().pid();
                assertThat(victim.get().waitFor(60, TimeUnit.SECONDS)).as("round %d killed, seed %d", n, seed).isTrue();
                assertThat(CrashChildren.doneLines(out)).as("round %d killed mid-call, seed %d", n, seed).isEmpty();
            }

            // The restarted process takes every dead owner's call over and asks the verifiers.
            service.hook((key, owner, moment) -> {
                if (moment == EffectService.Moment.BEFORE_EFFECT) {
                    senders.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(owner);
                }
                return true;
            });
            Path out = work.resolve("takeover.out");
            Path err = work.resolve("takeover.err");
            Process takeover = CrashChildren.start(VerifierWorkerChild.class, out, err, dir.toString(),
                    Integer.toString(service.port()), "1", Integer.toString(rounds), Integer.toString(closedPort()),
                    blind.isEmpty() ? "-" : String.join(",", blind));
            assertThat(takeover.waitFor(120, TimeUnit.SECONDS)).as("takeover finished, seed %d", seed).isTrue();
            assertThat(takeover.exitValue()).as("takeover: %s; seed %d", Files.readString(err), seed).isZero();
            List<String[]> done = CrashChildren.doneLines(out);
            assertThat(done).hasSize(rounds);
            try (FileCallJournal journal = FileCallJournal.builder(dir).open()) {
                for (String[] line : done) {
                    int n = Integer.parseInt(line[0]);
                    Round round = kinds[n];
                    String key = line[1];
                    String status = line[2];
                    boolean wasReplayed = Boolean.parseBoolean(line[3]);
                    long effects = service.effects(key);
                    List<String> sent = senders.getOrDefault(key, List.of());
                    String what = "round " + n + " " + round + (afterEffect[n] ? " (killed after the effect)"
                            : " (killed before it)") + ", seed " + seed + " (replay with -Didem.journal.verify.seed="
                            + seed + "): key " + key + ", final " + status + " replayed " + wasReplayed
                            + ", requests from " + sent + " (killed pid-" + victims[n] + ", takeover pid-"
                            + takeover.pid() + "), effects " + effects;
                    if (effects > 1) {
                        duplicated++;
                    }
                    assertThat(effects).as("duplicated effects: %s", what).isLessThanOrEqualTo(1);
                    CallRecord record = journal.find(key).orElseThrow(() -> new AssertionError("no record: " + what));
                    switch (round) {
                        case APPLIED -> {
                            answerable++;
                            assertThat(sent).as("APPLIED: the body never runs again: %s", what).hasSize(1);
                            assertThat(status).as("APPLIED is recorded SUCCEEDED: %s", what).isEqualTo("SUCCEEDED");
                            assertThat(wasReplayed).as("APPLIED is answered as a replay: %s", what).isTrue();
                            assertThat(record.status()).as(what).isEqualTo(CallStatus.SUCCEEDED);
                            resolved++;
                            replayed++;
                        }
                        case NOT_APPLIED -> {
                            answerable++;
                            if (effects == 0) {
                                lost++;
                            }
                            assertThat(sent).as("NOT_APPLIED: the call runs once: %s", what).hasSize(2);
                            assertThat(effects).as("NOT_APPLIED: the call runs once: %s", what).isEqualTo(1);
                            assertThat(status).as(what).isEqualTo("SUCCEEDED");
                            assertThat(wasReplayed).as(what).isFalse();
                            assertThat(record.status()).as(what).isEqualTo(CallStatus.SUCCEEDED);
                            resolved++;
                            ranOnce++;
                        }
                        case CANNOT_TELL -> {
                            unknown++;
                            assertThat(sent).as("cannot tell: nothing runs: %s", what).hasSize(1);
                            assertThat(status).as(what).isEqualTo("OUTCOME_UNKNOWN");
                            assertThat(record.status()).as(what).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
                        }
                    }
                }
            }
        }
        System.out.printf("VerifierCrashTest: %d rounds %s in %d ms, seed %d; SIGKILLs %d; answerable unknowns %d,"
                        + " resolved %d (%d replayed, %d run once), duplicated effects %d, lost %d,"
                        + " left unknown (verifier unreachable) %d%n",
                rounds, played, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), seed, rounds, answerable,
                resolved, replayed, ranOnce, duplicated, lost, unknown);
        assertThat(resolved).as("every unknown the verifier can answer is resolved").isEqualTo(answerable);
    }

    /** A loopback port nothing listens on: a verifier asking there cannot tell. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
