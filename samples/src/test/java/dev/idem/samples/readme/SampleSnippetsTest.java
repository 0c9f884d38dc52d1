package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A page that shows a sample shows its code as the sample has it: every line of the snippet is a
 * line of the sample's source, in the same order (the page may leave out Javadoc and {@code main}).
 * {@link ReadmeSnippetsTest} compiles the snippet; this test keeps it the code that runs.
 */
class SampleSnippetsTest {

    @Test
    void theAgentPageShowsTheTripPlanSampleAsItIs() throws IOException {
        List<String> source = Files.readAllLines(
                Reactor.root().resolve("samples/src/main/java/dev/idem/samples/trip/TripPlan.java"), StandardCharsets.UTF_8);
        DocPages.Block snippet = DocPages.of("docs/agent.md").javaBlocks().stream()
                .filter(block -> block.text().contains("class TripPlan")).findFirst()
                .orElseThrow(() -> new AssertionError("docs/agent.md shows no TripPlan"));

        int next = 0;
        for (String line : snippet.text().lines().filter(line -> !line.isBlank()).toList()) {
            int found = source.subList(next, source.size()).indexOf(line);
            assertThat(found).as("line of docs/agent.md's TripPlan not in TripPlan.java after line %d: %s", next, line)
                    .isNotNegative();
            next += found + 1;
        }
    }
}
