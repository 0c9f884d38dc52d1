package dev.idem.harm;

import java.time.Duration;

/** The payment service answered with an error status; {@link #retryAfter()} is its hint, or zero. */
public final class PaymentRefused extends RuntimeException {
    private final int status;
    private final Duration retryAfter;

    /**
     * A refusal.
     *
     * @param status     the HTTP status
     * @param body       the service's answer
     * @param retryAfter the {@code Retry-After} hint, zero when none
     */
    public PaymentRefused(int status, String body, Duration retryAfter) {
        super("payment service answered HTTP " + status + ": " + body);
        this.status = status;
        this.retryAfter = retryAfter;
    }

    /**
     * The HTTP status.
     *
     * @return e.g. 503
     */
    public int status() {
        return status;
    }

    /**
     * The service's {@code Retry-After}.
     *
     * @return the wait it asked for, zero when none
     */
    public Duration retryAfter() {
        return retryAfter;
    }
}
