package dev.idem.llm;

import dev.idem.tool.DispatchPhase;
import java.util.Objects;

/**
 * A provider client saw a response it could not use (empty, malformed, cut off mid-stream) and
 * knows what that means. Its kind and phase are taken as stated by the classifier.
 */
public final class ProviderResponseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorKind kind;
    private final DispatchPhase phase;

    public ProviderResponseException(ErrorKind kind, DispatchPhase phase, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.phase = Objects.requireNonNull(phase, "phase");
    }

    /** What kind of failure this is, e.g. EMPTY_RESPONSE or FORMAT_ERROR. */
    public ErrorKind kind() {
        return kind;
    }

    /** How far the request got; a body cut off mid-response is MAYBE_PROCESSED. */
    public DispatchPhase phase() {
        return phase;
    }
}
