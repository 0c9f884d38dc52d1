/**
 * What happens after a model call failed: one classifier (kind and dispatch phase), one policy
 * (retry, rotate the provider profile, or surface, and after how long), one driver that runs
 * the call, and the idle-timeout breaker. The replay gate lives here: on a turn that exposes
 * tools, a request the provider may have processed is never sent again.
 *
 * <p>Entry types: {@link dev.idem.llm.failover.ModelCallDriver} (runs a call under the policy),
 * {@link dev.idem.llm.failover.FailoverPolicy} and its {@link dev.idem.llm.failover.FailoverDecision},
 * {@link dev.idem.llm.failover.ModelErrorClassifier}, {@link dev.idem.llm.failover.ModelCallException}.
 *
 * <pre>{@code
 * ModelFailure failure = new ModelErrorClassifier().classify(new SocketTimeoutException("Read timed out"));
 * FailoverDecision decision = FailoverPolicy.DEFAULT.decide(failure, FailoverContext.firstAttempt(true));
 * // SURFACE_ERROR because PROVIDER_OUTCOME_UNKNOWN: the provider may have acted
 * }</pre>
 */
package dev.idem.llm.failover;
