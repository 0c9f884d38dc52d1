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
}
