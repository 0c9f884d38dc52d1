package dev.idem.mcp.gateway;

import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolCallObservation;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One INFO line per call the gateway answers, saying what was decided: sent upstream, answered
 * from the journal, refused before sending, outcome unknown and not sent again. Argument values
 * and messages are never in it (they may carry what the host sent); the executor's own decision
 * log adds the retries and give-ups with their rules.
 */
final class DecisionLine implements ToolExecutionListener {

    private static final Logger LOG = LoggerFactory.getLogger(IdemMcpGateway.class);

    @Override
    public ToolCallObservation onCallStarted(ToolCall call, ToolDescriptor tool) {
        return LOG.isInfoEnabled() ? new ToolCallObservation() {
            @Override
            public void finished(ToolResult result) {
                LOG.info("tool '{}' call {}{}: {}", result.toolName(), result.callId(),
                        result.idempotencyKey() == null ? "" : " (key " + result.idempotencyKey() + ")", decision(result));
            }
        } : null;
    }

    static String decision(ToolResult result) {
        if (result.replayed()) {
            return "answered from the journal, not sent again";
        }
        if (!result.isError()) {
            return "sent upstream, succeeded" + attempts(result);
        }
        if (result.outcomeUnknown()) {
            return result.attempts() == 0 ? "outcome unknown from an earlier attempt: not sent again, the host is told so"
                    : "outcome unknown" + attempts(result) + ": not sent again, the host is told so";
        }
        return result.attempts() == 0 ? "not sent: " + result.errorType()
                : "sent upstream, failed with " + result.errorType() + attempts(result);
    }

    private static String attempts(ToolResult result) {
        return result.attempts() > 1 ? " after " + result.attempts() + " attempts" : "";
    }
}
