package dev.idem.llm.failover;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one retry loop of model calls: runs a call, and after each failure classifies it
 * ({@link ModelErrorClassifier}), asks the {@link FailoverPolicy} what to do, tells the
 * {@link ModelCallListener}s, then waits and retries, rotates to the next provider profile, or
 * surfaces a {@link ModelCallException}.
 *
 * <p><b>Provider clients never retry on their own.</b> They throw
 * {@link ProviderHttpException} for an HTTP error answer, {@link ProviderResponseException} for
 * a response they could not use, or the transport's exception, and let this driver decide: one
 * layer retries, so attempts never multiply and the replay gate cannot be bypassed.
 *
 * <p>The driver is generic in the result type {@code T} and in the provider profile type
 * {@code P} (an API key, an endpoint, a whole client). Sync, async and streaming entry points
 * share the same per-call state and decisions. Sync waits with the {@link Sleeper}; async waits
 * by scheduling the next attempt on the {@link ScheduledExecutorService}, never blocking a
 * thread. Streaming tries the stream first; once a stream attempt has failed and the policy lets
 * the call go on (the replay gate included: a stream that failed {@code MAYBE_PROCESSED} on a
 * turn that exposes tools surfaces as PROVIDER_OUTCOME_UNKNOWN), every further attempt uses the
 * non-streaming fallback.
 *
 * <p>One driver per model client: its {@link IdleTimeoutBreaker} counts idle timeouts across
 * all calls through it.
 *
 * <pre>{@code
 * ModelCallDriver driver = ModelCallDriver.builder()
 *         .policy(FailoverPolicy.builder().maxAttempts(3).build())
 *         .listener((attempt, failure, decision) -> log.info("{} {} {}", attempt, failure.kind(), decision))
 *         .build();
 * String answer = driver.call(List.of(primaryKey, backupKey), true, key -> client.complete(key, prompt));
 * }</pre>
 */
public final class ModelCallDriver {
    /** Waits between sync attempts; tests record instead of sleeping. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final ModelErrorClassifier classifier;
    private final FailoverPolicy policy;
    private final IdleTimeoutBreaker breaker;
    private final Sleeper sleeper;
    private final Supplier<ScheduledExecutorService> scheduler;
    private final List<ModelCallListener> listeners;

    private ModelCallDriver(Builder builder) {
        this.classifier = builder.classifier;
        this.policy = builder.policy;
        this.breaker = builder.breaker;
        this.sleeper = builder.sleeper;
        ScheduledExecutorService given = builder.scheduler;
        this.scheduler = given != null ? () -> given : RetryScheduler::shared;
        this.listeners = List.copyOf(builder.listeners);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A driver with the default classifier, policy and breaker. */
    public static ModelCallDriver create() {
        return builder().build();
    }

    /**
     * Runs {@code call} with the first profile, retrying and rotating as the policy decides.
     *
     * @param profiles         provider profiles in order of preference, at least one
     * @param turnExposesTools whether the request offers tools to the model (the replay gate)
     * @throws ModelCallException when the driver gives up
     */
    public <P, T> T call(List<P> profiles, boolean turnExposesTools, Function<? super P, ? extends T> call) {
        Objects.requireNonNull(call, "call");
        return new SyncLoop<P, T>(newAttempts(profiles, turnExposesTools, false), sleeper, call, call).run();
    }

    /** As {@link #call(List, boolean, Function)} with a single, implicit profile. */
    public <T> T call(boolean turnExposesTools, Supplier<? extends T> call) {
        Objects.requireNonNull(call, "call");
        return call(List.of(Boolean.TRUE), turnExposesTools, ignored -> call.get());
    }

    /**
     * Streams with {@code streamCall}; after a failed stream the call goes on, when the policy
     * allows it, with {@code fallbackCall} (non-streaming).
     *
     * @throws ModelCallException when the driver gives up
     */
    public <P, T> T stream(List<P> profiles, boolean turnExposesTools,
            Function<? super P, ? extends T> streamCall, Function<? super P, ? extends T> fallbackCall) {
        Objects.requireNonNull(streamCall, "streamCall");
        Objects.requireNonNull(fallbackCall, "fallbackCall");
        return new SyncLoop<P, T>(newAttempts(profiles, turnExposesTools, true), sleeper, streamCall, fallbackCall)
                .run();
    }

    /**
     * The async form of {@link #call(List, boolean, Function)}: completes with the result, or
     * exceptionally with a {@link ModelCallException}. Waits are scheduled, never slept.
     */
    public <P, T> CompletionStage<T> callAsync(List<P> profiles, boolean turnExposesTools,
            Function<? super P, ? extends CompletionStage<? extends T>> call) {
        Objects.requireNonNull(call, "call");
        return new AsyncLoop<P, T>(newAttempts(profiles, turnExposesTools, false), scheduler, call, call).start();
    }

    /** The async form of {@link #stream}. */
    public <P, T> CompletionStage<T> streamAsync(List<P> profiles, boolean turnExposesTools,
            Function<? super P, ? extends CompletionStage<? extends T>> streamCall,
            Function<? super P, ? extends CompletionStage<? extends T>> fallbackCall) {
        Objects.requireNonNull(streamCall, "streamCall");
        Objects.requireNonNull(fallbackCall, "fallbackCall");
        return new AsyncLoop<P, T>(newAttempts(profiles, turnExposesTools, true), scheduler, streamCall, fallbackCall)
                .start();
    }

    /** The breaker shared by all calls through this driver. */
    public IdleTimeoutBreaker idleTimeoutBreaker() {
        return breaker;
    }

    private <P> CallAttempts<P> newAttempts(List<P> profiles, boolean turnExposesTools, boolean streaming) {
        return new CallAttempts<>(profiles, turnExposesTools, streaming, classifier, policy, breaker, listeners);
    }

    /** Configuration of a {@link ModelCallDriver}. */
    public static final class Builder {
        private ModelErrorClassifier classifier = new ModelErrorClassifier();
        private FailoverPolicy policy = FailoverPolicy.DEFAULT;
        private IdleTimeoutBreaker breaker = new IdleTimeoutBreaker();
        private Sleeper sleeper = Thread::sleep;
        private ScheduledExecutorService scheduler;
        private final List<ModelCallListener> listeners = new ArrayList<>();

        private Builder() {
        }

        public Builder classifier(ModelErrorClassifier classifier) {
            this.classifier = Objects.requireNonNull(classifier, "classifier");
            return this;
        }

        public Builder policy(FailoverPolicy policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** The model client's breaker (default: a new one opening after 3 idle timeouts). */
        public Builder idleTimeoutBreaker(IdleTimeoutBreaker breaker) {
            this.breaker = Objects.requireNonNull(breaker, "breaker");
            return this;
        }

        /** How sync calls wait (default {@link Thread#sleep(long)}). */
        public Builder sleeper(Sleeper sleeper) {
            this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
            return this;
        }

        /** Where async calls schedule retries (default: one shared daemon thread). */
        public Builder scheduler(ScheduledExecutorService scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        public Builder listener(ModelCallListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        public ModelCallDriver build() {
            return new ModelCallDriver(this);
        }
    }
}
