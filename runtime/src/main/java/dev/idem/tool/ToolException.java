package dev.idem.tool;

import dev.idem.retry.DispatchPhase;
import dev.idem.ErrorType;

/**
 * Thrown by a tool body to state exactly what went wrong and whether trying again could help.
 * Its type and verdict win over any classification the executor would make.
 *
 * <pre>{@code
 * if (response.statusCode() == 400) throw new ToolException(ErrorType.REJECTED, "insufficient funds");
 * if (response.statusCode() == 503) throw new ToolException(ErrorType.CONNECTION_ERROR, "bank unavailable");
 * // the relay took the message and then dropped the connection: it may have been sent
 * throw new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED, "relay dropped after DATA", e);
 * }</pre>
 *
 * <p>A {@code CONNECTION_ERROR} that states no phase means what the type says, the service could
 * not be reached, unless its cause shows the request went out (a reset or EOF after it was
 * written): then the effect may have happened, and the call is re-driven only if the tool is
 * idempotent.
 */
public class ToolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    private final ErrorType type;
    /** Whether trying again could help; false for a terminal type. */
    private final boolean retryable;
    /** The service's requested wait before a retry, in ms; 0 for none. */
    private final long retryAfterMs;
    /** How far the tool's request got, as the tool states it. */
    private final DispatchPhase phase;

    /**
     * A failure of the given type; retryable exactly when the type may be retried.
     *
     * @param type    what went wrong
     * @param message what went wrong, for people and the model
     */
    public ToolException(ErrorType type, String message) {
        this(type, type.isRetryable(), message, null);
    }

    /**
     * A failure of the given type with its cause.
     *
     * @param type    what went wrong
     * @param message what went wrong, for people and the model
     * @param cause   the exception behind it
     */
    public ToolException(ErrorType type, String message, Throwable cause) {
        this(type, type.isRetryable(), message, cause);
    }

    /**
     * A failure with an explicit verdict. {@code retryable = false} makes it terminal even when
     * the policy names its type; {@code retryable = true} on a terminal type is ignored.
     *
     * @param type      what went wrong
     * @param retryable whether trying again could help
     * @param message   what went wrong, for people and the model
     * @param cause     the exception behind it, or {@code null}
     */
    public ToolException(ErrorType type, boolean retryable, String message, Throwable cause) {
        super(message, cause);
        this.type = java.util.Objects.requireNonNull(type, "type");
        this.retryable = retryable && type.isRetryable();
        this.retryAfterMs = 0;
        this.phase = DispatchPhase.UNKNOWN;
    }

    /**
     * A failure of the given type that states how far the tool's request got: {@link
     * DispatchPhase#NOT_SENT} (nothing happened: a restart-safe tool may run again) or {@link
     * DispatchPhase#MAYBE_PROCESSED} (the effect may have happened: re-driven only if the tool is
     * idempotent, and the model is told so). The stated phase wins over what the cause shows.
     *
     * @param type    what went wrong
     * @param phase   how far the tool's request got
     * @param message what went wrong, for people and the model
     * @param cause   the exception behind it, or {@code null}
     */
    public ToolException(ErrorType type, DispatchPhase phase, String message, Throwable cause) {
        super(message, cause);
        this.type = java.util.Objects.requireNonNull(type, "type");
        this.retryable = type.isRetryable();
        this.retryAfterMs = 0;
        this.phase = java.util.Objects.requireNonNull(phase, "phase");
    }

    /**
     * A retryable failure with the service's hint of how long to wait ({@code Retry-After}): a
     * retry waits at least that long, at most the policy's {@code maxDelayMs}.
     *
     * <pre>{@code
     * if (status == 429) throw new ToolException(ErrorType.RATE_LIMIT, "slow down", Duration.ofMillis(retryAfterMs));
     * }</pre>
     *
     * @param type       what went wrong, a retryable type
     * @param message    what went wrong, for people and the model
     * @param retryAfter the wait the service asked for
     */
    public ToolException(ErrorType type, String message, java.time.Duration retryAfter) {
        super(message, null);
        this.type = java.util.Objects.requireNonNull(type, "type");
        this.retryable = type.isRetryable();
        if (retryAfter.isNegative()) {
            throw new IllegalArgumentException("retryAfter must not be negative, was " + retryAfter);
        }
        this.retryAfterMs = retryAfter.toMillis();
        this.phase = DispatchPhase.UNKNOWN;
    }

    /**
     * What went wrong.
     *
     * @return what went wrong
     */
    public ErrorType type() {
        return type;
    }

    /**
     * The service's requested wait before a retry, in ms; 0 when it gave none.
     *
     * @return the requested wait in ms, 0 for none
     */
    public long retryAfterMs() {
        return retryAfterMs;
    }

    /**
     * How far the tool's request got, as the tool states it; {@link DispatchPhase#UNKNOWN} when it does not say.
     *
     * @return how far the request got, {@link DispatchPhase#UNKNOWN} when the tool does not say
     */
    public DispatchPhase phase() {
        return phase;
    }

    /**
     * Whether the tool says trying again could help.
     *
     * @return whether the tool says trying again could help
     */
    public boolean retryable() {
        return retryable;
    }
}
