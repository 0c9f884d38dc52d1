/**
 * What tool calls and model calls share about trying again: how far a failed request got
 * ({@link dev.idem.retry.DispatchPhase}, judged from transport exceptions by
 * {@link dev.idem.retry.TransportPhases}) and the wait between attempts
 * ({@link dev.idem.retry.Sleeper}). A model-only user configures the model driver with these
 * without importing the tool package.
 */
package dev.idem.retry;
