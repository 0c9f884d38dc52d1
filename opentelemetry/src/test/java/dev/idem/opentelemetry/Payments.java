package dev.idem.opentelemetry;

import dev.idem.ErrorType;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Test tools compiled by the Idem processor: each counts its body runs, the side effects. */
public class Payments {
    final AtomicInteger runs = new AtomicInteger();
    /** The span current in each body run, on whatever thread it ran. */
    final List<SpanContext> bodyContexts = new CopyOnWriteArrayList<>();

    /**
     * Sends a payment.
     *
     * @param account the receiving account
     * @param cents   the amount in cents
     */
    @Tool
    public String pay(String account, long cents) {
        runs.incrementAndGet();
        return "paid " + cents + " to " + account;
    }

    /**
     * Reads the balance; the bank refuses the first connection of every call.
     *
     * @param account the account
     */
    @Tool(restartSafe = true, timeoutMs = 5_000,
            retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 1, maxDelayMs = 1))
    public String balance(String account, ToolContext ctx) throws ConnectException {
        runs.incrementAndGet();
        bodyContexts.add(Span.current().getSpanContext());
        if (ctx.attempt() == 1) {
            throw new ConnectException("bank refused the connection");
        }
        return "balance of " + account + ": 100";
    }

    /**
     * Closes an account; the caller passes a bad account id.
     *
     * @param account the account
     */
    @Tool
    public String close(String account) {
        runs.incrementAndGet();
        throw new IllegalArgumentException("no account " + account);
    }

    /**
     * Wires money; the bank's client gives up waiting for the answer. Not restart-safe: never sent twice.
     *
     * @param account the receiving account
     */
    @Tool(restartSafe = false)
    public String wire(String account) {
        runs.incrementAndGet();
        throw new ToolException(ErrorType.TIMEOUT, "the bank did not answer within 30 s");
    }
}
