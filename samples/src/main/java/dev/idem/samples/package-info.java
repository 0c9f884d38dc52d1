/**
 * The demo, the project's main job: an agent books a flight and pays by Pix against a loopback
 * bank that honours idempotency keys, while faults are injected on the model side and the bank
 * side; it ends by counting duplicated effects (always 0).
 *
 * <p>Entry type: {@link dev.idem.samples.Demo}; inside, {@code DemoScript} (the scripted model's
 * turns and faults) and {@code DemoOutcome} (what a run left: results, ledger, duplicated effects).
 *
 * <pre>{@code
 * mvn -q -Pdemo -DskipTests verify      # or: Demo.main(new String[0]); OPENAI_API_KEY set: a real model
 * }</pre>
 */
package dev.idem.samples;
