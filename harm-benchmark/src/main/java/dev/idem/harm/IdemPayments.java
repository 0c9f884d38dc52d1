package dev.idem.harm;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.retry.DispatchPhase;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.io.IOException;
import java.net.URI;

/**
 * The payment tool as an Idem user writes it: the same body as every other stack's
 * ({@link PaymentClient}), with the call's idempotency key sent to the service, and the service's
 * error statuses told apart. Everything else (timeouts, resets, lost answers) is left to Idem's
 * classifier. The retry policy is Idem's default.
 *
 * <pre>{@code
 * ToolSet tools = IdemPayments_ToolSet.of(new IdemPayments(service.payUri(0)));
 * }</pre>
 */
public class IdemPayments {
    private final PaymentClient client;

    /**
     * A tool set paying through the service at {@code payUri}.
     *
     * @param payUri where payments are posted
     */
    public IdemPayments(URI payUri) {
        this.client = new PaymentClient(payUri);
    }

    /**
     * Pays an amount into an account. The memo is the customer's reference for this payment.
     *
     * @param account the account to pay, e.g. ACC-1
     * @param cents   the amount in cents, at least 1
     * @param memo    the customer's reference, e.g. r-7
     * @param ctx     the call's context
     * @return the service's receipt
     * @throws IOException          when the exchange broke
     * @throws InterruptedException when the call was cancelled
     */
    // Idempotent: every attempt and every re-issued call of one intent carries the same key, which the service honours.
    @Tool(idempotent = true)
    public Receipt pay(String account, @Param(min = 1) long cents, String memo, ToolContext ctx)
            throws IOException, InterruptedException {
        try {
            return client.pay(account, cents, memo, ctx.idempotencyKey());
        } catch (PaymentRefused refused) {
            switch (refused.status()) {
                case 429:
                    throw new ToolException(ErrorType.RATE_LIMIT, refused.getMessage(), refused.retryAfter());
                case 503:
                    // Retry-After on a 503 is the same hint as on a 429; nothing was done.
                    throw new ToolException(ErrorType.RATE_LIMIT, refused.getMessage(), refused.retryAfter());
                case 409:
                    // The service is still working on this key: the outcome is unknown, the same key is safe to send again.
                    throw new ToolException(ErrorType.TIMEOUT, DispatchPhase.MAYBE_PROCESSED, refused.getMessage(), refused);
                default:
                    throw new ToolException(ErrorType.REJECTED, refused.getMessage());
            }
        }
    }
}
