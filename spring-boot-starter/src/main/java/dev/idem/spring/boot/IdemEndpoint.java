package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.tool.EffectivePolicy;
import dev.idem.tool.ExecutorPolicy;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.ToolExecutor;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code idem} Actuator endpoint ({@code GET /actuator/idem} once exposed): every tool's
 * effective policy, each setting with its value and where it came from ({@code @Tool},
 * {@code application.yml idem.tool.pay.retry.max-attempts}, a default), the executor's own, and the
 * journal in use. Calls whose outcome is unknown are not listed: the journal SPI has no listing
 * operation yet.
 */
@Endpoint(id = "idem")
public class IdemEndpoint {

    private final ToolExecutor executor;
    private final CallJournal journal;

    /**
     * An endpoint for this executor.
     *
     * @param executor the application's executor
     * @param journal  its journal
     */
    public IdemEndpoint(ToolExecutor executor, CallJournal journal) {
        this.executor = executor;
        this.journal = journal;
    }

    /**
     * What the executor runs under.
     *
     * @return {@code tools} (name to set and settings), {@code executor} (settings) and {@code journal}
     */
    @ReadOperation
    public Map<String, Object> policies() {
        Map<String, Object> tools = new LinkedHashMap<>();
        for (EffectivePolicy tool : executor.effectivePolicies().tools()) {
            Map<String, Object> settings = new LinkedHashMap<>();
            for (PolicySetting setting : PolicySetting.values()) {
                if (setting.forTools()) {
                    settings.put(setting.key(), setting(tool.value(setting), tool.origins().get(setting)));
                }
            }
            tools.put(tool.toolName(), Map.of("toolSet", tool.toolSet(), "settings", settings));
        }
        ExecutorPolicy policy = executor.effectivePolicies().executor();
        Map<String, Object> executorSettings = new LinkedHashMap<>();
        for (PolicySetting setting : PolicySetting.values()) {
            if (setting.forExecutor()) {
                executorSettings.put(setting.key(), setting(policy.value(setting), policy.origins().get(setting)));
            }
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tools", tools);
        body.put("executor", executorSettings);
        body.put("journal", journal.getClass().getSimpleName());
        body.put("unknownOutcomes", "not listed: the call journal has no listing operation yet");
        return body;
    }

    private static Map<String, String> setting(String value, String origin) {
        Map<String, String> setting = new LinkedHashMap<>();
        setting.put("value", value);
        setting.put("origin", origin == null ? "" : origin);
        return setting;
    }
}
