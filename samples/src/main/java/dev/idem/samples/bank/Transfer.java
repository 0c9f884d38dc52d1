package dev.idem.samples.bank;

import java.time.LocalDate;

/**
 * One ledger entry: money that left the account.
 *
 * @param id             the bank's transfer id ({@code tr_1}, {@code tr_2}, ...)
 * @param idempotencyKey the key of the request that created it
 * @param pixKey         the receiver's Pix key
 * @param cents          the amount
 * @param date           the scheduled date
 */
public record Transfer(String id, String idempotencyKey, String pixKey, long cents, LocalDate date) {
}
