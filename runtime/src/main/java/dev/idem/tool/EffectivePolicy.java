package dev.idem.tool;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one tool runs under once compiled flags, the executor's settings and configuration are
 * combined, and where each value came from.
 *
 * <pre>{@code
 * EffectivePolicy pix = executor.effectivePolicies().tool("schedulePix");
 * pix.retryPolicy().maxAttempts();                   // 2
 * pix.origins().get(PolicySetting.MAX_ATTEMPTS);     // "system property idem.tool.schedulePix.retry.max-attempts"
 * }</pre>
 *
 * @param toolName    the tool
 * @param toolSet     the set's name (the annotated class's flat name, e.g. {@code PixBank}), or
 *                    empty when the set has none (a hand-written anonymous set)
 * @param descriptor  the descriptor the executor uses: the compiled one with configuration applied;
 *                    its retry policy is {@code null} when the tool inherits the executor's
 * @param retryPolicy the policy its calls run under (its own, else the executor's)
 * @param timeoutMs   the wall-clock limit per body run, 0 for none (inheritance resolved)
 * @param origins     for every tool setting, where its value came from
 */
public record EffectivePolicy(String toolName, String toolSet, ToolDescriptor descriptor, RetryPolicy retryPolicy,
        long timeoutMs, Map<PolicySetting, String> origins) {

    /**
     * Checks that the names, descriptor and retry policy are present, and copies {@code origins}.
     *
     * @param toolName    the tool
     * @param toolSet     the set's name (the annotated class's flat name, e.g. {@code PixBank}), or
     *     empty when the set has none (a hand-written anonymous set)
     * @param descriptor  the descriptor the executor uses: the compiled one with configuration applied;
     *     its retry policy is {@code null} when the tool inherits the executor's
     * @param retryPolicy the policy its calls run under (its own, else the executor's)
     * @param timeoutMs   the wall-clock limit per body run, 0 for none (inheritance resolved)
     * @param origins     for every tool setting, where its value came from
     */
    public EffectivePolicy {
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(toolSet, "toolSet");
        Objects.requireNonNull(descriptor, "descriptor");
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        origins = Collections.unmodifiableMap(origins.isEmpty()
                ? new EnumMap<>(PolicySetting.class) : new EnumMap<>(origins));
    }

    /**
     * The value of {@code setting} as configuration would spell it.
     *
     * @param setting a tool setting
     * @return its value, spelled as a configuration value
     */
    public String value(PolicySetting setting) {
        switch (setting) {
            case RESTART_SAFE: return Boolean.toString(descriptor.restartSafe());
            case IDEMPOTENT: return Boolean.toString(descriptor.idempotent());
            case READ_ONLY: return Boolean.toString(descriptor.readOnly());
            case REQUIRES_APPROVAL: return descriptor.approval() == null ? "false"
                    : descriptor.approval() == dev.idem.ApprovalCondition.ALWAYS ? "true"
                    : "when " + descriptor.approval().getClass().getSimpleName();
            case TIMEOUT_MS: return Long.toString(timeoutMs);
            default:
                if (setting.isRetryField()) {
                    return setting.valueIn(retryPolicy);
                }
                throw new IllegalArgumentException(setting + " is not a tool setting");
        }
    }
}
