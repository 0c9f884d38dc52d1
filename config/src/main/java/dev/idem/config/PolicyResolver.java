package dev.idem.config;

import dev.idem.config.ConfigKeys.Scope;
import dev.idem.config.ConfigKeys.Target;
import dev.idem.tool.EffectivePolicies;
import dev.idem.tool.EffectivePolicy;
import dev.idem.tool.ExecutorPolicy;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolDescriptor;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines the compiled policies with configured values. Per key the strongest source wins; per
 * setting of a tool, the most specific key wins (tool, then its set, then all tools), and any
 * configured value wins over {@code @Tool}/{@code @Retry} (MicroProfile Fault Tolerance's rule).
 * Tools that inherit the executor's policy follow the executor's configured policy. A safety flag
 * may be turned off, never on.
 */
final class PolicyResolver {

    /** A configured value, parsed, with where it came from. */
    private record Setting(Object value, ConfigEntry entry) {}

    private final EffectivePolicies compiled;
    private final List<String> problems;
    private final Map<Target, Setting> settings = new LinkedHashMap<>();

    PolicyResolver(EffectivePolicies compiled, List<String> problems) {
        this.compiled = compiled;
        this.problems = problems;
    }

    /** The dotted-key entries of every source, strongest first, parsed and checked; FILE targets skipped. */
    void read(List<ConfigSource> sources) {
        List<String> tools = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        for (EffectivePolicy tool : compiled.tools()) {
            tools.add(tool.toolName());
            sets.add(tool.toolSet());
        }
        ConfigKeys keys = new ConfigKeys(tools, ConfigKeys.distinct(sets));
        Map<Target, ConfigEntry> strongest = new LinkedHashMap<>();
        for (ConfigSource source : sources) {
            Map<Target, String> inThisSource = new HashMap<>();
            source.entries().forEach((key, value) -> {
                String origin = source.origin(key);
                Target target = source.environment()
                        ? keys.parseEnvironment(key, origin, problems)
                        : keys.parse(key, origin, problems);
                if (target == null || target.scope() == Scope.FILE) {
                    return;
                }
                String other = inThisSource.putIfAbsent(target, origin);
                if (other != null) {
                    // Two spellings of one key in one source: neither is stronger, so neither may win silently.
                    problems.add(source.label() + " gives " + target.key() + " twice (" + other + " and " + origin
                            + "): give each key once, so no value is chosen silently");
                }
                strongest.putIfAbsent(target, new ConfigEntry(target.key(), value, origin));
            });
        }
        strongest.forEach((target, entry) -> {
            Object value = SettingValues.parse(target.setting(), target.scope() == Scope.EXECUTOR, entry, problems);
            if (value != null) {
                settings.put(target, new Setting(value, entry));
            }
        });
    }

    /** The effective policies, or {@code null} when a problem was found; call after {@link #read}. */
    EffectivePolicies resolve() {
        ExecutorPolicy executor = executor();
        List<EffectivePolicy> tools = new ArrayList<>();
        for (EffectivePolicy tool : compiled.tools()) {
            // With a broken executor policy, tools are still checked (against the compiled one): every problem at once.
            EffectivePolicy resolved = tool(tool, executor != null ? executor : compiled.executor());
            if (resolved != null) {
                tools.add(resolved);
            }
        }
        return executor != null && tools.size() == compiled.tools().size() ? new EffectivePolicies(executor, tools) : null;
    }

    private ExecutorPolicy executor() {
        ExecutorPolicy base = compiled.executor();
        Map<PolicySetting, String> origins = new EnumMap<>(base.origins());
        RetryPolicy.Builder retry = base.retryPolicy().toBuilder();
        Map<PolicySetting, Object> values = new HashMap<>();
        List<String> configured = new ArrayList<>();
        for (PolicySetting setting : PolicySetting.values()) {
            Setting value = settings.get(new Target(Scope.EXECUTOR, "", setting));
            if (value == null) {
                continue;
            }
            origins.put(setting, value.entry().origin());
            configured.add(value.entry().origin() + "=" + value.entry().value());
            if (setting.isRetryField()) {
                SettingValues.applyRetry(retry, setting, value.value());
            } else {
                values.put(setting, value.value());
            }
        }
        try {
            return new ExecutorPolicy(retry.build(),
                    (Long) values.getOrDefault(PolicySetting.TIMEOUT_MS, base.timeoutMs()),
                    ((Long) values.getOrDefault(PolicySetting.CIRCUIT_BREAKER_FAILURE_THRESHOLD,
                            (long) base.circuitBreakerFailureThreshold())).intValue(),
                    (Long) values.getOrDefault(PolicySetting.CIRCUIT_BREAKER_OPEN_MS, base.circuitBreakerOpenMs()),
                    (Double) values.getOrDefault(PolicySetting.RETRY_BUDGET_MAX_TOKENS, base.retryBudgetMaxTokens()),
                    (Double) values.getOrDefault(PolicySetting.RETRY_BUDGET_TOKEN_RATIO, base.retryBudgetTokenRatio()),
                    origins);
        } catch (IllegalArgumentException invalid) {
            problems.add("the executor's policy: " + invalid.getMessage() + " (configured: " + String.join(", ", configured) + ")");
            return null;
        }
    }

    private EffectivePolicy tool(EffectivePolicy compiledTool, ExecutorPolicy executor) {
        ToolDescriptor descriptor = compiledTool.descriptor();
        Map<PolicySetting, Setting> chosen = new EnumMap<>(PolicySetting.class);
        for (PolicySetting setting : PolicySetting.values()) {
            if (!setting.forTools()) {
                continue;
            }
            Setting value = settings.get(new Target(Scope.TOOL, compiledTool.toolName(), setting));
            if (value == null && !compiledTool.toolSet().isEmpty()) {
                value = settings.get(new Target(Scope.TOOLSET, compiledTool.toolSet(), setting));
            }
            if (value == null) {
                value = settings.get(new Target(Scope.TOOLS, "", setting));
            }
            if (value != null) {
                chosen.put(setting, value);
            }
        }

        Map<PolicySetting, String> origins = new EnumMap<>(compiledTool.origins());
        boolean inheritsRetry = descriptor.retryPolicy() == null;
        boolean inheritsTimeout = descriptor.timeoutMs() == ToolDescriptor.INHERIT_TIMEOUT;
        for (PolicySetting setting : origins.keySet()) {
            // Inherited values are the executor's as configured now, not as the builder had them.
            if ((setting.isRetryField() && inheritsRetry) || (setting == PolicySetting.TIMEOUT_MS && inheritsTimeout)) {
                origins.put(setting, "executor: " + executor.origins().get(setting));
            }
        }

        RetryPolicy own = descriptor.retryPolicy();
        RetryPolicy.Builder retry = null;
        long timeoutMs = descriptor.timeoutMs();
        boolean restartSafe = descriptor.restartSafe();
        boolean idempotent = descriptor.idempotent();
        boolean readOnly = descriptor.readOnly();
        boolean approvalAdded = false;
        List<String> configured = new ArrayList<>();
        for (Map.Entry<PolicySetting, Setting> entry : chosen.entrySet()) {
            PolicySetting setting = entry.getKey();
            Object value = entry.getValue().value();
            ConfigEntry source = entry.getValue().entry();
            origins.put(setting, source.origin());
            configured.add(source.origin() + "=" + source.value());
            switch (setting) {
                case RESTART_SAFE:
                    restartSafe = tightened(compiledTool, "restartSafe", restartSafe, (Boolean) value, source);
                    break;
                case IDEMPOTENT:
                    idempotent = tightened(compiledTool, "idempotent", idempotent, (Boolean) value, source);
                    break;
                case READ_ONLY:
                    readOnly = tightened(compiledTool, "readOnly", readOnly, (Boolean) value, source);
                    break;
                case REQUIRES_APPROVAL:
                    approvalAdded = approvalOnlyAdded(compiledTool, (Boolean) value, source);
                    break;
                case TIMEOUT_MS:
                    timeoutMs = (Long) value;
                    if (timeoutMs == ToolDescriptor.INHERIT_TIMEOUT) {
                        origins.put(setting, source.origin() + " (the executor's: " + executor.timeoutMs() + ")");
                    }
                    break;
                default:
                    if (retry == null) {
                        retry = (own != null ? own : executor.retryPolicy()).toBuilder();
                    }
                    SettingValues.applyRetry(retry, setting, value);
            }
        }
        if (readOnly && (!restartSafe || !idempotent)) {
            problems.add("tool '" + compiledTool.toolName() + "' is compiled read-only, which implies restart-safe and"
                    + " idempotent: to turn either off, also set idem.tool." + compiledTool.toolName() + ".read-only=false"
                    + " (configured: " + String.join(", ", configured) + ")");
            return null;
        }
        if (retry != null) {
            try {
                own = retry.build();
            } catch (IllegalArgumentException invalid) {
                problems.add("tool '" + compiledTool.toolName() + "': " + invalid.getMessage() + " (configured: "
                        + String.join(", ", configured) + ")");
                return null;
            }
        }
        ToolDescriptor effective = descriptor.withPolicy(restartSafe, idempotent, readOnly, own, timeoutMs);
        if (approvalAdded) {
            effective = effective.withApprovalRequired();
        }
        return new EffectivePolicy(compiledTool.toolName(), compiledTool.toolSet(), effective,
                own != null ? own : executor.retryPolicy(),
                timeoutMs == ToolDescriptor.INHERIT_TIMEOUT ? executor.timeoutMs() : timeoutMs, origins);
    }

    /**
     * Whether configuration adds the approval requirement to every call. It may add it, never remove
     * it: {@code false} on a tool compiled with {@code requiresApproval = true} is a problem, not a no-op.
     */
    private boolean approvalOnlyAdded(EffectivePolicy tool, boolean configured, ConfigEntry source) {
        if (!configured && tool.descriptor().requiresApproval()) {
            problems.add(source.origin() + "=" + source.value() + " would remove a compiled approval requirement: tool '"
                    + tool.toolName() + "' is compiled with requiresApproval = true, and configuration may only add"
                    + " approvals (remove the key, or change the code)");
        }
        return configured;
    }

    /** A flag as configured: turning it off is allowed, turning it on when compiled off is not. */
    private boolean tightened(EffectivePolicy tool, String flag, boolean compiledValue, boolean configured,
            ConfigEntry source) {
        if (configured && !compiledValue) {
            problems.add(source.origin() + "=" + source.value() + " would loosen a compiled safety flag: tool '"
                    + tool.toolName() + "' is compiled with " + flag + " = false, and configuration may only tighten"
                    + " safety (set it to false, or change the code)");
            return compiledValue;
        }
        return configured;
    }
}
