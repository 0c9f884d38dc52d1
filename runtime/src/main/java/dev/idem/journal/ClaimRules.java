package dev.idem.journal;

import dev.idem.ErrorType;
import java.time.Duration;
import java.time.Instant;

/**
 * The journal's state machine, in one place, for the journals that keep records in this process
 * (memory, file). The PostgreSQL journal states the same rules in SQL; a conformance suite runs
 * every journal against them.
 */
final class ClaimRules {

    /** What a claim answers, and the record to store ({@code null}: unchanged). */
    record Transition(Claim answer, CallRecord next) {}

    /** What every claim of a key with no record answers: the first epoch, nobody's run to take over. */
    static final Claim.Owned FIRST_CLAIM = new Claim.Owned(1, false);

    private ClaimRules() {}

    static Transition claim(CallRecord existing, CallIntent intent, String owner, Duration lease, boolean reDrivable,
            Instant now, Duration retention) {
        if (existing == null) {
            return new Transition(FIRST_CLAIM, started(intent, owner, lease, now, retention, 1));
        }
        if (isExpired(existing, now)) {
            long epoch = existing.epoch() + 1;
            return new Transition(new Claim.Owned(epoch, false), started(intent, owner, lease, now, retention, epoch));
        }
        if (!intent.matches(existing)) {
            return new Transition(new Claim.Conflict(existing), null);
        }
        switch (existing.status()) {
            case STARTED -> {
                if (existing.leaseHeldAt(now)) {
                    return new Transition(new Claim.InFlight(existing.owner(), existing.leaseUntil()), null);
                }
                if (reDrivable) {
                    return restart(existing, owner, lease, now, retention, true);
                }
                CallRecord lost = new CallRecord(existing.key(), existing.intentId(), existing.tool(),
                        existing.argumentsHash(), CallStatus.OUTCOME_UNKNOWN, existing.epoch(), existing.owner(),
                        existing.attempts(), null, lostOwnerError(existing), existing.createdAt(), now, null,
                        now.plus(retention));
                return new Transition(new Claim.Recorded(lost), lost);
            }
            case OUTCOME_UNKNOWN -> {
                return reDrivable ? restart(existing, owner, lease, now, retention, true)
                        : new Transition(new Claim.Recorded(existing), null);
            }
            case FAILED -> {
                return existing.error().retryable() ? restart(existing, owner, lease, now, retention, false)
                        : new Transition(new Claim.Recorded(existing), null);
            }
            default -> {
                return new Transition(new Claim.Recorded(existing), null);
            }
        }
    }

    /** The record of an intent claimed with no record before it (none, or one forgotten after its expiry). */
    static CallRecord started(CallIntent intent, String owner, Duration lease, Instant now, Duration retention,
            long epoch) {
        return started(intent, owner, now, now.plus(lease), now.plus(retention), epoch);
    }

    /** The same record, its lease's end and expiry already read. */
    static CallRecord started(CallIntent intent, String owner, Instant now, Instant leaseUntil, Instant expiresAt,
            long epoch) {
        return new CallRecord(intent.key(), intent.intentId(), intent.tool(), intent.argumentsHash(),
                CallStatus.STARTED, epoch, owner, 0, null, null, now, now, leaseUntil, expiresAt);
    }

    /**
     * The renewed record, or {@code null} when the claim is no longer the record's. An OUTCOME_UNKNOWN
     * record whose owner still holds its lease (a body it abandoned may still reach the service) is
     * renewed as a STARTED one is.
     */
    static CallRecord renew(CallRecord existing, long epoch, Duration lease, Instant now) {
        if (existing == null || existing.epoch() != epoch || !(existing.status() == CallStatus.STARTED
                || existing.status() == CallStatus.OUTCOME_UNKNOWN && existing.leaseUntil() != null)) {
            return null;
        }
        return new CallRecord(existing.key(), existing.intentId(), existing.tool(), existing.argumentsHash(),
                existing.status(), epoch, existing.owner(), existing.attempts(), null, existing.error(),
                existing.createdAt(), now, now.plus(lease), existing.expiresAt());
    }

    /**
     * The completed record, or {@code null} when the claim is fenced out. An outcome whose body may
     * still be running keeps the claim's lease: its owner renews it until the body returns.
     */
    static CallRecord complete(CallRecord existing, long epoch, CallOutcome outcome, Instant now, Duration retention) {
        return complete(existing, epoch, outcome, now, now.plus(retention));
    }

    /** The same record, its expiry already read. */
    static CallRecord complete(CallRecord existing, long epoch, CallOutcome outcome, Instant now, Instant expiresAt) {
        if (existing == null || existing.epoch() != epoch
                || (existing.status() != CallStatus.STARTED && existing.status() != CallStatus.OUTCOME_UNKNOWN)) {
            return null;
        }
        return new CallRecord(existing.key(), existing.intentId(), existing.tool(), existing.argumentsHash(),
                outcome.status(), epoch, existing.owner(), existing.attempts() + outcome.attempts(),
                outcome.resultJson(), outcome.error(), existing.createdAt(), now,
                outcome.holdsLease() ? existing.leaseUntil() : null, expiresAt);
    }

    /** Whether a completed record is past its expiry (then it may be purged, and a claim forgets it). */
    static boolean isExpired(CallRecord record, Instant now) {
        return record.status().isCompleted() && !record.expiresAt().isAfter(now);
    }

    /** The error a record gets when its owner lost its lease before recording an outcome. */
    static CallError lostOwnerError(CallRecord started) {
        return new CallError(ErrorType.OUTCOME_UNKNOWN, "its owner '" + started.owner() + "' stopped (lease ended "
                + started.leaseUntil() + ") before recording an outcome", false, false);
    }

    private static Transition restart(CallRecord existing, String owner, Duration lease, Instant now,
            Duration retention, boolean takenOver) {
        long epoch = existing.epoch() + 1;
        CallRecord restarted = new CallRecord(existing.key(), existing.intentId(), existing.tool(),
                existing.argumentsHash(), CallStatus.STARTED, epoch, owner, existing.attempts(), null, null,
                existing.createdAt(), now, now.plus(lease), now.plus(retention));
        return new Transition(new Claim.Owned(epoch, takenOver), restarted);
    }
}
