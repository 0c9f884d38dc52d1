package dev.idem.agent;

/**
 * Observes one run of an agent from its start to its end: what
 * {@link AgentListener#onRunStarted} returns, so tracing can give the run a span of its own and make
 * it the parent of the run's model requests and tool calls. Every method has a default that does
 * nothing; they must be quick and must not throw (an exception is logged and otherwise ignored).
 *
 * <p>{@link #enter} runs on the thread where each model request or tool call of the run starts,
 * whichever that is (the caller's, a retry's scheduler, a stream reader, a tool pool thread), so an
 * observation can make the run's trace context current exactly where the request's or the call's
 * own span is created.
 *
 * <pre>{@code
 * public AgentRunObservation onRunStarted(Agent agent, String intentId) {
 *     Span span = tracer.spanBuilder("invoke_agent " + agent.name()).startSpan();
 *     return new AgentRunObservation() {
 *         public Scope enter() { return span.makeCurrent()::close; }
 *         public void finished(AgentResult result) { span.end(); }
 *         public void failed(Throwable error) { span.end(); }
 *     };
 * }
 * }</pre>
 */
public interface AgentRunObservation {

    /** Observes nothing. */
    AgentRunObservation NONE = new AgentRunObservation() { };

    /**
     * A model request or a tool call of the run starts on this thread; the scope returned is closed
     * on this thread when the start's synchronous part returned or threw.
     *
     * @return what to close after the start, never {@code null}
     */
    default Scope enter() {
        return Scope.NONE;
    }

    /**
     * The run ended with {@code result}; called once, unless {@link #failed} is.
     *
     * @param result how the run ended
     */
    default void finished(AgentResult result) {}

    /**
     * The run ended by throwing (a bug of the caller, a tool or a listener, never a model failure);
     * called once, unless {@link #finished} is.
     *
     * @param error what the run threw
     */
    default void failed(Throwable error) {}

    /** What {@link #enter} opens on a thread and the run closes there. */
    @FunctionalInterface
    interface Scope extends AutoCloseable {

        /** A scope with nothing to close. */
        Scope NONE = () -> {};

        /** Closes the scope; never throws. */
        @Override
        void close();
    }
}
