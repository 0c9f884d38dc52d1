package dev.idem.tool;

import dev.idem.ApprovalCondition;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);

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

    /**
     * Whether the tool's condition asks for approval of these bound arguments. A condition that
     * cannot be asked (a hand-written set's bound call exposes no arguments) or that fails asks for
     * it: the cautious answer.
     */
    static boolean holds(ToolDescriptor tool, BoundCall body) {
        ApprovalCondition condition = tool.approval();
        if (condition == ApprovalCondition.ALWAYS) {
            return true;
        }
        if (!(body instanceof ApprovalCondition.Arguments arguments)) {
            return true;
        }
        try {
            return condition.requiresApproval(arguments);
        } catch (RuntimeException e) {
            LOG.warn("tool '{}': its approval condition {} failed; the call waits for approval", tool.name(),
                    condition.getClass().getName(), e);
            return true;
        }
    }
}
