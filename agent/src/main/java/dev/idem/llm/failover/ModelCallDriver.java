package dev.idem.llm.failover;

import dev.idem.internal.DaemonThreads;
import dev.idem.internal.Mode;
import dev.idem.retry.Sleeper;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * The one retry loop of model calls: runs a call, and after each failure classifies it
 * ({@link ModelErrorClassifier}), asks the {@link FailoverPolicy} what to do, tells the
 * {@link ModelCallListener}s, then waits and retries, rotates to the next provider profile, or
 * surfaces a {@link ModelCallException}.
 *
 * <p><b>Provider clients never retry on their own.</b> They throw
 * {@link dev.idem.llm.ProviderHttpException} for an HTTP error answer,
 * {@link dev.idem.llm.ProviderResponseException} for a response they could not use, or the
 * transport's exception, and let this driver decide: one layer retries, so attempts never
 * multiply and the replay gate cannot be bypassed.
 *
 * <p>Two entry points, {@link #call} and {@link #stream}, each run in a {@link Mode}: blocking, every
 * attempt and every wait happens on the caller's thread and the returned stage is already
 * complete; non-blocking, the next attempt is chained on the {@link Sleeper}'s stage and no thread
 * waits. Both run one state machine, so they decide alike. The driver is generic in the result
 * type {@code T} and in the provider profile type {@code P} (an API key, an endpoint, a whole
 * client). Streaming tries the stream first; once a stream attempt has failed and the policy lets
 * the call go on (the replay gate included: a stream that failed {@code MAYBE_PROCESSED} on a turn
 * that exposes tools surfaces as PROVIDER_OUTCOME_UNKNOWN), every further attempt uses the
 * non-streaming fallback. In blocking mode an interrupted caller gets no further attempt: the
 * call surfaces as INTERRUPTED, the flag still set.
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
    private final ModelErrorClassifier classifier;
    private final FailoverPolicy policy;
    private final IdleTimeoutBreaker breaker;
    private final Sleeper sleeper;
    private final List<ModelCallListener> listeners;

    private ModelCallDriver(Builder builder) {
        this.classifier = builder.classifier;
        this.policy = builder.policy;
        this.breaker = builder.breaker;
        this.sleeper = builder.sleeper != null ? builder.sleeper : Sleeper.using(RetryTimer.POOL);
        this.listeners = List.copyOf(builder.listeners);
    }

    /**
     * A builder with the default classifier, policy and breaker.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A driver with the default classifier, policy and breaker.
     *
     * @return a new driver
     */
    public static ModelCallDriver create() {
        return builder().build();
    }

    /**
     * Runs {@code call} with the first profile, retrying and rotating as the policy decides, on
     * this thread (attempts and waits alike).
     *
     * @param <P> the type of a provider profile
     * @param <T> the type of an answer
     * @param profiles         provider profiles in order of preference, at least one
     * @param turnExposesTools whether the request offers tools to the model (the replay gate)
     * @param call             one attempt with a profile
     * @return the answer
     * @throws ModelCallException when the driver gives up
     */
    public <P, T> T call(List<P> profiles, boolean turnExposesTools, Function<? super P, ? extends T> call) {
        Objects.requireNonNull(call, "call");
        Function<P, CompletionStage<T>> attempt = profile -> Mode.now(() -> call.apply(profile));
        return Mode.join(execution(Mode.BLOCKING, profiles, turnExposesTools, false, attempt, attempt).start());
    }

    /**
     * Streams with {@code streamCall}; after a failed stream the call goes on, when the policy
     * allows it, with {@code fallbackCall} (non-streaming). Otherwise as {@link #call}.
     *
     * @param <P> the type of a provider profile
     * @param <T> the type of an answer
     * @param profiles         provider profiles in order of preference, at least one
     * @param turnExposesTools whether the request offers tools to the model (the replay gate)
     * @param streamCall       one streamed attempt with a profile
     * @param fallbackCall     one non-streamed attempt with a profile
     * @return the answer
     * @throws ModelCallException when the driver gives up
     */
    public <P, T> T stream(List<P> profiles, boolean turnExposesTools, Function<? super P, ? extends T> streamCall,
            Function<? super P, ? extends T> fallbackCall) {
        Objects.requireNonNull(streamCall, "streamCall");
        Objects.requireNonNull(fallbackCall, "fallbackCall");
        Function<P, CompletionStage<T>> streamed = profile -> Mode.now(() -> streamCall.apply(profile));
        Function<P, CompletionStage<T>> fallback = profile -> Mode.now(() -> fallbackCall.apply(profile));
        return Mode.join(execution(Mode.BLOCKING, profiles, turnExposesTools, true, streamed, fallback).start());
    }

    /**
     * As {@link #call}, without waiting on the caller's thread: attempts are the stages
     * {@code call} returns, and waits between them end on the driver's timer.
     *
     * @param <P> the type of a provider profile
     * @param <T> the type of an answer
     * @param profiles         provider profiles in order of preference, at least one
     * @param turnExposesTools whether the request offers tools to the model (the replay gate)
     * @param call             one attempt with a profile
     * @return the answer, or failed with a {@link ModelCallException} when the driver gives up
     */
    public <P, T> CompletionStage<T> callAsync(List<P> profiles, boolean turnExposesTools,
            Function<? super P, ? extends CompletionStage<? extends T>> call) {
        Objects.requireNonNull(call, "call");
        return execution(Mode.NON_BLOCKING, profiles, turnExposesTools, false, call, call).start();
    }

    /**
     * As {@link #stream}, without waiting on the caller's thread.
     *
     * @param <P> the type of a provider profile
     * @param <T> the type of an answer
     * @param profiles         provider profiles in order of preference, at least one
     * @param turnExposesTools whether the request offers tools to the model (the replay gate)
     * @param streamCall       one streamed attempt with a profile
     * @param fallbackCall     one non-streamed attempt with a profile
     * @return the answer, or failed with a {@link ModelCallException} when the driver gives up
     */
    public <P, T> CompletionStage<T> streamAsync(List<P> profiles, boolean turnExposesTools,
            Function<? super P, ? extends CompletionStage<? extends T>> streamCall,
            Function<? super P, ? extends CompletionStage<? extends T>> fallbackCall) {
        Objects.requireNonNull(streamCall, "streamCall");
        Objects.requireNonNull(fallbackCall, "fallbackCall");
        return execution(Mode.NON_BLOCKING, profiles, turnExposesTools, true, streamCall, fallbackCall).start();
    }

    /**
     * The breaker shared by all calls through this driver.
     *
     * @return the idle-timeout breaker
     */
    public IdleTimeoutBreaker idleTimeoutBreaker() {
        return breaker;
    }

    private <P, T> ModelCallExecution<P, T> execution(Mode mode, List<P> profiles, boolean turnExposesTools,
            boolean streaming, Function<? super P, ? extends CompletionStage<? extends T>> first,
            Function<? super P, ? extends CompletionStage<? extends T>> fallback) {
        Objects.requireNonNull(mode, "mode");
        return new ModelCallExecution<>(mode, profiles, turnExposesTools, streaming, first, fallback, classifier,
                policy, breaker, sleeper, listeners);
    }

    /**
     * Ends the waits of drivers built without a sleeper: one daemon thread, created on first use.
     * Its tasks only complete a stage; in non-blocking mode the next attempt starts from it, and
     * attempts are asynchronous, so one thread is enough. Not the tool timer: a provider whose
     * asynchronous call blocks must not delay tool timeouts.
     */
    private static final class RetryTimer {
        static final ScheduledExecutorService POOL = DaemonThreads.timer("idem-model-retry");
    }

    /** Configuration of a {@link ModelCallDriver}. */
    public static final class Builder {
        private ModelErrorClassifier classifier = new ModelErrorClassifier();
        private FailoverPolicy policy = FailoverPolicy.DEFAULT;
        private IdleTimeoutBreaker breaker = new IdleTimeoutBreaker();
        private Sleeper sleeper;
        private final List<ModelCallListener> listeners = new ArrayList<>();

        private Builder() {
        }

        /**
         * How failures are sorted into kinds (default: a {@link ModelErrorClassifier} on the system clock).
         *
         * @param classifier the classifier
         * @return this builder
         */
        public Builder classifier(ModelErrorClassifier classifier) {
            this.classifier = Objects.requireNonNull(classifier, "classifier");
            return this;
        }

        /**
         * What to do after a failed attempt (default {@link FailoverPolicy#DEFAULT}).
         *
         * @param policy the failover policy
         * @return this builder
         */
        public Builder policy(FailoverPolicy policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * The model client's breaker (default: a new one opening after 3 idle timeouts).
         *
         * @param breaker the idle-timeout breaker
         * @return this builder
         */
        public Builder idleTimeoutBreaker(IdleTimeoutBreaker breaker) {
            this.breaker = Objects.requireNonNull(breaker, "breaker");
            return this;
        }

        /**
         * How calls wait before retrying, in both modes (default: real waits on one shared daemon
         * thread; {@code Sleeper.using(scheduler)} for your own scheduler).
         *
         * @param sleeper the sleeper of both modes
         * @return this builder
         */
        public Builder sleeper(Sleeper sleeper) {
            this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
            return this;
        }

        /**
         * Adds a listener of attempts, failures and waits, called in the order added.
         *
         * @param listener the listener to add
         * @return this builder
         */
        public Builder listener(ModelCallListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * The driver.
         *
         * @return a new driver with this configuration
         */
        public ModelCallDriver build() {
            return new ModelCallDriver(this);
        }
    }
}
