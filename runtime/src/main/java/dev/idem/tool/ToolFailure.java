package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.CauseChain;
import dev.idem.internal.ErrorText;
import dev.idem.retry.DispatchPhase;
import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * One failed body run, classified: what {@link RetryRule#decide} needs to know about it.
 *
 * <pre>{@code
 * ToolFailure failure = ToolFailure.thrown(new SocketTimeoutException("read timed out"));  // TIMEOUT, retryable
 * RetryDecision decision = RetryRule.decide(tool, policy, failure, 1, true);
 * }</pre>
 *
 * @param type         how it was classified
 * @param retryable    whether it may be retried at all (a {@link ToolException}'s verdict, else the
 *                     type's); never true for a terminal type
 * @param timedOut     whether the run was abandoned at its wall-clock timeout (the body may still be
 *                     running); such a failure is TIMEOUT
 * @param error        what the body threw, or the executor's {@link TimeoutException}
 * @param retryAfterMs the wait the service asked for through a {@link ToolException}, 0 for none
 * @param phase        how far the tool's request got: {@link DispatchPhase#MAYBE_PROCESSED} when the
 *                     effect may have happened (a reset or close after the request went out),
 *                     {@link DispatchPhase#NOT_SENT} when nothing happened, else
 *                     {@link DispatchPhase#UNKNOWN} (the type says what is known)
 */
public record ToolFailure(ErrorType type, boolean retryable, boolean timedOut, Throwable error, long retryAfterMs,
        DispatchPhase phase) {

    /**
     * Checks that the values agree: a terminal type is not retryable, a timed-out run is TIMEOUT.
     *
     * @param type         how it was classified
     * @param retryable    whether it may be retried at all (a {@link ToolException}'s verdict, else the
     *     type's); never true for a terminal type
     * @param timedOut     whether the run was abandoned at its wall-clock timeout (the body may still be
     *     running); such a failure is TIMEOUT
     * @param error        what the body threw, or the executor's {@link TimeoutException}
     * @param retryAfterMs the wait the service asked for through a {@link ToolException}, 0 for none
     * @param phase        how far the tool's request got: {@link DispatchPhase#MAYBE_PROCESSED} when the
     *     effect may have happened (a reset or close after the request went out),
     *     {@link DispatchPhase#NOT_SENT} when nothing happened, else
     *     {@link DispatchPhase#UNKNOWN} (the type says what is known)
     * @throws IllegalArgumentException when they do not
     */
    public ToolFailure {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(phase, "phase");
        if (retryable && !type.isRetryable()) {
            throw new IllegalArgumentException("retryable must be false for the terminal type " + type);
        }
        if (timedOut && type != ErrorType.TIMEOUT) {
            throw new IllegalArgumentException("a timed-out failure is TIMEOUT, was " + type);
        }
        if (retryAfterMs < 0) {
            throw new IllegalArgumentException("retryAfterMs must be at least 0, was " + retryAfterMs);
        }
    }

    /**
     * A failure whose phase says nothing more than its type.
     *
     * @param type how it was classified
     * @param retryable whether it may be retried at all (a {@link ToolException}'s verdict, else the
     *     type's); never true for a terminal type
     * @param timedOut whether the run was abandoned at its wall-clock timeout (the body may still be
     *     running); such a failure is TIMEOUT
     * @param error what the body threw, or the executor's {@link TimeoutException}
     * @param retryAfterMs the wait the service asked for through a {@link ToolException}, 0 for none
     */
    public ToolFailure(ErrorType type, boolean retryable, boolean timedOut, Throwable error, long retryAfterMs) {
        this(type, retryable, timedOut, error, retryAfterMs, DispatchPhase.UNKNOWN);
    }

    /**
     * What the body threw, classified by {@link ToolErrorClassifier}.
     *
     * @param error what the body threw
     * @return the failure, with type, verdict, wait and phase read from {@code error}
     */
    public static ToolFailure thrown(Throwable error) {
        // The wrapper of an asynchronous tool's stage is plumbing: the cause is what the tool threw.
        Throwable thrown = CauseChain.unwrap(error);
        ToolErrorClassifier.Verdict verdict = ToolErrorClassifier.verdict(thrown);
        return new ToolFailure(verdict.type(), verdict.retryable(), false, thrown, verdict.retryAfterMs(),
                verdict.phase());
    }

    /**
     * A body run abandoned at its wall-clock timeout: TIMEOUT, and the body may still be running.
     *
     * @param error the executor's timeout
     * @return a TIMEOUT failure whose body may still be running
     */
    public static ToolFailure timedOut(TimeoutException error) {
        return new ToolFailure(ErrorType.TIMEOUT, true, true, error, 0, DispatchPhase.MAYBE_PROCESSED);
    }

    /**
     * The message for the result: the exception's own message, or its simple class name.
     *
     * @return the failure's message
     */
    public String message() {
        return ErrorText.of(error);
    }

    /**
     * Whether this is a failure of the dependency itself: it counts against the circuit breaker and
     * the retry budget.
     *
     * @return whether the failure is transient
     */
    public boolean isTransient() {
        return type.isRetryable();
    }

    /**
     * Whether the attempt may have taken effect: it timed out (abandoned, or its own client gave
     * up), its request went out before the connection broke, or it failed in a way that does not
     * say. A connection error before the request left means nothing happened; rate limits,
     * rejections and the other terminal types are the service's answer.
     *
     * @return whether the attempt may have taken effect
     */
    public boolean leavesOutcomeUnknown() {
        return timedOut || type == ErrorType.TIMEOUT || type == ErrorType.UNKNOWN
                || phase == DispatchPhase.MAYBE_PROCESSED;
    }

    /**
     * Whether this is a failure other than a timeout after which the effect may have happened:
     * re-driven only if the tool is idempotent.
     *
     * @return whether the request went out before the failure
     */
    public boolean afterDispatch() {
        return phase == DispatchPhase.MAYBE_PROCESSED && type != ErrorType.TIMEOUT;
    }
}
