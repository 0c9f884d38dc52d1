/**
 * A test double of a real payment service: a Pix bank on loopback that honours
 * {@code Idempotency-Key} the way Stripe does (same key and parameters replay the stored answer,
 * other parameters get 422, a key in flight gets 409), keeps a ledger and plays faults on demand.
 * It is what counts side effects in every fault-injection run.
 *
 * <p>Entry types: {@link dev.idem.samples.bank.BankServer}, {@link dev.idem.samples.bank.Fault}
 * (what can go wrong), {@link dev.idem.samples.bank.BankLedger} (what really moved).
 *
 * <pre>{@code
 * try (BankServer bank = BankServer.builder().start()) {
 *     bank.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT);
 *     // a client schedules a transfer, times out, retries with the same key ...
 *     assert bank.effectsFor("intent-42") == 1;
 * }
 * }</pre>
 */
package dev.idem.samples.bank;
