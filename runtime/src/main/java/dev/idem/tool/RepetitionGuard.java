package dev.idem.tool;

import dev.idem.ErrorType;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers, for one run, the calls that failed terminally, so the model cannot make the same
 * doomed call again: same tool, canonically equal arguments.
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
final class RepetitionGuard {

    private static final Set<ErrorType> ALWAYS_GUARDED = EnumSet.of(
            ErrorType.INVALID_ARGUMENTS, ErrorType.PROGRAMMING_ERROR, ErrorType.REJECTED, ErrorType.PERMISSION_DENIED);

    private final Set<String> failed = ConcurrentHashMap.newKeySet();

    /** Whether a failure of this type and verdict makes the call's repetition pointless. */
    static boolean guards(ErrorType type, boolean retryable) {
        return ALWAYS_GUARDED.contains(type) || type.isRetryable() && !retryable;
    }

    boolean failedBefore(String toolName, String canonicalArguments) {
        // Most runs never fail terminally: don't build the identity just to look in an empty set.
        return !failed.isEmpty() && failed.contains(identity(toolName, canonicalArguments));
    }

    void remember(String toolName, String canonicalArguments) {
        failed.add(identity(toolName, canonicalArguments));
    }

    private static String identity(String toolName, String canonicalArguments) {
        return toolName + '\n' + canonicalArguments;
    }
}
