/**
 * Tasks over tools: a trip plan whose two searches run at the same time and whose booking waits
 * for both, checkpointed so that a plan run again after a failure or a crash restores the
 * finished searches and runs only the rest.
 *
 * <p>Entry type: {@link dev.idem.samples.trip.TripPlan}.
 *
 * <pre>{@code
 * TaskRunResult run = new TripPlan(trip, new FlightBooking(), new Weather(), StateStore.open(dir), pool).run();
 * }</pre>
 */
package dev.idem.samples.trip;
