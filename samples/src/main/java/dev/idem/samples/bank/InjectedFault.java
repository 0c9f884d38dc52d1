package dev.idem.samples.bank;

/**
 * A fault the bank played, kept so tests can check invariants against what really happened.
 *
 * @param request        the number of the transfer request it hit (1 for the first request)
 * @param fault          what was played
 * @param idempotencyKey the request's key
 * @param effect         whether money moved on this request
 */
public record InjectedFault(long request, Fault fault, String idempotencyKey, boolean effect) {
}
