package dev.idem.spring.boot;

import dev.idem.springai.IdemToolCallbackProvider;
import dev.idem.tool.ToolExecutor;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The executor's tools as a Spring AI {@link ToolCallbackProvider}, when Spring AI is on the class
 * path: {@code chatClient.prompt().tools(idemToolCallbacks)} or any bean that collects providers.
 */
@AutoConfiguration(after = IdemAutoConfiguration.class)
@ConditionalOnClass({ToolCallbackProvider.class, IdemToolCallbackProvider.class})
public class IdemSpringAiAutoConfiguration {

    /** Creates the auto-configuration (Spring does). */
    public IdemSpringAiAutoConfiguration() {}

    /**
     * Spring AI callbacks of every tool of the executor, under its rules.
     *
     * @param executor the application's executor
     * @return the provider
     */
    @Bean
    @ConditionalOnMissingBean
    public IdemToolCallbackProvider idemToolCallbacks(ToolExecutor executor) {
        return IdemToolCallbackProvider.builder(executor).build();
    }
}
