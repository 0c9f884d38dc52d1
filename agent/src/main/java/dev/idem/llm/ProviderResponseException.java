package dev.idem.llm;

import dev.idem.retry.DispatchPhase;
import java.util.Objects;

/**
 * A provider client saw a response it could not use (empty, malformed, cut off mid-stream) and
 * knows what that means. Its kind and phase are taken as stated by the classifier.
 */
public final class ProviderResponseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What kind of failure this is. */
    private final ErrorKind kind;
    /** How far the request got. */
    private final DispatchPhase phase;

    /**
     * A provider answer that cannot be used.
     *
     * @param kind    what kind of failure this is, e.g. EMPTY_RESPONSE or FORMAT_ERROR
     * @param phase   how far the request got
     * @param message what is wrong with the answer
     * @param cause   the underlying exception, or {@code null}
     */
    public ProviderResponseException(ErrorKind kind, DispatchPhase phase, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.phase = Objects.requireNonNull(phase, "phase");
    }

    /**
     * What kind of failure this is, e.g. EMPTY_RESPONSE or FORMAT_ERROR.
     *
     * @return the kind of failure
     */
    public ErrorKind kind() {
        return kind;
    }

    /**
     * How far the request got; a body cut off mid-response is MAYBE_PROCESSED.
     *
     * @return the dispatch phase
     */
    public DispatchPhase phase() {
        return phase;
    }
}
