package dev.idem.tool;

import dev.idem.internal.call.BodyRun;
import dev.idem.internal.call.DefaultThreads;
import dev.idem.internal.call.ExecutorSettings;
import dev.idem.internal.call.IntentIds;
import dev.idem.internal.call.JacksonRequirement;
import dev.idem.internal.call.JournalStep;
import dev.idem.internal.call.RetryBudget;
import dev.idem.internal.call.TransactionalTools;
import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.retry.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Executes tool calls under Idem's rules (DESIGN.md section 3): unknown tools and malformed or
 * invalid arguments never run the body; failures are classified and re-run only when the
 * decision table allows it; every attempt of a call intent shares one idempotency key; a
 * per-tool circuit breaker and an executor-wide retry budget keep a failing dependency from
 * being flooded. Immutable and thread-safe; build one and share it.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Bank_ToolSet.of(bank)))
 *         .retryPolicy(RetryPolicy.builder().maxAttempts(4).build())
 *         .defaultTimeout(Duration.ofSeconds(20))
 *         .build();
 * ToolRun run = executor.newRun("ticket-4711");          // one per user request
 * ToolResult result = run.execute(new ToolCall("call_1", "schedulePix", argumentsJson));
 * CompletionStage<ToolResult> later = run.executeAsync(new ToolCall("call_2", "balance", "{}"));
 * }</pre>
 */
public final class ToolExecutor {

    private final ExecutorSettings settings;
    // What effectivePolicies() reports: the configured policies when overrides were applied, else
    // the compiled ones, computed when asked for from the executor's own policy.
    private final EffectivePolicies configured;
    private final ExecutorPolicy executorPolicy;

    private ToolExecutor(Builder builder) {
        ScheduledExecutorService timer = builder.scheduler != null ? builder.scheduler : DefaultThreads.timer();
        ExecutorService bodies = builder.bodyExecutor != null ? builder.bodyExecutor : DefaultThreads.bodies();
        Sleeper sleeper = builder.sleeper != null ? builder.sleeper : Sleeper.using(timer);
        this.settings = new ExecutorSettings(builder.registry, builder.retryPolicy, builder.defaultTimeout.toMillis(),
                new BodyRun(bodies, timer), sleeper, builder.clock, builder.random,
                new RetryBudget(builder.budgetMaxTokens, builder.budgetTokenRatio),
                new ExecutorSettings.Breakers(builder.breakerFailureThreshold, builder.breakerOpenDuration.toMillis()),
                List.copyOf(builder.listeners),
                builder.journal == null ? JournalStep.inProcess(builder.clock, bodies, timer, sleeper)
                        : JournalStep.of(builder.journal, bodies, timer, sleeper, builder.clock));
        this.configured = builder.configured;
        this.executorPolicy = builder.executorPolicy();
    }

    /**
     * A builder for an executor of the tools in {@code registry}.
     *
     * @param registry the tools the executor may run
     * @return a builder with the defaults
     */
    public static Builder builder(ToolRegistry registry) {
        return new Builder(registry);
    }

    /**
     * A new run with a generated intent id.
     *
     * @return a run with a fresh intent id
     */
    public ToolRun newRun() {
        return newRun(IntentIds.next());
    }

    /**
     * A new run for the given intent: the click, the ticket, the request id. Two runs with the same
     * intent id derive the same idempotency keys for the same calls, so a retried request is
     * deduplicated by services that honour the key.
     *
     * @param intentId the intent's id
     * @return a run of that intent
     */
    public ToolRun newRun(String intentId) {
        return new ToolRun(settings, intentId, null);
    }

