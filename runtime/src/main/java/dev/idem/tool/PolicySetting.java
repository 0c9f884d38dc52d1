package dev.idem.tool;

/**
 * A setting of a tool's or the executor's policy that configuration may change, with the key
 * suffix it is known by ({@code idem.tool.<name>.retry.max-attempts}, {@code idem.executor.timeout-ms}).
 * The order is the order of printing.
 */
public enum PolicySetting {
    /** Whether a tool may run again after a failure ({@code restart-safe}); tools only. */
    RESTART_SAFE("restart-safe", true, false),
    /** Whether repeating with the same key has no further effect ({@code idempotent}); tools only. */
    IDEMPOTENT("idempotent", true, false),
    /** Whether the tool has no side effect ({@code read-only}); tools only. */
    READ_ONLY("read-only", true, false),
    /** Whether every call needs a person's approval ({@code requires-approval}); tools only, may only be added. */
    REQUIRES_APPROVAL("requires-approval", true, false),
    /** The wall-clock limit per body run in ms ({@code timeout-ms}). */
    TIMEOUT_MS("timeout-ms", true, true),
    /** The cap on body runs for one call ({@code retry.max-attempts}). */
    MAX_ATTEMPTS("retry.max-attempts", true, true),
    /** The delay before the first retry in ms ({@code retry.initial-delay-ms}). */
    INITIAL_DELAY_MS("retry.initial-delay-ms", true, true),
    /** The multiplier of the delay per retry ({@code retry.backoff-factor}). */
    BACKOFF_FACTOR("retry.backoff-factor", true, true),
    /** The cap on any single delay in ms ({@code retry.max-delay-ms}). */
    MAX_DELAY_MS("retry.max-delay-ms", true, true),
    /** Whether delays are spread at random ({@code retry.jitter}). */
    JITTER("retry.jitter", true, true),
    /** The relative spread of delays ({@code retry.jitter-factor}). */
    JITTER_FACTOR("retry.jitter-factor", true, true),
    /** The error types that may be retried ({@code retry.retry-on}). */
    RETRY_ON("retry.retry-on", true, true),
    /** Consecutive transient failures that open a tool's breaker; executor only. */
    CIRCUIT_BREAKER_FAILURE_THRESHOLD("circuit-breaker.failure-threshold", false, true),
    /** How long an open breaker stays open in ms; executor only. */
    CIRCUIT_BREAKER_OPEN_MS("circuit-breaker.open-ms", false, true),
    /** The size of the executor-wide retry budget; executor only. */
    RETRY_BUDGET_MAX_TOKENS("retry-budget.max-tokens", false, true),
    /** The budget tokens given back per success; executor only. */
    RETRY_BUDGET_TOKEN_RATIO("retry-budget.token-ratio", false, true);

    private final String key;
    private final boolean forTools;
    private final boolean forExecutor;

    PolicySetting(String key, boolean forTools, boolean forExecutor) {
        this.key = key;
        this.forTools = forTools;
        this.forExecutor = forExecutor;
    }

    /**
     * The key suffix, e.g. {@code retry.max-attempts}.
     *
     * @return the key suffix
     */
    public String key() {
        return key;
    }

    /**
     * Whether a tool, a tool set or all tools may have it.
     *
     * @return whether a tool, a tool set or all tools may have it
     */
    public boolean forTools() {
        return forTools;
    }

    /**
     * Whether the executor's own policy has it.
     *
     * @return whether the executor's own policy has it
     */
    public boolean forExecutor() {
        return forExecutor;
    }

    /**
     * Whether it is one of the fields of a {@link RetryPolicy}.
     *
     * @return whether it is a field of a {@link RetryPolicy}
     */
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
