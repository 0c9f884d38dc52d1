package dev.idem.approvals;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A tool call recorded as awaiting a person's approval: what the person is asked about, and until
 * when. Kept in the call journal by {@link Approvals}, so any process on the journal can show it,
 * decide it and resume the run.
 *
 * @param intentId       the run's intent id
 * @param callId         the model's id of the call
 * @param tool           the tool's name
 * @param idempotencyKey the key the call runs under once approved: the request's identity
 * @param argumentsJson  the canonical arguments
 * @param approvers      who may decide (empty: anyone the application lets decide)
 * @param requestedAt    when the call first waited
 * @param expiresAt      from when it counts as declined by expiry
 */
public record ApprovalRequest(String intentId, String callId, String tool, String idempotencyKey,
        String argumentsJson, List<String> approvers, Instant requestedAt, Instant expiresAt) {

    /**
     * Checks that every value is present and copies the approvers.
     *
     * @param intentId       the run's intent id
     * @param callId         the model's id of the call
     * @param tool           the tool's name
     * @param idempotencyKey the key the call runs under once approved: the request's identity
     * @param argumentsJson  the canonical arguments
     * @param approvers      who may decide (empty: anyone the application lets decide)
     * @param requestedAt    when the call first waited
     * @param expiresAt      from when it counts as declined by expiry
     */
    public ApprovalRequest {
        Objects.requireNonNull(intentId, "intentId");
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        Objects.requireNonNull(argumentsJson, "argumentsJson");
        Objects.requireNonNull(requestedAt, "requestedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        approvers = List.copyOf(approvers);
    }

    /**
     * Whether {@code who} may decide this request.
     *
     * @param who a person or role, as the application names them
     * @return true when the request names no approvers or names {@code who}
     */
    public boolean mayBeDecidedBy(String who) {
        return approvers.isEmpty() || approvers.contains(who);
    }
}
