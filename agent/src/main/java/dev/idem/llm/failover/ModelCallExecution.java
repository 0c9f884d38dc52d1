package dev.idem.llm.failover;

import dev.idem.internal.CauseChain;
import dev.idem.internal.Mode;
import dev.idem.llm.ErrorKind;
import dev.idem.retry.Sleeper;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One model call from its first attempt to its answer or its {@link ModelCallException}:
 * attempt, then after a failure classify and decide, then wait, then attempt again. The blocking
 * and the non-blocking entry points of {@link ModelCallDriver} both run this code; they differ only
 * in their {@link Mode}. It also keeps what the decisions need across attempts: which profile and
 * which form (stream or fallback) the next attempt uses and how many failures of each kind there were.
 *
 * <p>Used once, by one call, so its fields need no synchronization: each step happens-after the
 * previous one through the stage it chains on.
 */
final class ModelCallExecution<P, T> {
    private static final Logger LOG = LoggerFactory.getLogger(ModelCallDriver.class);

    private final Mode mode;
    private final List<P> profiles;
    private final boolean turnExposesTools;
    private final Function<? super P, ? extends CompletionStage<? extends T>> first;
    private final Function<? super P, ? extends CompletionStage<? extends T>> fallback;
    private final ModelErrorClassifier classifier;
    private final FailoverPolicy policy;
    private final IdleTimeoutBreaker breaker;
    private final Sleeper sleeper;
    private final List<ModelCallListener> listeners;
    private final Map<ErrorKind, Integer> kindFailures = new EnumMap<>(ErrorKind.class);
    private final List<Throwable> failures = new ArrayList<>();
    private boolean streaming;
    private int profileIndex;
    private int attempt;
    private ModelFailure lastFailure;

    /**
     * @param first    the attempt while streaming (or the only form, when not streaming)
     * @param fallback the non-streaming form, used once a stream attempt failed
     */
    ModelCallExecution(Mode mode, List<P> profiles, boolean turnExposesTools, boolean streaming,
            Function<? super P, ? extends CompletionStage<? extends T>> first,
            Function<? super P, ? extends CompletionStage<? extends T>> fallback,
            ModelErrorClassifier classifier, FailoverPolicy policy, IdleTimeoutBreaker breaker, Sleeper sleeper,
            List<ModelCallListener> listeners) {
        Objects.requireNonNull(profiles, "profiles");
        if (profiles.isEmpty()) {
            throw new IllegalArgumentException("profiles must hold at least one provider profile");
        }
        this.mode = mode;
        this.profiles = List.copyOf(profiles);
        this.turnExposesTools = turnExposesTools;
        this.streaming = streaming;
        this.first = first;
        this.fallback = fallback;
        this.classifier = classifier;
        this.policy = policy;
        this.breaker = breaker;
        this.sleeper = sleeper;
        this.listeners = listeners;
    }

    CompletionStage<T> start() {
        return attempt();
    }

    /** Sends the request once, with the current profile and form. */
    private CompletionStage<T> attempt() {
        attempt++;
        Function<? super P, ? extends CompletionStage<? extends T>> call = streaming ? first : fallback;
        CompletionStage<? extends T> stage;
        try {
            stage = call.apply(profiles.get(profileIndex));
            if (stage == null) {
                throw new NullPointerException("the model call returned no CompletionStage");
            }
        } catch (Exception thrown) {
            // Exception, not RuntimeException: a provider client may throw a checked exception it
            // never declared (a sneaky throw); it is classified like any other failure.
            stage = CompletableFuture.failedFuture(thrown);
        } catch (Error fatal) {
            // The caller must hear of it, also when this attempt runs on a thread nobody watches.
            return CompletableFuture.failedFuture(fatal);
        }
        return mode.settle(stage)
                .handle((value, error) -> error == null ? succeeded(value) : afterFailure(error))
                .thenCompose(next -> next);
    }

