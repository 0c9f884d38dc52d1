package dev.idem.springai;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Test tools compiled by the Idem processor: payouts deduplicated by idempotency key, a rate-limited quote. */
public class Payouts {
    final AtomicInteger effects = new AtomicInteger();
    final AtomicInteger quoteRuns = new AtomicInteger();
    private final Map<String, String> payoutsByKey = new ConcurrentHashMap<>();

    /**
     * Pays a seller out. Not safe to repeat without the idempotency key.
     *
     * @param seller the seller id, e.g. S1
     * @param cents  amount in cents, at least 1
     */
    @Tool(restartSafe = false, idempotent = true)
    public String payout(String seller, @Param(min = 1) long cents, ToolContext ctx) {
        return payoutsByKey.computeIfAbsent(ctx.idempotencyKey(),
                key -> "payout P" + effects.incrementAndGet() + " of " + cents + " to " + seller);
    }

    /**
     * Quotes the fee of a payout; the fee service rate-limits the first request of every call.
     *
     * @param cents amount in cents
     */
    @Tool(readOnly = true, retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10, maxDelayMs = 10))
    public long fee(long cents, ToolContext ctx) {
        quoteRuns.incrementAndGet();
        if (ctx.attempt() == 1) {
            throw new ToolException(ErrorType.RATE_LIMIT, "fee service: too many requests");
        }
        return cents / 100;
    }
}
