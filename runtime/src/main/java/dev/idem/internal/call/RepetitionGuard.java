package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.tool.ToolException;
import java.util.EnumSet;
import java.util.Set;

/**
 * Which calls a run remembers as failed terminally, so the model cannot make the same doomed call
 * again: same tool, canonically equal arguments (so the same idempotency key).
 *
 * <p>Guarded: {@code INVALID_ARGUMENTS}, {@code PROGRAMMING_ERROR}, {@code REJECTED},
 * {@code PERMISSION_DENIED}, and any type a {@link ToolException} declared not retryable.
 * Not guarded: transient failures after the attempts ran out (re-issuing them later with the same
 * idempotency key is the designed recovery), {@code MALFORMED_ARGUMENTS} and
 * {@code TOOL_NOT_FOUND} (nothing ran, and there are no canonical arguments to compare),
 * {@code CIRCUIT_OPEN} (it heals with time) and {@code CANCELLED} (the caller's choice, not the
 * call's fault).
 *
 * <p>The rule alone: the keys it guards are the run's memory ({@link RunMemory}).
 */
public final class RepetitionGuard {

    private static final Set<ErrorType> ALWAYS_GUARDED = EnumSet.of(
            ErrorType.INVALID_ARGUMENTS, ErrorType.PROGRAMMING_ERROR, ErrorType.REJECTED, ErrorType.PERMISSION_DENIED);

    private RepetitionGuard() {}

    /**
     * Whether a failure of this type and verdict makes the call's repetition pointless: then the
     * run remembers its key ({@link RunMemory#rememberFailure}) and refuses the call again.
     */
    public static boolean guards(ErrorType type, boolean retryable) {
        return ALWAYS_GUARDED.contains(type) || type.isRetryable() && !retryable;
    }
}
