package dev.idem.journal;

import dev.idem.ErrorType;
import java.time.Duration;
import java.time.Instant;

/**
 * The operator's view of a record, in one place, for the journals that keep records in this
 * process (memory, file); the PostgreSQL journal states the same rules in SQL.
 */
final class ResolutionRules {

    private ResolutionRules() {}

    /** Whether {@code record}'s outcome is unknown at {@code now}: OUTCOME_UNKNOWN, or STARTED past its lease. */
    static boolean unresolved(CallRecord record, Instant now) {
        return record.status() == CallStatus.OUTCOME_UNKNOWN
                || record.status() == CallStatus.STARTED && !record.leaseHeldAt(now);
    }

    static boolean selects(UnresolvedQuery query, CallRecord record, Instant now) {
        return unresolved(record, now)
                && (query.tool() == null || query.tool().equals(record.tool()))
                && (query.intentId() == null || query.intentId().equals(record.intentId()))
                && !record.createdAt().plus(query.olderThan()).isAfter(now);
    }

    /** Why {@code existing} cannot be resolved at {@code now}, or {@code null} when it can. */
    static String refusal(String key, CallRecord existing, Instant now) {
        if (existing == null) {
            return "no record for key " + key;
        }
        if (unresolved(existing, now)) {
            return null;
        }
        return existing.status() == CallStatus.STARTED
                ? "the call is running: its owner '" + existing.owner() + "' holds its lease until " + existing.leaseUntil()
                : "its outcome is no longer unknown: it is " + existing.status();
    }

    /** The resolved record (the caller has checked {@link #refusal}). */
    static CallRecord resolve(CallRecord existing, Resolution resolution, Instant now, Duration retention) {
        boolean applied = resolution.verdict() == Resolution.Verdict.APPLIED;
        CallError error = applied ? null : new CallError(existing.error() != null ? existing.error().type()
                : ErrorType.OUTCOME_UNKNOWN, message(resolution), true, false);
        return new CallRecord(existing.key(), existing.intentId(), existing.tool(), existing.argumentsHash(),
                applied ? CallStatus.SUCCEEDED : CallStatus.FAILED, existing.epoch(), existing.owner(),
                existing.attempts(), applied ? resolution.resultJson() : null, error, existing.createdAt(), now, null,
                now.plus(retention), resolution);
    }

    /** The error message of a NOT_APPLIED resolution. */
    static String message(Resolution resolution) {
        return "resolved NOT_APPLIED by " + resolution.by() + ": " + resolution.reason() + "; nothing took effect";
    }
}
