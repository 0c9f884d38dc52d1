package dev.idem.tool;

/**
 * A setting of a tool's or the executor's policy that configuration may change, with the key
 * suffix it is known by ({@code idem.tool.<name>.retry.max-attempts}, {@code idem.executor.timeout-ms}).
 * The order is the order of printing.
 */
public enum PolicySetting {
    RESTART_SAFE("restart-safe", true, false),
    IDEMPOTENT("idempotent", true, false),
    READ_ONLY("read-only", true, false),
    TIMEOUT_MS("timeout-ms", true, true),
    MAX_ATTEMPTS("retry.max-attempts", true, true),
    INITIAL_DELAY_MS("retry.initial-delay-ms", true, true),
    BACKOFF_FACTOR("retry.backoff-factor", true, true),
    MAX_DELAY_MS("retry.max-delay-ms", true, true),
    JITTER("retry.jitter", true, true),
    JITTER_FACTOR("retry.jitter-factor", true, true),
    RETRY_ON("retry.retry-on", true, true),
    CIRCUIT_BREAKER_FAILURE_THRESHOLD("circuit-breaker.failure-threshold", false, true),
    CIRCUIT_BREAKER_OPEN_MS("circuit-breaker.open-ms", false, true),
    RETRY_BUDGET_MAX_TOKENS("retry-budget.max-tokens", false, true),
    RETRY_BUDGET_TOKEN_RATIO("retry-budget.token-ratio", false, true);

    private final String key;
    private final boolean forTools;
    private final boolean forExecutor;

    PolicySetting(String key, boolean forTools, boolean forExecutor) {
        this.key = key;
        this.forTools = forTools;
        this.forExecutor = forExecutor;
    }

    /** The key suffix, e.g. {@code retry.max-attempts}. */
    public String key() {
        return key;
    }

    /** Whether a tool, a tool set or all tools may have it. */
    public boolean forTools() {
        return forTools;
    }

    /** Whether the executor's own policy has it. */
    public boolean forExecutor() {
        return forExecutor;
    }

    /** Whether it is one of the fields of a {@link RetryPolicy}. */
    public boolean isRetryField() {
        return key.startsWith("retry.");
    }

    /** This setting's value in {@code policy}, as configuration would spell it. */
    String valueIn(RetryPolicy policy) {
        switch (this) {
            case MAX_ATTEMPTS: return Integer.toString(policy.maxAttempts());
            case INITIAL_DELAY_MS: return Long.toString(policy.initialDelayMs());
            case BACKOFF_FACTOR: return Double.toString(policy.backoffFactor());
            case MAX_DELAY_MS: return Long.toString(policy.maxDelayMs());
            case JITTER: return Boolean.toString(policy.jitter());
            case JITTER_FACTOR: return Double.toString(policy.jitterFactor());
            case RETRY_ON: return retryOnText(policy);
            default: throw new IllegalStateException(this + " is not a retry field");
        }
    }

    private static String retryOnText(RetryPolicy policy) {
        StringBuilder text = new StringBuilder();
        policy.retryOn().forEach(type -> text.append(text.length() == 0 ? "" : ",").append(type));
        return text.length() == 0 ? "(none)" : text.toString();
    }
}
