package dev.idem.harm;

/**
 * What the payment service answers for a payment made (or replayed).
 *
 * @param paymentId the service's id, {@code pay_N}
 * @param account   the account paid
 * @param cents     the amount in cents
 * @param memo      the memo the payment carries: the intent's reference
 */
public record Receipt(String paymentId, String account, long cents, String memo) {}
