package dev.idem.internal.call;

import dev.idem.retry.Sleeper;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleSupplier;

/**
 * What every call of one {@link ToolExecutor} works with, handed to each call's stages ({@link CallExecution}) as
 * one value: the executor's configuration, and the retry budget and circuit breakers that all its
 * calls, on every thread, draw on (both thread-safe).
 *
 * @param registry         the tools the executor may run
 * @param retryPolicy      the policy of tools without their own {@code @Retry}
 * @param defaultTimeoutMs the wall-clock limit of tools that inherit theirs, 0 for none
 * @param bodyRun          runs one body attempt, inline or on the pool, under its timeout
 * @param sleeper          waits between attempts
 * @param clock            the time the breakers read
 * @param random           uniform values in [0, 1) for jitter
 * @param budget           the executor-wide retry budget
 * @param breakers         one breaker per tool, created on first call
 * @param listeners        the executor's own listeners, in the order added
 * @param journalStep      claims and completes calls in the call journal (the executor's own in memory when it was given none)
 */
public record ExecutorSettings(ToolRegistry registry, RetryPolicy retryPolicy, long defaultTimeoutMs, BodyRun bodyRun,
        Sleeper sleeper, Clock clock, DoubleSupplier random, RetryBudget budget, Breakers breakers,
        List<ToolExecutionListener> listeners, JournalStep journalStep) {

    /** The policy a call of {@code tool} runs under: the tool's own, else the executor's. */
    public RetryPolicy policyFor(ToolDescriptor tool) {
        return tool.ownRetryPolicy().orElse(retryPolicy);
    }

    /** The wall-clock limit per body run of {@code tool}, 0 for none. */
    public long timeoutMsFor(ToolDescriptor tool) {
        return tool.timeoutMs() == ToolDescriptor.INHERIT_TIMEOUT ? defaultTimeoutMs : tool.timeoutMs();
    }

    /** The tools' circuit breakers, one per tool name, all alike. */
    public static final class Breakers {
        private final int failureThreshold;
        private final long openMillis;
        private final Map<String, CircuitBreaker> byTool = new ConcurrentHashMap<>();

        public Breakers(int failureThreshold, long openMillis) {
            this.failureThreshold = failureThreshold;
            this.openMillis = openMillis;
        }

        public CircuitBreaker forTool(String toolName) {
            // A plain read first: computeIfAbsent may lock the key's bin even when the breaker exists.
            CircuitBreaker breaker = byTool.get(toolName);
            return breaker != null ? breaker
                    : byTool.computeIfAbsent(toolName, name -> new CircuitBreaker(failureThreshold, openMillis));
        }
    }
}
