package dev.idem.retry;

/**
 * How far a failed request to a remote service got: a model request or the request a tool body
 * sent. It decides whether sending it again is safe. One judgement serves both sides: a model
 * request that may have been processed is never silently replayed on a turn with tools, and a
 * tool call that may have taken effect is re-driven only when the tool is idempotent.
 *
 * <pre>{@code
 * throw new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED, "relay dropped after DATA", e);
 * }</pre>
 */
public enum DispatchPhase {
    /** The request never reached the service (DNS, connect, TLS handshake): nothing happened, replay-safe. */
    NOT_SENT,
    /** The service may have processed it (read timeout, reset or close after the request went out): replay-unsafe. */
    MAYBE_PROCESSED,
    /** Not known (e.g. a 5xx answer from a model provider). */
    UNKNOWN;

    /**
     * Whether the request may be sent again without risking a second processing.
     *
     * @return whether the request may be sent again without risking a second processing
     */
    public boolean replaySafe() {
        return this != MAYBE_PROCESSED;
    }
}
