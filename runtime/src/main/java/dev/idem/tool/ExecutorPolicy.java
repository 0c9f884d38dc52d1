package dev.idem.tool;

import dev.idem.internal.call.RetryBudget;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The executor's own policy: what tools without their own get, and the limits shared by all
 * calls; with where each value came from.
 *
 * @param retryPolicy                    for tools without their own {@code @Retry}
 * @param timeoutMs                      wall-clock limit for tools that inherit theirs; 0 for none
 * @param circuitBreakerFailureThreshold consecutive transient failures that open a tool's breaker
 * @param circuitBreakerOpenMs           how long an open breaker stays open
 * @param retryBudgetMaxTokens           the executor-wide retry budget's size
 * @param retryBudgetTokenRatio          tokens given back per success
 * @param origins                        for every executor setting, where its value came from
 */
public record ExecutorPolicy(RetryPolicy retryPolicy, long timeoutMs, int circuitBreakerFailureThreshold,
        long circuitBreakerOpenMs, double retryBudgetMaxTokens, double retryBudgetTokenRatio,
        Map<PolicySetting, String> origins) {

    /**
     * Checks that the retry policy is present and every limit is in range, and copies {@code origins}.
     *
     * @param retryPolicy                    for tools without their own {@code @Retry}
     * @param timeoutMs                      wall-clock limit for tools that inherit theirs; 0 for none
     * @param circuitBreakerFailureThreshold consecutive transient failures that open a tool's breaker
     * @param circuitBreakerOpenMs           how long an open breaker stays open
     * @param retryBudgetMaxTokens           the executor-wide retry budget's size
     * @param retryBudgetTokenRatio          tokens given back per success
     * @param origins                        for every executor setting, where its value came from
     * @throws IllegalArgumentException when a limit is out of range
     */
    public ExecutorPolicy {
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        if (timeoutMs < 0) {
            throw new IllegalArgumentException("timeoutMs must be 0 (none) or positive, was " + timeoutMs);
        }
        if (circuitBreakerFailureThreshold < 1) {
            throw new IllegalArgumentException(
                    "circuitBreakerFailureThreshold must be at least 1, was " + circuitBreakerFailureThreshold);
        }
        if (circuitBreakerOpenMs < 0) {
            throw new IllegalArgumentException("circuitBreakerOpenMs must not be negative, was " + circuitBreakerOpenMs);
        }
        new RetryBudget(retryBudgetMaxTokens, retryBudgetTokenRatio); // validates, naming the field
        origins = Collections.unmodifiableMap(origins.isEmpty()
                ? new EnumMap<>(PolicySetting.class) : new EnumMap<>(origins));
    }

    /**
     * The value of {@code setting} as configuration would spell it.
     *
     * @param setting an executor setting
     * @return its value, spelled as a configuration value
     */
    public String value(PolicySetting setting) {
        switch (setting) {
            case TIMEOUT_MS: return Long.toString(timeoutMs);
            case CIRCUIT_BREAKER_FAILURE_THRESHOLD: return Integer.toString(circuitBreakerFailureThreshold);
            case CIRCUIT_BREAKER_OPEN_MS: return Long.toString(circuitBreakerOpenMs);
            case RETRY_BUDGET_MAX_TOKENS: return Double.toString(retryBudgetMaxTokens);
            case RETRY_BUDGET_TOKEN_RATIO: return Double.toString(retryBudgetTokenRatio);
            default:
                if (setting.isRetryField()) {
                    return setting.valueIn(retryPolicy);
                }
                throw new IllegalArgumentException(setting + " is not an executor setting");
        }
    }
}
