package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.tool.ToolExecutor;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/** The {@code idem} Actuator endpoint, when the Actuator is on the class path and the endpoint is available. */
@AutoConfiguration(after = IdemAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
public class IdemEndpointAutoConfiguration {

    /** Creates the auto-configuration (Spring does). */
    public IdemEndpointAutoConfiguration() {}

    /**
     * The endpoint.
     *
     * @param executor the application's executor
     * @param journal  its journal
     * @return the endpoint
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint
    public IdemEndpoint idemEndpoint(ToolExecutor executor, CallJournal journal) {
        return new IdemEndpoint(executor, journal);
    }
}
