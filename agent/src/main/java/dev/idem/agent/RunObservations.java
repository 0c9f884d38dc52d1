package dev.idem.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The observations of one run, one per listener that follows runs: opened together where a model
 * request or a tool call starts, told together how the run ended. A listener's exception is logged
 * and otherwise ignored, as {@link AgentListener} promises.
 */
final class RunObservations {

    static final RunObservations NONE = new RunObservations(List.of());

    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);

    private final List<AgentRunObservation> observations;

    private RunObservations(List<AgentRunObservation> observations) {
        this.observations = observations;
    }

    /** Asks each listener whether it follows this run; on the caller's thread, before the run waits its turn. */
    static RunObservations start(List<AgentListener> listeners, Agent agent, String intentId) {
        List<AgentRunObservation> found = new ArrayList<>();
        for (AgentListener listener : listeners) {
            try {
                AgentRunObservation observation = listener.onRunStarted(agent, intentId);
                if (observation != null && observation != AgentRunObservation.NONE) {
                    found.add(observation);
                }
            } catch (RuntimeException e) {
                LOG.warn("agent listener {} failed on run start", listener, e);
            }
        }
        return found.isEmpty() ? NONE : new RunObservations(List.copyOf(found));
    }

    /** {@code start}'s synchronous part, with every observation's scope open on this thread. */
    <T> T within(Supplier<T> start) {
        if (observations.isEmpty()) {
            return start.get();
        }
        List<AgentRunObservation.Scope> scopes = new ArrayList<>(observations.size());
        for (AgentRunObservation observation : observations) {
            try {
                scopes.add(observation.enter());
            } catch (RuntimeException e) {
                LOG.warn("agent run observation {} failed on enter", observation, e);
            }
        }
        try {
            return start.get();
        } finally {
            // closed in reverse, as nested scopes are
            for (int i = scopes.size() - 1; i >= 0; i--) {
                try {
                    scopes.get(i).close();
                } catch (RuntimeException e) {
                    LOG.warn("agent run observation scope {} failed on close", scopes.get(i), e);
                }
            }
        }
    }

    void ended(AgentResult result, Throwable error) {
        for (AgentRunObservation observation : observations) {
            try {
                if (error == null) {
                    observation.finished(result);
                } else {
                    observation.failed(error);
                }
            } catch (RuntimeException e) {
                LOG.warn("agent run observation {} failed on the run's end", observation, e);
            }
        }
    }
}
