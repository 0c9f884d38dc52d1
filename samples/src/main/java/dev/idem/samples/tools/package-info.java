/**
 * Sample tools: plain Java methods annotated with {@code @Tool}, compiled by the Idem processor
 * into {@code *_ToolSet} classes. They show the flags that decide retries: read-only searches and
 * forecasts, a booking that is idempotent but not restart-safe, a Pix transfer that is idempotent
 * and restart-safe because the bank deduplicates by the call's idempotency key.
 *
 * <p>Entry types: {@link dev.idem.samples.tools.PixBank}, {@link dev.idem.samples.tools.FlightBooking},
 * {@link dev.idem.samples.tools.Weather}.
 *
 * <pre>{@code
 * Agent agent = Agent.builder().model(model)
 *         .tools(PixBank_ToolSet.of(new PixBank(bank.baseUri(), http)), Weather_ToolSet.of(new Weather()))
 *         .build();
 * }</pre>
 */
package dev.idem.samples.tools;
