package dev.idem.spring.boot;

import dev.idem.tool.ToolExecutionListener;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer observations of tool calls, when the application has an {@link ObservationRegistry}
 * (Spring Boot's Actuator makes one): {@value ToolCallObservations#NAME}, timed and traced by
 * whatever handlers the registry has.
 */
@AutoConfiguration(afterName = {"org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration"})
@ConditionalOnClass(ObservationRegistry.class)
public class IdemObservationAutoConfiguration {

    /** Creates the auto-configuration (Spring does). */
    public IdemObservationAutoConfiguration() {}

    /**
     * The listener that observes every call of the executor.
     *
     * @param registry the application's observation registry
     * @return the listener
     */
    @Bean
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnMissingBean(ToolCallObservations.class)
    public ToolExecutionListener idemToolCallObservations(ObservationRegistry registry) {
        return new ToolCallObservations(registry);
    }
}
