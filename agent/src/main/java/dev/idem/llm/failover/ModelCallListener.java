package dev.idem.llm.failover;

/**
 * Sees every failed attempt of a model call and what was decided about it, before the driver
 * waits, rotates or surfaces. Called on the thread that saw the failure; must not block. An
 * exception thrown here is logged and ignored.
 *
 * <pre>{@code
 * ModelCallListener log = (attempt, failure, decision) ->
 *         System.out.printf("attempt %d: %s/%s -> %s%n", attempt, failure.kind(), failure.phase(), decision);
 * }</pre>
 */
@FunctionalInterface
public interface ModelCallListener {
    /**
     * @param attempt  the number of the attempt that failed, the first is 1
     * @param failure  the classification: kind, phase, status, server hints
     * @param decision what the driver does next
     */
    void onAttemptFailed(int attempt, ModelFailure failure, FailoverDecision decision);
}