    /**
     * A new run for the given intent whose calls are also reported to {@code listener}, after the
     * executor's own listeners: lets a caller attribute retries and outcomes to the run (the user
     * request) that caused them, when many runs share one executor.
     *
     * <pre>{@code
     * ToolRun run = executor.newRun("ticket-4711", (call, tool) -> new ToolCallObservation() {
     *     public void finished(ToolResult result) { trace.add(result); }
     * });
     * }</pre>
     *
     * @param intentId the intent's id
     * @param listener told of every call of the run
     * @return a run of that intent
     */
    public ToolRun newRun(String intentId, ToolExecutionListener listener) {
        return new ToolRun(settings, intentId, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Executes one call in a fresh run, waiting on this thread.
     *
     * @param call the model's call
     * @return the call's result
     */
    public ToolResult execute(ToolCall call) {
        return newRun().execute(call);
    }

    /**
     * Executes one call in a fresh run without blocking this thread.
     *
     * @param call the model's call
     * @return the stage of the call's result
     */
    public CompletionStage<ToolResult> executeAsync(ToolCall call) {
        return newRun().executeAsync(call);
    }

    /**
     * The tools this executor may run.
     *
     * @return the tools this executor may run
     */
    public ToolRegistry registry() {
        return settings.registry();
    }

    /**
     * The policy for tools without their own.
     *
     * @return the policy for tools without their own
     */
    public RetryPolicy retryPolicy() {
        return settings.retryPolicy();
    }

    /**
     * The policies this executor runs under, per tool and for itself, with where each value came
     * from ({@code @Tool}, {@code @Retry}, the builder, a default, or configuration);
     * {@code toString()} prints them as a table.
     *
     * @return the effective policies
     */
    public EffectivePolicies effectivePolicies() {
        return configured != null ? configured : EffectivePolicies.compiled(settings.registry(), executorPolicy);
    }

    /**
     * The journal this executor was given; empty when it was built without one. Such an executor
     * still records its side-effecting calls, in an in-memory journal of its own: a re-issued call
     * whose outcome is unknown is never run again in this process (unless the tool is
     * idempotent), but nothing outlives the process.
     *
     * @return the journal settings, or empty
     */
    public Optional<JournalSettings> journal() {
        JournalStep step = settings.journalStep();
        return step.inProcess() ? Optional.empty() : Optional.of(step.settings());
    }

    /** What every call of this executor works with (its budget and breakers included). */
    ExecutorSettings settings() {
        return settings;
    }

    /** Configures a {@link ToolExecutor}; every setting has a default. */
    public static final class Builder {
        private ToolRegistry registry;
        private PolicyOverrides overrides;
        private EffectivePolicies configured;
        private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
        private Duration defaultTimeout = Duration.ZERO;
        private int breakerFailureThreshold = 5;
        private Duration breakerOpenDuration = Duration.ofSeconds(60);
        private double budgetMaxTokens = 10;
        private double budgetTokenRatio = 0.1;
        private final List<ToolExecutionListener> listeners = new ArrayList<>();
        private ExecutorService bodyExecutor;
        private ScheduledExecutorService scheduler;
        private Sleeper sleeper;
        private Clock clock = Clock.systemUTC();
        private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
        private JournalSettings journal;

        private Builder(ToolRegistry registry) {
            this.registry = Objects.requireNonNull(registry, "registry");
        }

        /**
         * The policy for tools that inherit (no {@code @Retry} of their own); default
         * {@link RetryPolicy#DEFAULT}. A tool's own policy always wins.
         *
         * @param value the policy for tools that inherit
         * @return this builder
         */
        public Builder retryPolicy(RetryPolicy value) {
            this.retryPolicy = Objects.requireNonNull(value, "retryPolicy");
            return this;
        }

        /**
         * The wall-clock limit per body run for tools that inherit theirs; {@link Duration#ZERO}
         * (the default) is no limit.
         *
         * @param value the limit per body run; {@link Duration#ZERO} for none
         * @return this builder
         */
        public Builder defaultTimeout(Duration value) {
            if (value.isNegative()) {
                throw new IllegalArgumentException("defaultTimeout must not be negative, was " + value);
            }
            this.defaultTimeout = value;
            return this;
        }

        /**
         * Each tool's circuit breaker opens after {@code failureThreshold} consecutive transient
         * failures and stays open for {@code openDuration}, then lets one probe through.
         * Defaults: 5 and 60 seconds.
         *
         * @param failureThreshold consecutive transient failures that open a breaker, at least 1
         * @param openDuration     how long an open breaker stays open
         * @return this builder
         */
        public Builder circuitBreaker(int failureThreshold, Duration openDuration) {
            if (failureThreshold < 1) {
                throw new IllegalArgumentException("failureThreshold must be at least 1, was " + failureThreshold);
            }
            if (openDuration.isNegative()) {
                throw new IllegalArgumentException("openDuration must not be negative, was " + openDuration);
            }
            this.breakerFailureThreshold = failureThreshold;
            this.breakerOpenDuration = openDuration;
            return this;
        }

        /**
         * The executor-wide retry budget: {@code maxTokens} to start with, one taken per transient
         * failure, {@code tokenRatio} given back per success; retries only while more than half
         * are left. Defaults: 10 and 0.1.
         *
         * @param maxTokens  the budget's size
         * @param tokenRatio tokens given back per success
         * @return this builder
         */
        public Builder retryBudget(double maxTokens, double tokenRatio) {
            new RetryBudget(maxTokens, tokenRatio); // validates, naming the field
            this.budgetMaxTokens = maxTokens;
            this.budgetTokenRatio = tokenRatio;
            return this;
        }

        /**
         * Adds a listener; listeners are called in the order added.
         *
         * @param value the listener
         * @return this builder
         */
        public Builder listener(ToolExecutionListener value) {
            listeners.add(Objects.requireNonNull(value, "listener"));
            return this;
        }

        /**
         * Threads for bodies run under a timeout and for every body of the asynchronous path.
         *
         * @param value the threads for bodies
         * @return this builder
         */
        public Builder bodyExecutor(ExecutorService value) {
            this.bodyExecutor = Objects.requireNonNull(value, "bodyExecutor");
            return this;
        }

        /**
         * Fires timeouts (and, unless a {@link #sleeper} is set, ends retry delays).
         *
         * @param value the scheduler
         * @return this builder
         */
        public Builder scheduler(ScheduledExecutorService value) {
            this.scheduler = Objects.requireNonNull(value, "scheduler");
            return this;
        }

        /**
         * Waits between attempts; default: real delays on the {@link #scheduler}.
         *
         * @param value the sleeper
         * @return this builder
         */
        public Builder sleeper(Sleeper value) {
            this.sleeper = Objects.requireNonNull(value, "sleeper");
            return this;
        }

        /**
         * The time the circuit breakers read, and the lease of a journal record whose abandoned body
         * may still be running is judged by; default the system clock.
         *
         * @param value the clock
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * Uniform values in [0, 1) for jitter; default {@link ThreadLocalRandom}.
         *
         * @param value the source of uniform values
         * @return this builder
         */
        public Builder random(DoubleSupplier value) {
            this.random = Objects.requireNonNull(value, "random");
            return this;
        }

        /**
         * Records every side-effecting call in {@code journal} before its body runs, so a crash, a
         * restart or a second replica never runs it twice ({@link JournalSettings#of} defaults).
         * Without one the executor records calls in memory: the same rules within this process.
         *
         * @param journal the journal
         * @return this builder
         */
        public Builder journal(CallJournal journal) {
            return journal(JournalSettings.of(journal));
        }

        /**
         * Records calls in a journal, with these settings (owner, lease, in-flight wait, read-only tools).
         *
         * @param value the journal and its settings
         * @return this builder
         */
        public Builder journal(JournalSettings value) {
            this.journal = Objects.requireNonNull(value, "journal");
            return this;
        }

        /**
         * Lets {@code overrides} change the policies when {@link #build()} runs (once): typically
         * {@code PolicyConfiguration.standard(args)}, which reads {@code idem.tool.<name>.retry.max-attempts}
         * and the like from program arguments, system properties, the environment and files.
         *
         * @param value the overrides, read once at {@link #build()}
         * @return this builder
         */
        public Builder policyOverrides(PolicyOverrides value) {
            this.overrides = Objects.requireNonNull(value, "policyOverrides");
            return this;
        }

        /**
         * Builds the executor; with {@link #policyOverrides}, reads them now and fails with every
         * problem they have (an unknown tool or key, a value out of range, a loosened flag).
         *
         * @return the executor
         * @throws IllegalStateException when the Jackson on the class path is not one Idem runs on
         *     (docs/setup.md, "Jackson versions"): the message names the versions found and the fix
         */
        public ToolExecutor build() {
            JacksonRequirement.check();
            if (overrides != null) {
                applyOverrides();
            }
            TransactionalTools.check(registry, journal);
            return new ToolExecutor(this);
        }

        private void applyOverrides() {
            EffectivePolicies compiled = EffectivePolicies.compiled(registry, executorPolicy());
            EffectivePolicies effective = Objects.requireNonNull(overrides.apply(compiled), "the overrides gave no policies");
            ExecutorPolicy executor = effective.executor();
            registry = registry.withDescriptors(effective.descriptors());
            retryPolicy = executor.retryPolicy();
            defaultTimeout = Duration.ofMillis(executor.timeoutMs());
            breakerFailureThreshold = executor.circuitBreakerFailureThreshold();
            breakerOpenDuration = Duration.ofMillis(executor.circuitBreakerOpenMs());
            budgetMaxTokens = executor.retryBudgetMaxTokens();
            budgetTokenRatio = executor.retryBudgetTokenRatio();
            configured = effective;
        }

        /** The executor's own policy as this builder holds it, each setting with where it came from. */
        private ExecutorPolicy executorPolicy() {
            long timeoutMs = defaultTimeout.toMillis();
            long openMs = breakerOpenDuration.toMillis();
            return new ExecutorPolicy(retryPolicy, timeoutMs, breakerFailureThreshold, openMs, budgetMaxTokens,
                    budgetTokenRatio,
                    origins(retryPolicy, timeoutMs, breakerFailureThreshold, openMs, budgetMaxTokens, budgetTokenRatio));
        }

        /** Where each executor setting came from when nothing configured it: a default or this builder. */
        private static Map<PolicySetting, String> origins(RetryPolicy policy, long timeoutMs, int failureThreshold, long openMs,
                double maxTokens, double tokenRatio) {
            Map<PolicySetting, String> origins = new EnumMap<>(PolicySetting.class);
            for (PolicySetting setting : PolicySetting.values()) {
                if (!setting.forExecutor()) {
                    continue;
                }
                boolean isDefault;
                switch (setting) {
                    case TIMEOUT_MS: isDefault = timeoutMs == 0; break;
                    case CIRCUIT_BREAKER_FAILURE_THRESHOLD: isDefault = failureThreshold == 5; break;
                    case CIRCUIT_BREAKER_OPEN_MS: isDefault = openMs == 60_000; break;
                    case RETRY_BUDGET_MAX_TOKENS: isDefault = maxTokens == 10; break;
                    case RETRY_BUDGET_TOKEN_RATIO: isDefault = tokenRatio == 0.1; break;
                    default: isDefault = setting.valueIn(policy).equals(setting.valueIn(RetryPolicy.DEFAULT));
                }
                origins.put(setting, isDefault ? "default" : "ToolExecutor.builder()");
            }
            return origins;
        }
    }
}
