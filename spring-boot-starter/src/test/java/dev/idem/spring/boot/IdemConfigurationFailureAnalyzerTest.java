package dev.idem.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A real Boot start ({@link SpringApplication#run}) whose {@code application.yml} has a bad
 * {@code idem.*} key fails with Boot's failure summary, once: the problems with their file, key and
 * "did you mean", and what to do; not the bean-creation stack trace repeating the message.
 */
class IdemConfigurationFailureAnalyzerTest {

    @TempDir
    Path journalDirectory;

    /** The application: the ledger bean and Idem's auto-configuration. */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(IdemAutoConfiguration.class)
    static class LedgerApplication {
        @Bean
        Ledger ledger() {
            return new Ledger();
        }
    }

    /** Starts the application with {@code configName}.yml and answers what it printed, standard output and error. */
    private String start(String configName) {
        SpringApplication application = new SpringApplication(LedgerApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setDefaultProperties(Map.of("spring.config.name", configName,
                "idem.journal.directory", journalDirectory.toString()));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        try {
            assertThatThrownBy(() -> application.run()).as("start-up fails").isInstanceOf(RuntimeException.class);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBadIdemKeyFailsStartupWithOneBootFailureSummaryNamingFileKeyAndSuggestion() {
        String output = start("typos");

        assertThat(summary(output))
                .contains("typos.yml idem.jurnal.type is not a known key; did you mean idem.journal?")
                .contains("typos.yml idem.journal.drectory is not a known key; did you mean idem.journal.directory?")
                .contains("there is no tool named 'bok'; did you mean 'book'?");
        assertNoStackTraceAndNoRepeats(output, "idem.jurnal.type is not a known key");
    }

    @Test
    void aLooseningInApplicationYamlFailsStartupWithOneBootFailureSummary() {
        String output = start("loosen");

        assertThat(summary(output)).contains("loosen.yml idem.tool.mailStatement.restart-safe")
                .contains("would loosen a compiled safety flag");
        assertNoStackTraceAndNoRepeats(output, "would loosen a compiled safety flag");
    }

    /** Boot's failure summary, which must be there once: its description and action. */
    private static String summary(String output) {
        assertThat(output).as("Boot's failure summary, once:%n%s", output).containsOnlyOnce("APPLICATION FAILED TO START");
        String summary = output.substring(output.indexOf("APPLICATION FAILED TO START"));
        assertThat(summary).contains("Description:").contains("Action:")
                .containsOnlyOnce(IdemConfigurationFailureAnalyzer.ACTION);
        return summary;
    }

    /** The problem is in the summary and in Spring's one-line warning of the context, no more; no stack frames. */
    private static void assertNoStackTraceAndNoRepeats(String output, String problem) {
        assertThat(output).as("no stack trace:%n%s", output).doesNotContain("\tat ");
        assertThat(output.split(java.util.regex.Pattern.quote(problem), -1).length - 1).as("times the problem is printed")
                .isLessThanOrEqualTo(2);
    }
}
