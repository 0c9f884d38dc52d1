package dev.idem.samples.bank;

/**
 * A failure the bank plays on one upcoming transfer request, so tests can prove that a client
 * never moves money twice, whatever goes wrong and whenever.
 *
 * <pre>{@code
 * bank.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT, Fault.SERVICE_UNAVAILABLE_503);
 * }</pre>
 */
public enum Fault {
    /**
     * The transfer is executed and its response stored (a retry with the same key replays it),
     * then no answer is sent: the connection is held open for the configured time and closed.
     * The client sees its timeout ({@code HttpTimeoutException}), or, if it waits longer, the
     * {@code java.net.http} client's {@code IOException: HTTP/1.1 header parser received no bytes}.
     */
    RESPONSE_LOST_AFTER_COMMIT,
    /**
     * The connection is closed before the request is read or anything is done. The
     * {@code java.net.http} client sees {@code IOException: HTTP/1.1 header parser received no
     * bytes} (or a connection reset, depending on timing) and does not resend the POST itself.
     */
    RESET_BEFORE_COMMIT,
    /**
     * The transfer is executed, then answered after the configured delay; the key stays in
     * flight until then, so a concurrent request with the same key gets 409.
     */
    SLOW_RESPONSE,
    /** 409 {@code IN_FLIGHT} as if another request held the key; nothing is executed. */
    IN_FLIGHT_409,
    /** 503 {@code SERVICE_UNAVAILABLE}; nothing is executed. */
    SERVICE_UNAVAILABLE_503,
    /** 429 {@code RATE_LIMITED} with {@code Retry-After}; nothing is executed. */
    RATE_LIMITED_429,
    /**
     * The bank declines as if the balance were too low: 400 {@code INSUFFICIENT_FUNDS}, stored
     * for the key like any executed request. On a key already used, it changes nothing.
     */
    INSUFFICIENT_FUNDS_400;
}
