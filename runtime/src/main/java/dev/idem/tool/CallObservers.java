package dev.idem.tool;

import dev.idem.ErrorType;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ToolCallObservation}s of one call, told in the order their listeners were added. A
 * call whose listeners observe nothing shares {@link #NONE}: nothing allocated, nothing wrapped.
 * An observation that throws is logged and skipped, as a listener is.
 */
final class CallObservers {

    static final CallObservers NONE = new CallObservers(List.of());

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);

    private final List<ToolCallObservation> observations;

    private CallObservers(List<ToolCallObservation> observations) {
        this.observations = observations;
    }

    /** Asks each listener whether it observes {@code call}; on the caller's thread, before anything else happens. */
    static CallObservers start(List<ToolExecutionListener> listeners, ToolCall call, ToolRegistry registry) {
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
        return found == null ? NONE : new CallObservers(found);
    }

    /** {@code body}, made to open every observation's scope on the thread that runs attempt {@code attempt}. */
    BoundCall around(BoundCall body, int attempt) {
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

    void journaled() {
        for (ToolCallObservation observation : observations) {
            try {
                observation.journaled();
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on journaled", observation, e);
            }
        }
    }

    void retrying(int attempt, long delayMs, ErrorType type, RetryDecision.Reason rule) {
        for (ToolCallObservation observation : observations) {
            try {
                observation.retrying(attempt, delayMs, type, rule);
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on retry", observation, e);
            }
        }
    }

    void stopped(int attempt, ErrorType type, RetryDecision.Reason rule) {
        for (ToolCallObservation observation : observations) {
            try {
                observation.stopped(attempt, type, rule);
            } catch (RuntimeException e) {
                LOG.warn("tool call observation {} failed on stop", observation, e);
            }
        }
    }

    void finished(ToolResult result) {
        for (ToolCallObservation observation : observations) {
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
