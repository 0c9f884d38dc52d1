package dev.idem.samples.bank;

/**
 * What the bank saw and did for one idempotency key.
 *
 * <pre>{@code
 * KeyHistory pix = bank.ledger().get("intent-42");
 * assertThat(pix.effects()).isEqualTo(1);   // however many requests arrived
 * }</pre>
 *
 * @param idempotencyKey the key
 * @param effects        how many times money moved for it: 0 or 1 unless the bank is broken
 * @param requests       how many transfer requests carried it, faulted ones included
 * @param lastStatus     HTTP status of the last answer sent for it; 0 when the last request got
 *                       no answer (response lost, connection reset) or is still being answered
 */
public record KeyHistory(String idempotencyKey, int effects, int requests, int lastStatus) {
}
