package dev.idem.harm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/harm-benchmark.md shows how each stack is configured with the code that runs: every line of
 * its Java blocks is a line of this module's sources, so a peer's maintainer reads what was measured.
 */
class HarmBenchmarkDocsTest {
    private static final String MARK = "<!-- compiled in idem-harm-benchmark tests";

    @Test
    void everyLineOfThePagesCodeIsALineOfTheBenchmark() throws IOException {
        Set<String> sources = new HashSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                Files.readAllLines(file, StandardCharsets.UTF_8).forEach(line -> sources.add(line.strip()));
            }
        }
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "harm-benchmark.md"), StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        int blocks = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith(MARK)) {
                continue;
            }
            blocks++;
            assertThat(lines.get(i + 1)).as("line %d", i + 2).isEqualTo("```java");
            for (int j = i + 2; !lines.get(j).equals("```"); j++) {
                String line = lines.get(j).strip();
                if (!line.isEmpty() && !sources.contains(line)) {
                    missing.add("docs/harm-benchmark.md line " + (j + 1) + ": " + line);
                }
            }
        }
        assertThat(blocks).isGreaterThanOrEqualTo(5);
        assertThat(missing).as("lines of the page that are not in the benchmark's sources").isEmpty();
    }

    @Test
    void everyJavaBlockOfThePageIsMarked() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "harm-benchmark.md"), StandardCharsets.UTF_8);
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).equals("```java")) {
                assertThat(lines.get(i - 1)).as("the line before the Java block at line %d", i + 1).startsWith(MARK);
            }
        }
    }
}
