package dev.idem.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.journal.FileCallJournal;
import dev.idem.journal.CallJournal;
import dev.idem.journal.postgres.PostgresCallJournal;
import dev.idem.springai.IdemToolCallbackProvider;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter in a Spring context: Boot's own {@link ApplicationContextRunner}, no server, no database. */
class IdemAutoConfigurationTest {

    @TempDir
    Path journalDirectory;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdemAutoConfiguration.class,
                        IdemObservationAutoConfiguration.class, IdemSpringAiAutoConfiguration.class,
                        IdemEndpointAutoConfiguration.class))
                .withInitializer(new ConfigDataApplicationContextInitializer())
                .withBean(Ledger.class)
                .withPropertyValues("idem.journal.directory=" + journalDirectory);
    }

    @Test
    void aToolBeanIsServedWithoutWritingAnyIdemCode() {
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            assertThat(executor.registry().names()).containsExactly("book", "mailStatement", "balance");

            ToolResult booked = executor.execute(new ToolCall("c1", "book", "{\"account\":\"ACC-1\",\"cents\":4200}"));

            assertThat(booked.textForModel()).isEqualTo("E1 ACC-1 4200");
            assertThat(context.getBean(Ledger.class).entries).hasValue(1);
            assertThat(context.getBean(IdemToolCallbackProvider.class).getToolCallbacks())
                    .extracting(callback -> callback.getToolDefinition().name())
                    .containsExactly("book", "mailStatement", "balance");
        });
    }

    @Test
    void applicationYamlCanTightenButNeverLoosenARestartSafeTool() {
        runner().withPropertyValues("spring.config.name=tighten").run(context -> {
            assertThat(context).hasNotFailed();
            var book = context.getBean(ToolExecutor.class).effectivePolicies().tool("book");
            assertThat(book.descriptor().restartSafe()).isFalse();
            assertThat(book.origins().get(PolicySetting.RESTART_SAFE))
                    .isEqualTo("tighten.yml idem.tool.book.restart-safe");
            assertThat(book.retryPolicy().maxAttempts()).isEqualTo(2);
        });
        runner().withPropertyValues("spring.config.name=loosen").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .hasMessageContaining("loosen.yml idem.tool.mailStatement.restart-safe")
                    .hasMessageContaining("would loosen a compiled safety flag");
        });
    }

    @Test
    void anUnknownIdemKeyInApplicationYamlFailsStartupWithASuggestion() {
        runner().withPropertyValues("spring.config.name=typos").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .hasMessageContaining("typos.yml idem.jurnal.type is not a known key; did you mean idem.journal?")
                    .hasMessageContaining("typos.yml idem.journal.drectory is not a known key; did you mean"
                            + " idem.journal.directory?")
                    .hasMessageContaining("there is no tool named 'bok'; did you mean 'book'?");
        });
    }

    @Test
    void theJournalIsPostgresWhenTheApplicationHasADataSourceAndTheModule() {
        runner().withBean(DataSource.class, UnusedDataSource::new).withPropertyValues("idem.journal.create-schema=false")
                .run(context -> assertThat(context.getBean(CallJournal.class)).isInstanceOf(PostgresCallJournal.class));
    }

    @Test
    void theJournalIsAFileWithoutADataSourceOrWithoutThePostgresModule() {
        runner().run(context -> {
            assertThat(context.getBean(CallJournal.class)).isInstanceOf(FileCallJournal.class);
            assertThat(((FileCallJournal) context.getBean(CallJournal.class)).directory()).isEqualTo(journalDirectory);
        });
        runner().withBean(DataSource.class, UnusedDataSource::new)
                .withClassLoader(new FilteredClassLoader(PostgresCallJournal.class))
                .run(context -> assertThat(context.getBean(CallJournal.class)).isInstanceOf(FileCallJournal.class));
        runner().withPropertyValues("idem.journal.type=postgres").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("idem.journal.type=postgres needs")
                .hasMessageContaining("one DataSource bean"));
    }

    @Test
    void everyToolCallIsObservedWithItsToolNameOutcomeAndErrorType() {
        // error.type only on failed calls, as the OpenTelemetry conventions want: the key sets differ by
        // outcome, which this registry's validator would report (docs/spring-boot.md, the MeterFilter).
        TestObservationRegistry observations = TestObservationRegistry.builder()
                .validateObservationsWithTheSameNameHavingTheSameSetOfLowCardinalityKeys(false).build();
        runner().withBean(TestObservationRegistry.class, () -> observations).run(context -> {
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            executor.execute(new ToolCall("c1", "balance", "{\"account\":\"ACC-1\"}"));
            executor.execute(new ToolCall("c2", "book", "{\"account\":"));

            TestObservationRegistryAssert.assertThat(observations).hasNumberOfObservationsWithNameEqualTo(
                    ToolCallObservations.NAME, 2);
            TestObservationRegistryAssert.assertThat(observations).hasAnObservation(observation -> observation
                    .hasContextualNameEqualTo("execute_tool balance")
                    .hasLowCardinalityKeyValue("gen_ai.operation.name", "execute_tool")
                    .hasLowCardinalityKeyValue("gen_ai.tool.name", "balance")
                    .hasLowCardinalityKeyValue("idem.outcome", "success")
                    .doesNotHaveLowCardinalityKeyValueWithKey("error.type") // retried once, recovered: no error
                    .hasHighCardinalityKeyValue("idem.attempts", "2"));
            TestObservationRegistryAssert.assertThat(observations).hasAnObservation(observation -> observation
                    .hasLowCardinalityKeyValue("gen_ai.tool.name", "book")
                    .hasLowCardinalityKeyValue("idem.outcome", "error")
                    .hasLowCardinalityKeyValue("error.type", "malformed_arguments"));
        });
    }

    @Test
    void theIdemEndpointShowsEachToolsEffectivePolicyAndWhereItCameFrom() {
        runner().withPropertyValues("management.endpoints.web.exposure.include=idem",
                "idem.tool.book.retry.max-attempts=2").run(context -> {
            Map<String, Object> body = context.getBean(IdemEndpoint.class).policies();
            @SuppressWarnings("unchecked")
            Map<String, Object> book = (Map<String, Object>) ((Map<String, Object>) body.get("tools")).get("book");
            assertThat(book).containsEntry("toolSet", "Ledger");
            assertThat(book.get("settings").toString())
                    .contains("retry.max-attempts={value=2, origin=test idem.tool.book.retry.max-attempts}")
                    .contains("restart-safe={value=true, origin=@Tool}");
            assertThat(body).containsEntry("journal", "FileCallJournal");
        });
    }

    /** A DataSource the journal is built on but never asked for a connection (no schema created). */
    static final class UnusedDataSource implements DataSource {
        @Override public Connection getConnection() { throw new UnsupportedOperationException("no database here"); }
        @Override public Connection getConnection(String user, String password) { return getConnection(); }
        @Override public PrintWriter getLogWriter() { return null; }
        @Override public void setLogWriter(PrintWriter out) {}
        @Override public void setLoginTimeout(int seconds) {}
        @Override public int getLoginTimeout() { return 0; }
        @Override public Logger getParentLogger() { return Logger.getGlobal(); }
        @Override public <T> T unwrap(Class<T> type) { throw new UnsupportedOperationException(); }
        @Override public boolean isWrapperFor(Class<?> type) { return false; }
    }
}
