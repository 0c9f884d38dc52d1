package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.idem.config.Payments_ToolSet;
import dev.idem.config.PolicyConfiguration;
import dev.idem.config.PolicyConfigurationException;
import dev.idem.llm.scripted.ScriptedChatModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool policies from configuration reach an agent's executor, read once when the agent is built. */
class AgentPolicyConfigurationTest {

    private final Payments_ToolSet payments = new Payments_ToolSet();

    private static PolicyConfiguration only(Map<String, String> systemProperties) {
        return PolicyConfiguration.none().withSystemProperties(systemProperties);
    }

    @Test
    void anAgentReadsItsToolPoliciesFromConfigurationWhenItIsBuilt() {
        Agent agent = Agent.builder()
                .model(ScriptedChatModel.builder().replyWithText("done").build())
                .tools(payments)
                .policyOverrides(only(Map.of("idem.tool.notify.timeout-ms", "750")))
                .build();

        assertThat(agent.effectivePolicies().tool("notify").timeoutMs()).isEqualTo(750);
        assertThat(catchThrowableOfType(PolicyConfigurationException.class, () -> Agent.builder()
                .model(ScriptedChatModel.builder().replyWithText("done").build())
                .tools(payments)
                .policyOverrides(only(Map.of("idem.tool.notfy.timeout-ms", "750")))
                .build())).hasMessageContaining("did you mean 'notify'?");
    }
}
