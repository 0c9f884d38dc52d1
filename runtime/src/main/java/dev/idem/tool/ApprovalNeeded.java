package dev.idem.tool;

import java.util.List;
import java.util.Objects;

/**
 * A call that was bound and checked and now waits for a person's approval before its tool runs
 * ({@link ToolRun#approvalNeeded}). Its key is the one the call runs under once approved.
 *
 * @param callId         the model's id of the call
 * @param tool           the tool's name
 * @param idempotencyKey the key the call runs under once approved
 * @param argumentsJson  the canonical arguments: what the person is asked about
 * @param approvers      who may decide (empty: anyone the application lets decide)
 */
public record ApprovalNeeded(String callId, String tool, String idempotencyKey, String argumentsJson,
        List<String> approvers) {

    /**
     * Checks that the values are present and copies the approvers.
     *
     * @param callId         the model's id of the call
     * @param tool           the tool's name
     * @param idempotencyKey the key the call runs under once approved
     * @param argumentsJson  the canonical arguments: what the person is asked about
     * @param approvers      who may decide (empty: anyone the application lets decide)
     */
    public ApprovalNeeded {
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        Objects.requireNonNull(argumentsJson, "argumentsJson");
        approvers = List.copyOf(approvers);
    }
}
