package dev.idem.journal;

import dev.idem.ErrorType;
import java.util.Objects;

/**
 * The error a journaled call ended with.
 *
 * @param type              how the executor classified it
 * @param message           the result's message
 * @param retryable         whether a later call of the same intent may run the body again: nothing
 *                          took effect and the cause may pass (a connection error, an open
 *                          breaker); {@code false} for terminal errors, which a later claim replays
 * @param mayStillBeRunning whether an abandoned body may still complete its effect
 */
public record CallError(ErrorType type, String message, boolean retryable, boolean mayStillBeRunning) {

    /**
     * Checks that the type and message are present.
     *
     * @param type              how the executor classified it
     * @param message           the result's message
     * @param retryable         whether a later call of the same intent may run the body again: nothing
     *     took effect and the cause may pass (a connection error, an open
     *     breaker); {@code false} for terminal errors, which a later claim replays
     * @param mayStillBeRunning whether an abandoned body may still complete its effect
     */
    public CallError {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(message, "message");
    }
}