    private CompletionStage<T> succeeded(T value) {
        breaker.recordSuccess();
        return CompletableFuture.completedFuture(value);
    }

    /** Classifies and decides; then surfaces, or moves to the next profile or form and waits. */
    private CompletionStage<T> afterFailure(Throwable thrown) {
        // Stages wrap the provider's exception; the classifier and the caller want the original.
        Throwable error = CauseChain.unwrap(thrown);
        if (error instanceof Error) {
            return CompletableFuture.failedFuture(error);
        }
        failures.add(error);
        ModelFailure failure = classifier.classify(error);
        lastFailure = failure;
        int sameKind = kindFailures.merge(failure.kind(), 1, Integer::sum);
        boolean breakerOpen = failure.kind() == ErrorKind.IDLE_TIMEOUT && breaker.recordIdleTimeout();
        FailoverContext context = new FailoverContext(attempt, sameKind, turnExposesTools,
                profileIndex + 1 < profiles.size(), breakerOpen, streaming);
        FailoverDecision decision = policy.decide(failure, context);
        ModelDecisionLog.decided(attempt, profileIndex, profiles.size(), turnExposesTools, failure, decision);
        notifyListeners(failure, decision);
        if (!decision.continues()) {
            return CompletableFuture.failedFuture(surfaced(decision, error));
        }
        if (decision.action() == FailoverDecision.Action.ROTATE_PROFILE) {
            profileIndex++;
        }
        streaming = false;
        return waitThenAttempt(decision.backoffMs());
    }

    /**
     * Waits {@code backoffMs}, then attempts again. A caller that was interrupted (blocking mode:
     * its own thread) is not kept waiting and gets no further attempt; a wait that cannot happen
     * (the scheduler was shut down) also ends the call.
     */
    private CompletionStage<T> waitThenAttempt(long backoffMs) {
        if (interrupted()) {
            return CompletableFuture.failedFuture(waitFailed(new InterruptedException("interrupted before the wait")));
        }
        CompletionStage<Void> waited;
        try {
            waited = backoffMs <= 0 ? CompletableFuture.completedFuture(null) : sleeper.sleep(backoffMs);
        } catch (RuntimeException cannotWait) {
            waited = CompletableFuture.failedFuture(cannotWait);
        }
        return mode.settle(waited)
                .handle((ignored, waitFailed) -> {
                    if (waitFailed != null) {
                        return CompletableFuture.<T>failedFuture(waitFailed(CauseChain.unwrap(waitFailed)));
                    }
                    if (interrupted()) {
                        return CompletableFuture.<T>failedFuture(
                                waitFailed(new InterruptedException("interrupted while waiting")));
                    }
                    return attempt();
                })
                .thenCompose(next -> next);
    }

    /** Blocking mode only: whether the caller's thread, which this call runs on, was interrupted. */
    private boolean interrupted() {
        return mode.isBlocking() && Thread.currentThread().isInterrupted();
    }

    /** The exception for a wait that could not happen (interrupted, scheduler shut down). */
    private ModelCallException waitFailed(Throwable why) {
        ModelCallException exception = surfaced(
                FailoverDecision.surface(lastFailure.kind(), FailoverDecision.Reason.INTERRUPTED, true), failures.get(failures.size() - 1));
        exception.addSuppressed(why);
        return exception;
    }

    private ModelCallException surfaced(FailoverDecision decision, Throwable last) {
        ModelCallException exception = new ModelCallException(lastFailure, decision, attempt, last);
        for (Throwable earlier : failures) {
            if (earlier != last) {
                exception.addSuppressed(earlier);
            }
        }
        return exception;
    }

    private void notifyListeners(ModelFailure failure, FailoverDecision decision) {
        for (ModelCallListener listener : listeners) {
            try {
                listener.onAttemptFailed(attempt, failure, decision);
            } catch (RuntimeException broken) {
                // A listener observes; it must not change how the call ends.
                LOG.warn("ModelCallListener {} failed", listener, broken);
            }
        }
    }
}
