package dev.idem.samples.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The seeded scenario runner of the fault-injection suite: each seed is one agent conversation on
 * the scripted model against the loopback bank, with faults drawn from the seed on both sides,
 * and every promise of {@link ChaosInvariants} checked on it. A failing seed prints itself (seed,
 * schedule, traces, ledger, timeline, journal records). A quarter of the seeds also crash the
 * agent between a call's effect and its journal record and resume on the journal, an eighth race
 * a second replica on the same intent ({@link ChaosDurability}).
 *
 * <pre>
 * mvn -B -pl samples -am verify -Dtest=ChaosScenarioTest -Didem.chaos.seeds=10000 -Didem.chaos.threads=4 -Dsurefire.failIfNoSpecifiedTests=false
 * mvn -B -pl samples -am verify -Dtest=ChaosScenarioTest -Didem.chaos.seed=4242 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * {@code idem.chaos.seeds} (default 200) sets how many seeds run, from {@code idem.chaos.firstSeed}
 * (default 1), {@code idem.chaos.threads} (default 2) seeds at once; {@code idem.chaos.seed} runs
 * that one seed alone and prints it whether it passes or not; {@code idem.chaos.durability=false}
 * plays no durability fault (the suite as it was before the journal).
 */
class ChaosScenarioTest {

    @Test
    void noFaultScheduleCrashOrSecondReplicaDuplicatesAnEffectReportsOneAsFailedLosesARecordOrBreaksARetryRule()
            throws Exception {
        List<Long> seeds = seeds();
        ChaosTally tally = new ChaosTally();
        List<String> failures = new ArrayList<>();
        long started = System.nanoTime();
        // Seeds are independent (each has its own bank, agent and model), so the long run may
        // play several at once; results are taken in seed order, so the output reads the same.
        ExecutorService pool = Executors.newFixedThreadPool(Integer.getInteger("idem.chaos.threads", 2));
        try {
            List<Future<ChaosOutcome>> outcomes = new ArrayList<>();
            for (long seed : seeds) {
                outcomes.add(pool.submit(() -> ChaosScenario.play(seed)));
            }
            for (Future<ChaosOutcome> future : outcomes) {
                ChaosOutcome outcome = future.get();
                long seed = outcome.schedule().seed();
                ChaosInvariants.Verdict verdict = ChaosInvariants.verify(outcome);
                List<ChaosInvariants.Violation> violations = verdict.violations();
                tally.add(outcome, verdict);
                if (!violations.isEmpty() || seeds.size() == 1) {
                    String report = "== chaos seed " + seed + (violations.isEmpty() ? " passed" : " FAILED: " + violations)
                            + "\n" + outcome.describe() + "  reproduce: -Didem.chaos.seed=" + seed;
                    System.out.println(report);
                    if (!violations.isEmpty()) {
                        failures.add(report);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        System.out.println("Chaos scenarios, seeds " + seeds.get(0) + ".." + seeds.get(seeds.size() - 1) + ":");
        System.out.print(tally.table(elapsedMs));
        assertThat(failures).as("failed seeds (each printed above with its schedule and trace)").isEmpty();
        if (seeds.size() >= 100 && Boolean.parseBoolean(System.getProperty("idem.chaos.durability", "true"))) {
            // The durability faults really struck: between effect and journal, and on a busy intent.
            assertThat(tally.crashesReached()).as("crashes between effect and journal").isPositive();
            assertThat(tally.crashedCallsRedriven()).as("crashed calls re-driven after the restart").isPositive();
            assertThat(tally.replicaSeeds()).as("seeds with a second replica").isPositive();
            assertThat(tally.callsInFlightElsewhere()).as("calls refused while in flight on the other replica")
                    .isPositive();
        }
    }

    /**
     * The verifier family ({@link ChaosVerifierScenario}): per seed, one bank fault, a verifier that
     * tells the truth, fails, fails once, or times out, and one to three calls of the intent.
     */
    @Test
    void aVerifiersAppliedIsNeverFollowedByARunEveryAnswerableUnknownIsResolvedAndNoEffectIsDuplicated()
            throws Exception {
        List<Long> seeds = seeds();
        List<String> failures = new ArrayList<>();
        int unknown = 0;
        int answerable = 0;
        int resolved = 0;
        int runsAfterApplied = 0;
        int duplicated = 0;
        int effects = 0;
        java.util.Map<ChaosVerifiedPix.Teller, Integer> tellers = new java.util.EnumMap<>(ChaosVerifiedPix.Teller.class);
        long started = System.nanoTime();
        // Its seeds mostly wait (timeouts of 80 ms, verifiers that time out): 4 at once by default.
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(4, Integer.getInteger("idem.chaos.threads", 2)));
        try {
            List<Future<ChaosVerifierScenario.Outcome>> outcomes = new ArrayList<>();
            for (long seed : seeds) {
                outcomes.add(pool.submit(() -> ChaosVerifierScenario.play(seed)));
            }
            for (Future<ChaosVerifierScenario.Outcome> future : outcomes) {
                ChaosVerifierScenario.Outcome outcome = future.get();
                List<String> broken = new ArrayList<>();
                effects += outcome.effects();
                if (outcome.unknown()) {
                    unknown++;
                    tellers.merge(outcome.teller(), 1, Integer::sum);
                }
                if (outcome.answerable()) {
                    answerable++;
                    if (outcome.resolved()) {
                        resolved++;
                    } else {
                        broken.add("an unknown outcome a truthful verifier answered stayed unknown");
                    }
                }
                runsAfterApplied += outcome.runsAfterApplied();
                if (outcome.runsAfterApplied() > 0) {
                    broken.add("the body ran after its verifier answered APPLIED");
                }
                if (outcome.effects() > 1) {
                    duplicated += outcome.effects() - 1;
                    broken.add("the transfer was made " + outcome.effects() + " times");
                }
                if (outcome.effects() == 1 && outcome.results().stream().anyMatch(r -> !r.success() && !r.outcomeUnknown()
                        && r == outcome.results().get(outcome.results().size() - 1))) {
                    broken.add("the transfer was made but the last answer reads as a plain failure");
                }
                if (!broken.isEmpty() || seeds.size() == 1) {
                    String report = "== " + outcome.describe() + (broken.isEmpty() ? " passed" : " FAILED: " + broken)
                            + "\n  reproduce: -Didem.chaos.seed=" + outcome.seed();
                    System.out.println(report);
                    if (!broken.isEmpty()) {
                        failures.add(report);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("Chaos verifier scenarios, seeds %d..%d: unknown outcomes %d (by teller %s),"
                        + " answerable %d, resolved %d, runs after APPLIED %d, effects %d, duplicated effects %d,"
                        + " failed seeds %d, %d ms%n", seeds.get(0), seeds.get(seeds.size() - 1), unknown, tellers,
                answerable, resolved, runsAfterApplied, effects, duplicated, failures.size(),
                (System.nanoTime() - started) / 1_000_000);
        assertThat(failures).as("failed verifier seeds (each printed above)").isEmpty();
        if (seeds.size() >= 100) {
            assertThat(answerable).as("answerable unknown outcomes").isPositive();
        }
    }

    private static List<Long> seeds() {
        String only = System.getProperty("idem.chaos.seed");
        if (only != null && !only.isBlank()) {
            return List.of(Long.parseLong(only.trim()));
        }
        long first = Long.getLong("idem.chaos.firstSeed", 1L);
        int count = Integer.getInteger("idem.chaos.seeds", 200);
        List<Long> seeds = new ArrayList<>();
        for (long seed = first; seed < first + count; seed++) {
            seeds.add(seed);
        }
        return seeds;
    }
}
