package dev.idem.samples.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seeded scenario runner of the fault-injection suite: each seed is one agent conversation on
 * the scripted model against the loopback bank, with faults drawn from the seed on both sides,
 * and every promise of {@link ChaosInvariants} checked on it. A failing seed prints itself (seed,
 * schedule, traces, ledger, timeline).
 *
 * <pre>
 * mvn -B -pl samples -am verify -Dtest=ChaosScenarioTest -Didem.chaos.seeds=10000 -Dsurefire.failIfNoSpecifiedTests=false
 * mvn -B -pl samples -am verify -Dtest=ChaosScenarioTest -Didem.chaos.seed=4242 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * {@code idem.chaos.seeds} (default 200) sets how many seeds run, from {@code idem.chaos.firstSeed}
 * (default 1); {@code idem.chaos.seed} runs that one seed alone.
 */
class ChaosScenarioTest {

    @Test
    void noFaultScheduleDuplicatesAnEffectReportsOneAsFailedOrBreaksARetryRule() {
        List<Long> seeds = seeds();
        ChaosTally tally = new ChaosTally();
        List<String> failures = new ArrayList<>();
        long started = System.nanoTime();
        for (long seed : seeds) {
            ChaosOutcome outcome = ChaosScenario.play(seed);
            List<ChaosInvariants.Violation> violations = ChaosInvariants.check(outcome);
            tally.add(outcome, violations);
            if (!violations.isEmpty() || seeds.size() == 1) {
                String report = "== chaos seed " + seed + (violations.isEmpty() ? " passed" : " FAILED: " + violations)
                        + "\n" + outcome.describe() + "  reproduce: -Didem.chaos.seed=" + seed;
                System.out.println(report);
                if (!violations.isEmpty()) {
                    failures.add(report);
                }
            }
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        System.out.println("Chaos scenarios, seeds " + seeds.get(0) + ".." + seeds.get(seeds.size() - 1) + ":");
        System.out.print(tally.table(elapsedMs));
        assertThat(failures).as("failed seeds (each printed above with its schedule and trace)").isEmpty();
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
