package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.crash.CrashChildren;
import dev.idem.journal.crash.EffectService;
import dev.idem.journal.crash.EffectTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replica JVMs claim and run the same intents (one from each end) on one PostgreSQL table
 * while one of them is SIGKILLed (right before or right after an effect) or frozen with SIGSTOP
 * past its lease and woken again (a zombie); a replacement finishes a killed replica's work.
 * After every round, on the counting service and in the journal: effects per key &lt;= 1; a
 * non-idempotent call is never sent twice, and stays OUTCOME_UNKNOWN when its owner died
 * mid-call; an effect is never reported as failed; a takeover comes only after the lease; a
 * zombie's late outcome is fenced out or resolves an unknown outcome with the truth.
 *
 * <p>Rounds: {@code -Didem.journal.replicas.rounds=N} (default {@value #DEFAULT_ROUNDS}); seed:
 * {@code -Didem.journal.replicas.seed=S}. The soak:
 * <pre>
 * mvn -B -pl journal-postgres -am verify -Dtest=ReplicaCrashTest -Didem.journal.replicas.rounds=40 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class ReplicaCrashTest {

    static final int DEFAULT_ROUNDS = 3;
    private static final int INTENTS = 16;
    private static final long LEASE_MS = 1_000;
    private static final long IN_FLIGHT_WAIT_MS = 4_000;

    private enum Fault { KILL_BEFORE_EFFECT, KILL_AFTER_EFFECT, FREEZE }

    @Test
    void replicasKilledOrFrozenMidCallNeverDuplicateAnEffect(@TempDir Path work) throws Exception {
        int rounds = Integer.getInteger("idem.journal.replicas.rounds", DEFAULT_ROUNDS);
        long seed = Long.getLong("idem.journal.replicas.seed", System.nanoTime());
        Random random = new Random(seed);
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource())
                .table(TestDatabase.freshTable("replicas")).build();
        journal.createSchema();
        Map<Fault, Integer> faults = new HashMap<>();
        int fencedLateOutcomes = 0;
        int takeovers = 0;
        int unknown = 0;
        long started = System.nanoTime();

        try (EffectService service = new EffectService()) {
            for (int round = 1; round <= rounds; round++) {
                String where = "round " + round + " (seed " + seed + ", replay with -Didem.journal.replicas.seed="
                        + seed + ")";
                String prefix = "r" + round + "-intent-";
                Fault fault = Fault.values()[(round - 1 + random.nextInt(3)) % 3];
                boolean victimIsA = random.nextBoolean();
                String victimOwner = (victimIsA ? "A" : "B") + round;
                int victimArrival = 1 + random.nextInt(4);
                AtomicInteger victimArrivals = new AtomicInteger();
                AtomicReference<String> victimKey = new AtomicReference<>();
                AtomicBoolean struck = new AtomicBoolean();
                Map<String, Process> replicas = new HashMap<>();
                service.hook((key, owner, moment) -> {
                    if (fault == Fault.FREEZE || !victimOwner.equals(owner) || struck.get()) {
                        return true;
                    }
                    if (moment == EffectService.Moment.BEFORE_EFFECT) {
                        if (victimArrivals.incrementAndGet() != victimArrival) {
                            return true;
                        }
                        victimKey.set(key);
                        if (fault == Fault.KILL_AFTER_EFFECT) {
                            return true;
                        }
                    } else if (!key.equals(victimKey.get())) {
                        return true;
                    }
                    struck.set(true);
                    CrashChildren.kill(replicas.get(victimOwner));
                    return false;
                });
                long arrivalsBefore = service.arrivalCount();
                replicas.put("A" + round, startReplica(work, journal, service, "A" + round, prefix, "ascending"));
                replicas.put("B" + round, startReplica(work, journal, service, "B" + round, prefix, "descending"));
                Process victim = replicas.get(victimOwner);

                if (fault == Fault.FREEZE) {
                    awaitArrivals(service, arrivalsBefore + 1 + random.nextInt(3), victim);
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(20_000)));
                    if (victim.isAlive()) {
                        CrashChildren.signal(victim, "STOP");
                        struck.set(true);
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(LEASE_MS * 5 / 2));
                        CrashChildren.signal(victim, "CONT");
                    }
                } else {
                    assertThat(victim.waitFor(90, TimeUnit.SECONDS)).as("victim ended, %s", where).isTrue();
                    if (struck.get()) {
                        // A replacement takes the dead replica's place and finishes its share.
                        String replacement = "C" + round;
                        replicas.put(replacement, startReplica(work, journal, service, replacement, prefix,
                                victimIsA ? "ascending" : "descending"));
                    }
                }
                for (Map.Entry<String, Process> replica : replicas.entrySet()) {
                    Process process = replica.getValue();
                    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("%s finished, %s", replica.getKey(), where)
                            .isTrue();
                    if (!(replica.getKey().equals(victimOwner) && fault != Fault.FREEZE && struck.get())) {
                        assertThat(process.exitValue()).as("%s exit, %s: %s", replica.getKey(), where,
                                Files.readString(work.resolve(replica.getKey() + ".err"))).isZero();
                    }
                }
                if (struck.get()) {
                    faults.merge(fault, 1, Integer::sum);
                }

                // What every replica reported, per key.
                Map<String, List<String>> reported = new HashMap<>();
                Map<String, Integer> intentOf = new HashMap<>();
                for (String owner : replicas.keySet()) {
                    for (String[] done : CrashChildren.doneLines(work.resolve(owner + ".out"))) {
                        reported.computeIfAbsent(done[1], k -> new ArrayList<>()).add(owner + ":" + done[2]);
                        intentOf.put(done[1], Integer.parseInt(done[0]));
                    }
                    fencedLateOutcomes += countLines(work.resolve(owner + ".err"), "was taken over after its lease ended");
                }
                assertThat(intentOf).as("every intent reported by a replica, %s", where).hasSize(INTENTS);
                Map<String, List<EffectService.Arrival>> arrivals = service.arrivals();
                for (Map.Entry<String, Integer> entry : intentOf.entrySet()) {
                    String key = entry.getKey();
                    String tool = EffectTools.toolFor(entry.getValue());
                    List<EffectService.Arrival> seen = arrivals.getOrDefault(key, List.of());
                    long effects = seen.stream().filter(EffectService.Arrival::effect).count();
                    CallRecord record = journal.find(key).orElseThrow();
                    String what = tool + " intent " + entry.getValue() + " " + where + ": reported " + reported.get(key)
                            + ", arrivals " + seen + ", record " + record.status() + " epoch " + record.epoch();
                    assertThat(effects).as("effects of %s", what).isLessThanOrEqualTo(1);
                    assertThat(record.status()).as(what).isIn(CallStatus.SUCCEEDED, CallStatus.OUTCOME_UNKNOWN);
                    for (String report : reported.get(key)) {
                        assertThat(report).as("never a plain failure: %s", what)
                                .matches(".*:(SUCCEEDED|OUTCOME_UNKNOWN|IN_FLIGHT)");
                    }
                    if (tool.equals(EffectTools.SEND_EMAIL)) {
                        assertThat(seen).as("a non-idempotent call is never sent twice: %s", what).hasSizeLessThanOrEqualTo(1);
                        if (fault != Fault.FREEZE && key.equals(victimKey.get())) {
                            assertThat(record.status()).as("its owner died mid-call: %s", what)
                                    .isEqualTo(CallStatus.OUTCOME_UNKNOWN);
                        }
                        if (record.status() == CallStatus.OUTCOME_UNKNOWN) {
                            unknown++;
                        }
                    } else {
                        assertThat(record.status()).as("an idempotent call is always driven to its end: %s", what)
                                .isEqualTo(CallStatus.SUCCEEDED);
                        assertThat(effects).as(what).isEqualTo(1);
                    }
                    Set<String> owners = new HashSet<>();
                    seen.forEach(arrival -> owners.add(arrival.owner()));
                    if (owners.size() > 1) {
                        takeovers++;
                        if (fault != Fault.FREEZE) {
                            long gapMs = TimeUnit.NANOSECONDS.toMillis(seen.get(1).atNanos() - seen.get(0).atNanos());
                            assertThat(gapMs).as("a takeover only after the lease: %s", what)
                                    .isGreaterThanOrEqualTo(LEASE_MS / 2);
                        }
                    }
                }
            }
            System.out.printf("ReplicaCrashTest: %d rounds of 2 replicas x %d intents, faults %s, in %d ms, seed %d;"
                            + " duplicated effects 0, %d re-driven by a second owner, %d non-idempotent left"
                            + " OUTCOME_UNKNOWN, %d late outcomes of frozen owners fenced out%n",
                    rounds, INTENTS, faults, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), seed,
                    takeovers, unknown, fencedLateOutcomes);
        }
    }

    private static Process startReplica(Path work, PostgresCallJournal journal, EffectService service, String owner,
            String prefix, String order) throws Exception {
        return CrashChildren.start(ReplicaChild.class, work.resolve(owner + ".out"), work.resolve(owner + ".err"),
                TestDatabase.url(), TestDatabase.user(), TestDatabase.password(), journal.table(), owner,
                Integer.toString(service.port()), prefix, "1", Integer.toString(INTENTS), order,
                Long.toString(LEASE_MS), Long.toString(IN_FLIGHT_WAIT_MS));
    }

    private static void awaitArrivals(EffectService service, long count, Process victim) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (service.arrivalCount() < count && victim.isAlive() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    private static int countLines(Path file, String text) throws java.io.IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        return (int) Files.readAllLines(file).stream().filter(line -> line.contains(text)).count();
    }
}
