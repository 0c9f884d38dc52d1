package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.tool.ToolException;
import java.util.EnumSet;
import java.util.Set;

/**
 * Remembers, for one run, the calls that failed terminally, so the model cannot make the same
 * doomed call again: same tool, canonically equal arguments (so the same idempotency key).
 *
 * <p>Guarded: {@code INVALID_ARGUMENTS}, {@code PROGRAMMING_ERROR}, {@code REJECTED},
 * {@code PERMISSION_DENIED}, and any type a {@link ToolException} declared not retryable.
 * Not guarded: transient failures after the attempts ran out (re-issuing them later with the same
 * idempotency key is the designed recovery), {@code MALFORMED_ARGUMENTS} and
 * {@code TOOL_NOT_FOUND} (nothing ran, and there are no canonical arguments to compare),
 * {@code CIRCUIT_OPEN} (it heals with time) and {@code CANCELLED} (the caller's choice, not the
 * call's fault).
 *
 * <p>A run may execute calls concurrently (parallel tool calls), hence a concurrent set.
 */
public final class RepetitionGuard {

    private static final Set<ErrorType> ALWAYS_GUARDED = EnumSet.of(
            ErrorType.INVALID_ARGUMENTS, ErrorType.PROGRAMMING_ERROR, ErrorType.REJECTED, ErrorType.PERMISSION_DENIED);

    private final IntentKeys failed = new IntentKeys();

    /** Whether a failure of this type and verdict makes the call's repetition pointless. */
    public static boolean guards(ErrorType type, boolean retryable) {
        return ALWAYS_GUARDED.contains(type) || type.isRetryable() && !retryable;
    }

    /**
     * Whether this call failed terminally before in this run. A call is known by its idempotency
     * key: within one run (one intent) it stands for exactly the tool and the canonical arguments.
     */
    public boolean failedBefore(String idempotencyKey) {
        return failed.contains(idempotencyKey);
    }

    public void remember(String idempotencyKey) {
        failed.add(idempotencyKey);
    }
}
