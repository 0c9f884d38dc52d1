package dev.idem.samples.bank;

/**
 * One transfer request the bank received with an idempotency key, and what it did with it: the
 * bank's side of every ledger line, so a demo can say what happened to each request and a test
 * can count effects per request.
 *
 * @param number         the number of the transfer request (1 for the first the bank received)
 * @param idempotencyKey the request's key
 * @param fault          the fault it met, or {@code null}
 * @param handling       what the bank did
 */
public record BankRequest(long number, String idempotencyKey, Fault fault, Handling handling) {

    /** What the bank did with a request. */
    public enum Handling {
        /** Money moved (the answer may still have been lost or late: see the fault). */
        EXECUTED,
        /** Executed, and declined (insufficient funds); stored for the key like a success. */
        DECLINED,
        /** Same key, same parameters: the stored answer was sent again; nothing moved. */
        REPLAYED,
        /** Same key while its first request was still running: 409; nothing moved. */
        IN_FLIGHT,
        /** Same key, other parameters: 422; nothing moved. */
        KEY_REUSED,
        /** Refused by a fault before anything was done (reset, 409, 429, 503). */
        REFUSED,
        /** The body was not a valid transfer: 400; nothing stored. */
        INVALID;

        /** Whether money moved on this request. */
        public boolean effect() {
            return this == EXECUTED;
        }
    }
}
