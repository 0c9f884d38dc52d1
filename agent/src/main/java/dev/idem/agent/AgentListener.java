package dev.idem.agent;

/**
 * Sees each {@link TraceEvent} of every run of an agent as it happens, e.g. to print progress
 * or feed metrics. Called on whatever thread the run is on; must be quick and must not throw
 * (an exception from a listener is logged and otherwise ignored).
 *
 * <pre>{@code
 * Agent agent = Agent.builder()
 *         .listener((intentId, event) -> System.out.println(intentId + ": " + event))
 *         ...
 * }</pre>
 */
@FunctionalInterface
public interface AgentListener {

    /**
     * @param intentId the run's intent id
     * @param event    what happened
     */
    void onEvent(String intentId, TraceEvent event);

    /**
     * A run of {@code agent} for {@code intentId} starts, on the thread that called {@code run},
     * {@code runAsync} or {@code resume}; the observation returned follows it to its end (the
     * default follows nothing). Tracing uses it to make the run the parent of its model requests
     * and tool calls.
     *
     * @param agent    the agent that runs
     * @param intentId the run's intent id
     * @return what observes the run, never {@code null}
     */
    default AgentRunObservation onRunStarted(Agent agent, String intentId) {
        return AgentRunObservation.NONE;
    }
}
