package dev.idem.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.idem.config.PolicyConfiguration;
import dev.idem.config.PolicyConfigurationException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's sample command: the demo tools' effective policies under configuration. */
class PolicyReportTest {

    @Test
    void theReportShowsEachConfiguredValueWithItsSourceAndTheCompiledRest() {
        String printed = report(PolicyConfiguration.none()
                .withArguments("--idem.tool.schedulePix.retry.max-attempts=2")
                .withSystemProperties(Map.of("idem.toolset.Weather.timeout-ms", "1500")));

        assertThat(printed).contains("tool schedulePix (PixBank)", "tool forecast (Weather)");
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line).matches(
                "  retry\\.max-attempts +2 +program argument --idem\\.tool\\.schedulePix\\.retry\\.max-attempts"));
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line).matches(
                "  timeout-ms +1500 +system property idem\\.toolset\\.Weather\\.timeout-ms"));
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line).matches("  timeout-ms +2000 +@Tool"));
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line).matches("  idempotent +true +@Tool"));
    }

    @Test
    void aMistypedToolNameStopsTheReportWithDidYouMean() {
        PolicyConfigurationException failure = catchThrowableOfType(PolicyConfigurationException.class,
                () -> report(PolicyConfiguration.none().withArguments("--idem.tool.schedulePics.timeout-ms=500")));

        assertThat(failure).hasMessageContaining("there is no tool named 'schedulePics'; did you mean 'schedulePix'?");
    }

    private static String report(PolicyConfiguration configuration) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PolicyReport.print(new PrintStream(buffer, true, StandardCharsets.UTF_8), configuration);
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
