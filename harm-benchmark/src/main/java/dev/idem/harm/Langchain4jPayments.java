package dev.idem.harm;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.io.IOException;
import java.net.URI;

/** The payment tool as a LangChain4j user writes it: a {@code @Tool} method over the shared body. */
public class Langchain4jPayments {
    private final PaymentClient client;

    /**
     * Tools paying through {@code payUri}.
     *
     * @param payUri where payments are posted
     */
    public Langchain4jPayments(URI payUri) {
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
    @Tool(name = "pay", value = "Pays an amount into an account. The memo is the customer's reference for this payment.")
    public Receipt pay(@P("the account to pay, e.g. ACC-1") String account, @P("the amount in cents, at least 1") long cents,
            @P("the customer's reference, e.g. r-7") String memo) throws IOException, InterruptedException {
        return client.pay(account, cents, memo, null);
    }
}
