package dev.idem.llm.failover;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state of one model call across its attempts, shared by the sync and async loops so that
 * both decide exactly alike: which profile and which form (stream or fallback) the next attempt
 * uses, how many failures of each kind there were, and what the policy says after each.
 *
 * <p>Not thread-safe, and need not be: attempts of one call run one after another, each handed
 * to the next through the sleeper or the scheduler, which orders the memory accesses.
 */
final class CallAttempts<P> {
    private static final Logger LOG = LoggerFactory.getLogger(CallAttempts.class);

    private final List<P> profiles;
    private final boolean turnExposesTools;
    private final ModelErrorClassifier classifier;
    private final FailoverPolicy policy;
    private final IdleTimeoutBreaker breaker;
    private final List<ModelCallListener> listeners;
    private final Map<ErrorKind, Integer> kindFailures = new EnumMap<>(ErrorKind.class);
    private final List<Throwable> failures = new ArrayList<>();
    private boolean streaming;
    private int profileIndex;
    private int attempt;
    private ModelFailure lastFailure;

    CallAttempts(List<P> profiles, boolean turnExposesTools, boolean streaming, ModelErrorClassifier classifier,
            FailoverPolicy policy, IdleTimeoutBreaker breaker, List<ModelCallListener> listeners) {
        Objects.requireNonNull(profiles, "profiles");
        if (profiles.isEmpty()) {
            throw new IllegalArgumentException("profiles must hold at least one provider profile");
        }
        this.profiles = List.copyOf(profiles);
        this.turnExposesTools = turnExposesTools;
        this.streaming = streaming;
        this.classifier = classifier;
        this.policy = policy;
        this.breaker = breaker;
        this.listeners = listeners;
    }

    /** Starts the next attempt. */
    void begin() {
        attempt++;
    }

    P profile() {
        return profiles.get(profileIndex);
    }

    /** Whether this attempt uses the stream (else the plain call or the fallback). */
    boolean streaming() {
        return streaming;
    }

    void succeeded() {
        breaker.recordSuccess();
    }

    /**
     * Classifies and decides after a failed attempt, and moves to the next profile or form.
     *
     * @return the decision, which continues the call
     * @throws ModelCallException when the decision surfaces
     */
    FailoverDecision failed(Throwable thrown) {
        Throwable error = unwrap(thrown);
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
            throw surfaced(decision, error);
        }
        if (decision.action() == FailoverDecision.Action.ROTATE_PROFILE) {
            profileIndex++;
        }
        streaming = false;
        return decision;
    }

    /** The exception for a wait that could not happen (interrupted, scheduler shut down). */
    ModelCallException waitFailed(Throwable why) {
        ModelCallException exception = surfaced(
                FailoverDecision.surface(FailoverDecision.Reason.INTERRUPTED, true), failures.get(failures.size() - 1));
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

    /** Async plumbing wraps the provider's exception; the classifier and the caller want the original. */
    private static Throwable unwrap(Throwable thrown) {
        Throwable error = thrown;
        for (int i = 0; i < 8 && (error instanceof CompletionException || error instanceof ExecutionException)
                && error.getCause() != null; i++) {
            error = error.getCause();
        }
        return error;
    }
}
