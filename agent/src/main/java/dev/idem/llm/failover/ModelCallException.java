package dev.idem.llm.failover;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import java.util.Objects;

/**
 * The one exception the model-call driver fails with when it gives up: carries the classification of
 * the last failure, the decision that ended the call, and the number of attempts made. The last
 * provider exception is the cause; earlier ones are suppressed exceptions.
 *
 * <pre>{@code
 * try {
 *     driver.call(keys, true, key -> client.chat(key, request));
 * } catch (ModelCallException e) {
 *     if (e.decision().reason() == FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN) { ... }
 * }
 * }</pre>
 */
public final class ModelCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ModelFailure failure;
    private final transient FailoverDecision decision;
    /** Attempts made, the first included. */
    private final int attempts;

    /**
     * The driver gave up on a call.
     *
     * @param failure  the classification of the last failure
     * @param decision the decision that ended the call
     * @param attempts the attempts made, the first included
     * @param cause    the last attempt's exception
     */
    public ModelCallException(ModelFailure failure, FailoverDecision decision, int attempts, Throwable cause) {
        super("Model call failed after " + attempts + (attempts == 1 ? " attempt" : " attempts")
                + " (" + decision.because() + "): " + failure.message(), cause);
        this.failure = Objects.requireNonNull(failure, "failure");
        this.decision = decision;
        this.attempts = attempts;
    }

    /**
     * The kind of the last failure.
     *
     * @return the last failure's kind
     */
    public ErrorKind kind() {
        return failure.kind();
    }

    /**
     * How far the last request got.
     *
     * @return the last request's dispatch phase
     */
    public DispatchPhase phase() {
        return failure.phase();
    }

    /**
     * The full classification of the last failure.
     *
     * @return the last failure
     */
    public ModelFailure failure() {
        return failure;
    }

    /**
     * The decision that ended the call, e.g. reason PROVIDER_OUTCOME_UNKNOWN.
     *
     * @return the final decision
     */
    public FailoverDecision decision() {
        return decision;
    }

    /**
     * Attempts made, the first included.
     *
     * @return the number of attempts
     */
    public int attempts() {
        return attempts;
    }
}
