package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.CauseChain;
import dev.idem.internal.ErrorText;
import java.util.concurrent.TimeoutException;

/**
 * One failed body run, classified.
 *
 * @param type      how it was classified
 * @param retryable whether it may be retried at all (a {@link ToolException}'s verdict, else the type's kind)
 * @param timedOut  whether the run was abandoned at its wall-clock timeout (the body may still be running)
 * @param error     what the body threw, or the executor's {@link java.util.concurrent.TimeoutException}
 * @param retryAfterMs the wait the service asked for through a {@link ToolException}, 0 for none
 */
record Failure(ErrorType type, boolean retryable, boolean timedOut, Throwable error, long retryAfterMs) {

    static Failure thrown(Throwable error) {
        // The wrapper of an asynchronous tool's stage is plumbing: the cause is what the tool threw.
        Throwable thrown = CauseChain.unwrap(error);
        ToolErrorClassifier.Verdict verdict = ToolErrorClassifier.verdict(thrown);
        return new Failure(verdict.type(), verdict.retryable(), false, thrown, verdict.retryAfterMs());
    }

    static Failure timedOut(TimeoutException error) {
        return new Failure(ErrorType.TIMEOUT, true, true, error, 0);
    }

    /** The message for the result: the exception's own message, or its simple class name. */
    String message() {
        return ErrorText.of(error);
    }

    /** A failure of the dependency itself (it counts against the circuit breaker and the retry budget). */
    boolean isTransient() {
        return type.isRetryable();
    }

    /**
     * Whether the attempt may have taken effect: it timed out (abandoned, or its own client gave
     * up) or failed in a way that does not say. Connection errors mean the service was not
     * reached; rate limits, rejections and the other terminal types are the service's answer.
     */
    boolean leavesOutcomeUnknown() {
        return timedOut || type == ErrorType.TIMEOUT || type == ErrorType.UNKNOWN;
    }
}
