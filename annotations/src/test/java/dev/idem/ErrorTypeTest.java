package dev.idem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ErrorTypeTest {

    @Test
    void everyTypesRetryableFlagIsTheOneTheReadmeTableStates() throws IOException {
        Map<String, Boolean> documented = readmeTable();
        Map<String, Boolean> declared = Arrays.stream(ErrorType.values())
                .collect(Collectors.toMap(ErrorType::name, ErrorType::isRetryable, (a, b) -> a, LinkedHashMap::new));

        assertThat(documented).containsExactlyEntriesOf(declared);
    }

    @Test
    void exactlyTheTransientTypesAreRetryable() {
        assertThat(Arrays.stream(ErrorType.values()).filter(ErrorType::isRetryable))
                .containsExactlyInAnyOrder(ErrorType.TIMEOUT, ErrorType.RATE_LIMIT, ErrorType.CONNECTION_ERROR,
                        ErrorType.UNKNOWN);
    }

    /** The table of types in docs/writing-tools.md, in its order: type name to "yes"/"no" in the retryable column. */
    private static Map<String, Boolean> readmeTable() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "writing-tools.md"), StandardCharsets.UTF_8);
        int start = lines.indexOf("## `ErrorType`");
        assertThat(start).as("docs/writing-tools.md heading ## `ErrorType`").isNotNegative();
        Map<String, Boolean> table = new LinkedHashMap<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("#")) {
                break;
            }
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.substring(1, line.lastIndexOf('|')).split("\\|");
            String type = cells[0].strip().replace("`", "");
            String retryable = cells[1].strip();
            assertThat(retryable).as("retryable cell of %s", type).isIn("yes", "no");
            table.put(type, retryable.equals("yes"));
        }
        return table;
    }
}
