package dev.idem.internal.call;

import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.tool.BoundCall;
import dev.idem.tool.RetryDecision;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolCallObservation;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.Verification;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way events leave a call: each event is told to the {@link ToolDecisionLog}, then to the
 * {@link ToolCallObservation}s the run's listeners opened for the call, in the order the listeners
 * were added. A call whose listeners observe nothing shares {@link #NONE}: nothing allocated,
 * nothing wrapped. An observation that throws is logged and skipped.
 */
public final class CallEvents {

    public static final CallEvents NONE = new CallEvents(List.of());

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);

    private final List<ToolCallObservation> observations; // walked by index: an iterator per event costs a call with none

    private CallEvents(List<ToolCallObservation> observations) {
        this.observations = observations;
    }

    /** Asks each listener whether it observes {@code call}; on the caller's thread, before anything else happens. */
    public static CallEvents start(List<ToolExecutionListener> listeners, ToolCall call, ToolRegistry registry) {
        if (listeners.isEmpty()) {
            return NONE;
        }
        ToolRegistry.Entry entry = registry.find(call.name());
        ToolDescriptor descriptor = entry == null ? null : entry.descriptor();
        List<ToolCallObservation> found = null;
        for (ToolExecutionListener listener : listeners) {
            try {
                ToolCallObservation observation = listener.onCallStarted(call, descriptor);
                if (observation != null) {
                    if (found == null) {
                        found = new ArrayList<>(listeners.size());
                    }
                    found.add(observation);
                }
            } catch (RuntimeException e) {
                LOG.warn("tool execution listener {} failed on call start", listener, e);
            }
        }
        return found == null ? NONE : new CallEvents(found);
    }

    /** {@code body}, made to open every observation's scope on the thread that runs attempt {@code attempt}. */
    public BoundCall around(BoundCall body, int attempt) {
        if (observations.isEmpty()) {
            return body;
        }
        return context -> {
            ToolCallObservation.Scope[] scopes = new ToolCallObservation.Scope[observations.size()];
            for (int i = 0; i < scopes.length; i++) {
                scopes[i] = scope(observations.get(i), attempt);
            }
            try {
                return body.run(context);
            } finally {
                for (int i = scopes.length - 1; i >= 0; i--) {
                    close(scopes[i]);
                }
            }
        };
    }

    public void journaled() {
        for (int i = 0; i < observations.size(); i++) {
            ToolCallObservation observation = observations.get(i);
            try {
                observation.journaled();
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on journaled", observation, e);
            }
        }
    }

    /** Attempt {@code attempt} failed and {@code decision} runs the body again after {@code delayMs}. */
    public void retrying(PreparedCall call, int attempt, long delayMs, ToolFailure failure, RetryDecision decision) {
        ToolDecisionLog.retrying(call.toolName(), call.callId(), call.idempotencyKey(), attempt, call.maxBodyRuns(),
                failure, delayMs, ToolDecisionLog.because(decision, failure, attempt, call.maxBodyRuns()));
        for (int i = 0; i < observations.size(); i++) {
            ToolCallObservation observation = observations.get(i);
            try {
                observation.retrying(attempt, call.maxBodyRuns(), delayMs, failure, decision.reason());
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on retry", observation, e);
            }
        }
    }

    /** Attempt {@code attempt} failed and {@code decision} ends the call with it. */
    public void stopped(PreparedCall call, int attempt, ToolFailure failure, RetryDecision decision, boolean outcomeUnknown) {
        ToolDecisionLog.stopping(call.toolName(), call.callId(), call.idempotencyKey(), attempt, call.maxBodyRuns(),
                failure, ToolDecisionLog.because(decision, failure, attempt, call.maxBodyRuns()), outcomeUnknown);
        for (int i = 0; i < observations.size(); i++) {
            ToolCallObservation observation = observations.get(i);
            try {
                observation.stopped(attempt, failure, decision.reason());
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on stop", observation, e);
            }
        }
    }

    /** The retry rule would run the body again, but another owner took the journal's claim over. */
    public void takenOver(PreparedCall call, int attempt, ToolFailure failure) {
        ToolDecisionLog.stopping(call.toolName(), call.callId(), call.idempotencyKey(), attempt, call.maxBodyRuns(),
                failure, "another owner took the journal claim over", true);
    }

    /** The tool's circuit breaker refused attempt {@code attemptsMade + 1}. */
    public void circuitOpen(PreparedCall call, int attemptsMade) {
        ToolDecisionLog.circuitOpen(call.toolName(), call.callId(), call.idempotencyKey(), attemptsMade);
    }

    /** The tool's verifier answered where the outcome would have been unknown ({@code where}); {@code then} says what follows. */
    public void verified(PreparedCall call, String where, Verification<?> verification, String then) {
        ToolDecisionLog.verified(call.toolName(), call.callId(), call.idempotencyKey(), where, verification, then);
        for (int i = 0; i < observations.size(); i++) {
            ToolCallObservation observation = observations.get(i);
            try {
                observation.verified(verification.verdict());
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on verification", observation, e);
            }
        }
    }

    /** The call ends with {@code result}; told once, on every path. */
    public void finished(ToolResult result) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("tool '{}' call {} finished: {}", result.toolName(), result.callId(),
                    result.isError() ? result.errorType() + " after " + result.attempts() + " attempt(s)" : "success");
        }
        for (int i = 0; i < observations.size(); i++) {
            ToolCallObservation observation = observations.get(i);
            try {
                observation.finished(result);
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on outcome", observation, e);
            }
        }
    }

    private static ToolCallObservation.Scope scope(ToolCallObservation observation, int attempt) {
        try {
            ToolCallObservation.Scope scope = observation.attemptStarted(attempt);
            return scope == null ? ToolCallObservation.Scope.NONE : scope;
        } catch (RuntimeException e) {
            LOG.warn("tool call observation {} failed on attempt start", observation, e);
            return ToolCallObservation.Scope.NONE;
        }
    }

    private static void close(ToolCallObservation.Scope scope) {
        try {
            scope.close();
        } catch (RuntimeException e) {
            LOG.warn("tool call observation scope {} failed to close", scope, e);
        }
    }
}
