package dev.idem.spring.boot;

import dev.idem.ErrorType;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.util.concurrent.atomic.AtomicInteger;

/** A plain Spring bean with tools, compiled by the Idem processor: nothing in it knows Spring or the starter. */
public class Ledger {
    final AtomicInteger entries = new AtomicInteger();
    final AtomicInteger balanceRuns = new AtomicInteger();

    /**
     * Books an entry. Safe to restart: the ledger deduplicates by the idempotency key.
     *
     * @param account the account
     * @param cents   the amount in cents
     */
    @Tool(restartSafe = true, idempotent = true)
    public String book(String account, long cents, ToolContext ctx) {
        return "E" + entries.incrementAndGet() + " " + account + " " + cents;
    }

    /**
     * Sends a statement by mail: not safe to repeat.
     *
     * @param account the account
     */
    @Tool(restartSafe = false)
    public String mailStatement(String account) {
        return "mailed " + account;
    }

    /**
     * The balance; the first attempt of every call is rate-limited.
     *
     * @param account the account
     */
    @Tool(readOnly = true, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 1, maxDelayMs = 1))
    public long balance(String account, ToolContext ctx) {
        balanceRuns.incrementAndGet();
        if (ctx.attempt() == 1) {
            throw new ToolException(ErrorType.RATE_LIMIT, "too many requests");
        }
        return 4200;
    }
}
