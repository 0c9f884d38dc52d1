package dev.idem.harm;

import java.io.IOException;
import java.net.URI;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;

/** The payment tool as a Spring AI user writes it: a {@code @Tool} method over the shared body. */
public class SpringAiPayments {
    private final PaymentClient client;

    /**
     * Tools paying through {@code payUri}.
     *
     * @param payUri where payments are posted
     */
    public SpringAiPayments(URI payUri) {
        this.client = new PaymentClient(payUri);
    }

    /**
     * Pays.
     *
     * @param account the account
     * @param cents   the amount in cents
     * @param memo    the customer's reference
     * @return the receipt
     * @throws IOException          when the exchange broke
     * @throws InterruptedException when interrupted
     */
    @Tool(name = "pay", description = "Pays an amount into an account. The memo is the customer's reference for this payment.")
    public Receipt pay(@ToolParam(description = "the account to pay, e.g. ACC-1") String account,
            @ToolParam(description = "the amount in cents, at least 1") long cents,
            @ToolParam(description = "the customer's reference, e.g. r-7") String memo) throws IOException, InterruptedException {
        return client.pay(account, cents, memo, null);
    }
}
