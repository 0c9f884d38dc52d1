package dev.idem.llm;

/** How far a failed model request got, which decides whether replaying it is safe. */
public enum DispatchPhase {
    /** The request never reached the provider (DNS, connect, TLS handshake): replay-safe. */
    NOT_SENT,
    /** The provider may have processed it (read timeout, reset mid-response): replay-unsafe. */
    MAYBE_PROCESSED,
    /** Ambiguous (e.g. a 5xx answer): treated as safe. */
    UNKNOWN;

    /** Whether the request may be sent again without risking a second processing. */
    public boolean replaySafe() {
        return this != MAYBE_PROCESSED;
    }
}
