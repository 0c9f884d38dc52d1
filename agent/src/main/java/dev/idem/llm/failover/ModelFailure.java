package dev.idem.llm.failover;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What the classifier learned from one failed model call: everything {@link FailoverPolicy}
 * needs to decide, and nothing else.
 *
 * <pre>{@code
 * ModelFailure failure = new ModelErrorClassifier().classify(error);
 * if (failure.kind() == ErrorKind.RATE_LIMIT && failure.retryAfterMs().isPresent()) { ... }
 * }</pre>
 *
 * @param kind         what kind of failure it was
 * @param phase        how far the request got (decides replay safety)
 * @param status       the HTTP status, when the provider answered
 * @param retryAfterMs the server's hint of how long to wait, in ms, when it gave a usable one
 * @param shouldRetry  the server's explicit verdict ({@code x-should-retry}), when it gave one
 * @param message      a short human-readable description, never null
 */
public record ModelFailure(
        ErrorKind kind,
        DispatchPhase phase,
        OptionalInt status,
        OptionalLong retryAfterMs,
        Optional<Boolean> shouldRetry,
        String message) {

    /**
     * Checks the fields; a {@code null} message becomes empty.
     *
     * @param kind         what kind of failure it was
     * @param phase        how far the request got (decides replay safety)
     * @param status       the HTTP status, when the provider answered
     * @param retryAfterMs the server's hint of how long to wait, in ms, when it gave a usable one
     * @param shouldRetry  the server's explicit verdict ({@code x-should-retry}), when it gave one
     * @param message      a short human-readable description, never null
     * @throws IllegalArgumentException when {@code retryAfterMs} is negative
     */
    public ModelFailure {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(retryAfterMs, "retryAfterMs");
        Objects.requireNonNull(shouldRetry, "shouldRetry");
        message = message == null ? "" : message;
        if (retryAfterMs.isPresent() && retryAfterMs.getAsLong() < 0) {
            throw new IllegalArgumentException("retryAfterMs must be at least 0, was " + retryAfterMs.getAsLong());
        }
    }

    /**
     * A failure with no HTTP status and no server hints.
     *
     * @param kind the kind of failure
     * @param phase how far the request got
     * @param message what went wrong
     * @return a failure without status or hints
     */
    public static ModelFailure of(ErrorKind kind, DispatchPhase phase, String message) {
        return new ModelFailure(kind, phase, OptionalInt.empty(), OptionalLong.empty(), Optional.empty(), message);
    }

    /**
     * Whether the server said explicitly not to retry ({@code x-should-retry: false}).
     *
     * @return true when the server asked not to retry
     */
    public boolean serverDeclinedRetry() {
        return shouldRetry.isPresent() && !shouldRetry.get();
    }

    /**
     * Whether the server said explicitly to retry ({@code x-should-retry: true}).
     *
     * @return true when the server asked to retry
     */
    public boolean serverRequestedRetry() {
        return shouldRetry.orElse(Boolean.FALSE);
    }
}
