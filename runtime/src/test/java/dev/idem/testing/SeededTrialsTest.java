package dev.idem.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seeded trials on plain JUnit 5: same cases every run, and a failure names a seed that replays it. */
class SeededTrialsTest {

    @Test
    void everyRunDrawsTheSameCases() {
        List<Integer> first = new ArrayList<>();
        List<Integer> second = new ArrayList<>();
        SeededTrials.run(50, gen -> first.add(gen.anyInt()));
        SeededTrials.run(50, gen -> second.add(gen.anyInt()));
        assertThat(first).hasSize(SeededTrials.tries(50)).isEqualTo(second);
    }

    @Test
    void aFailingTrialNamesTheSeedThatReplaysIt() {
        List<Long> seeds = new ArrayList<>();
        assertThatThrownBy(() -> SeededTrials.run(1_000, gen -> {
            seeds.add(gen.seed());
            assertThat(gen.between(0, 99)).isNotEqualTo(42);
        })).isInstanceOf(AssertionError.class)
                .hasMessageContaining("failed with seed " + seeds.get(seeds.size() - 1))
                .hasMessageContaining("-Didem.seed=" + seeds.get(seeds.size() - 1) + " -Didem.tries=1");
        assertThat(new Gen(seeds.get(seeds.size() - 1)).between(0, 99)).as("the seed alone replays the failure").isEqualTo(42);
    }
}
