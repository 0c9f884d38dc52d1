package dev.idem.spring.boot;

import dev.idem.config.PolicyConfigurationException;
import dev.idem.journal.CallJournal;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Idem in a Spring Boot application, with nothing written for it: the {@code @Tool} beans' generated
 * tool sets in one {@link ToolRegistry}, a {@link ToolExecutor} configured from the application's
 * {@code idem.*} keys and listening through every {@link ToolExecutionListener} bean, and a
 * {@link CallJournal} (docs/spring-boot.md). Each bean steps aside for one of the application's own.
 */
@AutoConfiguration
public class IdemAutoConfiguration {

    /** Creates the auto-configuration (Spring does). */
    public IdemAutoConfiguration() {}

    /**
     * The tool sets of every bean whose class has {@code @Tool} methods, through the generated factories.
     *
     * @param beans the application's beans
     * @return the registry
     */
    @Bean
    @ConditionalOnMissingBean
    public ToolRegistry idemToolRegistry(ConfigurableListableBeanFactory beans) {
        ClassLoader loader = beans.getBeanClassLoader();
        return ToolBeans.registry(beans, loader != null ? loader : IdemAutoConfiguration.class.getClassLoader());
    }

    /**
     * The call journal {@code idem.journal.type} chooses: by default PostgreSQL on the application's
     * {@code DataSource} when {@code idem-journal-postgres} is present, else a file journal.
     *
     * @param environment the application's configuration
     * @param dataSource  the application's {@code DataSource}, if it has one
     * @param beans       the application's beans (for their class loader)
     * @return the journal, closed with the context
     */
    @Bean
    @ConditionalOnMissingBean
    public CallJournal idemCallJournal(ConfigurableEnvironment environment, ObjectProvider<DataSource> dataSource,
            ConfigurableListableBeanFactory beans) {
        return Journals.open(JournalProperties.from(environment), dataSource.getIfUnique(), beans.getBeanClassLoader());
    }

    /**
     * The executor of the registry's tools, its policies configured from the environment and the journal recorded in.
     *
     * @param registry    the tools
     * @param journal     the call journal
     * @param environment the application's configuration ({@code idem.*} keys)
     * @param arguments   the program's arguments, when the application was started with some
     * @param listeners   every listener bean (the observations among them)
     * @return the executor
     * @throws PolicyConfigurationException with every problem of the {@code idem.*} keys the runtime reads
     * @throws IllegalStateException with every problem, when one is in the starter's keys (an
     *     {@code IdemConfigurationException}, which Boot's failure summary shows)
     */
    @Bean
    @ConditionalOnMissingBean
    public ToolExecutor idemToolExecutor(ToolRegistry registry, CallJournal journal, ConfigurableEnvironment environment,
            ObjectProvider<ApplicationArguments> arguments, ObjectProvider<ToolExecutionListener> listeners) {
        List<String> problems = new ArrayList<>(SpringConfiguration.problems(environment));
        ApplicationArguments given = arguments.getIfAvailable();
        ToolExecutor.Builder builder = ToolExecutor.builder(registry)
                .journal(JournalProperties.from(environment).settings(journal))
                .policyOverrides(SpringConfiguration.policies(environment,
                        given == null ? new String[0] : given.getSourceArgs()));
        listeners.orderedStream().forEach(builder::listener);
        try {
            ToolExecutor executor = builder.build();
            if (problems.isEmpty()) {
                return executor;
            }
        } catch (PolicyConfigurationException e) {
            if (problems.isEmpty()) {
                throw e;
            }
            problems.addAll(e.problems());
        }
        throw new IdemConfigurationException(problems);
    }
}
