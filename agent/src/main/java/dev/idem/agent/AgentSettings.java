package dev.idem.agent;

import dev.idem.internal.DaemonThreads;
import dev.idem.journal.JournalSettings;
import dev.idem.llm.ChatModel;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.IdleTimeoutBreaker;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.failover.ModelCallListener;
import dev.idem.tool.PolicyOverrides;
import dev.idem.tool.RetryPolicy;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolSet;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * Everything an {@link Agent} was configured with, as one immutable value: built once by
 * {@link Agent.Builder}, read by every {@link AgentRun}. Defaults are already applied and every
 * value checked, so a run never asks what was left out.
 *
 * @param name                    for logs and saved conversations
 * @param instructions            the system message, empty for none
 * @param model                   the model client, possibly shared with other agents
 * @param toolExecutor            the tools, their policy, breakers, budget and threads
 * @param failoverPolicy          what to do after a failed model call
 * @param idleTimeoutBreaker      the model client's idle-timeout breaker
 * @param modelSleeper            how model calls wait before a retry; {@code null} for the driver's own
 * @param maxModelTurns           the most model turns per run
 * @param maxToolCalls            the most tool calls per run
 * @param streaming               whether answers are streamed
 * @param streamListener          receives streamed pieces
 * @param streamThreads           where streams are read on the non-blocking path
 * @param concurrentReadOnlyTools whether consecutive read-only calls of a turn may overlap
 * @param window                  how much conversation is kept and sent
 * @param listeners               trace listeners, in the order added
 * @param journal                 where model turns are journaled, or {@code null} for runs that are not durable
 */
record AgentSettings(
        String name,
        String instructions,
        ChatModel model,
        ToolExecutor toolExecutor,
        FailoverPolicy failoverPolicy,
        IdleTimeoutBreaker idleTimeoutBreaker,
        Sleeper modelSleeper,
        int maxModelTurns,
        int maxToolCalls,
        boolean streaming,
        StreamListener streamListener,
        Executor streamThreads,
        boolean concurrentReadOnlyTools,
        ConversationWindow window,
        List<AgentListener> listeners,
        JournalSettings journal,
        java.time.Duration approvalTimeout,
        java.time.Clock clock) {

    AgentSettings {
        listeners = List.copyOf(listeners);
    }

    /**
     * The executor an agent's tool calls run on: the one given, else one built from the tools, the
     * retry policy, the sleeper, the policy overrides and the journal given (tool names must be unique across all of them).
     */
    static ToolExecutor toolExecutor(ToolExecutor given, ToolRegistry registry, List<ToolSet> toolSets,
            RetryPolicy retryPolicy, Sleeper toolSleeper, PolicyOverrides policyOverrides, JournalSettings journal) {
        if (given != null) {
            if (registry != null || !toolSets.isEmpty() || retryPolicy != null || toolSleeper != null
                    || policyOverrides != null) {
                throw new IllegalArgumentException("give either toolExecutor or tools/retryPolicy/toolSleeper/policyOverrides,"
                        + " not both:"
                        + " the executor already has its tools and policy");
            }
            if (journal != null && given.journal().isEmpty()) {
                throw new IllegalArgumentException("a journaled agent needs a journaled tool executor: replayed model"
                        + " turns repeat their tool calls, and only the executor's journal keeps them from running"
                        + " twice (ToolExecutor.builder(...).journal(...))");
            }
            return given;
        }
        ToolRegistry tools = (registry != null ? registry : ToolRegistry.of()).plus(toolSets.toArray(ToolSet[]::new));
        ToolExecutor.Builder executor = ToolExecutor.builder(tools);
        if (retryPolicy != null) {
            executor.retryPolicy(retryPolicy);
        }
        if (toolSleeper != null) {
            executor.sleeper(toolSleeper);
        }
        if (policyOverrides != null) {
            executor.policyOverrides(policyOverrides);
        }
        if (journal != null) {
            executor.journal(journal);
        }
        return executor.build();
    }

    /** Threads for blocking streamed calls on the non-blocking path: shared daemon threads, created on first use. */
    static Executor defaultStreamThreads() {
        return StreamThreads.POOL;
    }

    /** {@code value}, checked: a setting below {@code min} is an error naming the setting. */
    static int atLeast(String setting, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(setting + " must be at least " + min + ", was " + value);
        }
        return value;
    }

    /**
     * A driver for one run: this agent's policy and the model client's shared idle breaker, and a
     * listener of the run's own, so each attempt is attributed to the run that made it.
     */
    ModelCallDriver newDriver(ModelCallListener runListener) {
        ModelCallDriver.Builder driver = ModelCallDriver.builder()
                .policy(failoverPolicy)
                .idleTimeoutBreaker(idleTimeoutBreaker)
                .listener(runListener);
        if (modelSleeper != null) {
            driver.sleeper(modelSleeper);
        }
        return driver.build();
    }

    private static final class StreamThreads {
        static final ExecutorService POOL = DaemonThreads.cachedPool("idem-agent-stream");
    }
}
