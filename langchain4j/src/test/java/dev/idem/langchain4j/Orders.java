package dev.idem.langchain4j;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.net.ConnectException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test tools compiled by the Idem processor: an order service whose status endpoint refuses the
 * first connection of every call, refunds deduplicated by idempotency key, and a refusal.
 */
public class Orders {
    final AtomicInteger statusRuns = new AtomicInteger();
    final AtomicInteger refundEffects = new AtomicInteger();
    final AtomicInteger cancelRuns = new AtomicInteger();
    private final Map<String, String> refundsByKey = new ConcurrentHashMap<>();

    /**
     * Tells where an order is.
     *
     * @param order the order id, e.g. A1
     */
    @Tool(readOnly = true, title = "Order status",
            retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10, maxDelayMs = 10))
    public String status(String order, ToolContext ctx) throws ConnectException {
        statusRuns.incrementAndGet();
        if (ctx.attempt() == 1) {
            throw new ConnectException("order service refused the connection");
        }
        return "order " + order + " shipped (attempt " + ctx.attempt() + ")";
    }

    /**
     * Refunds an order. Not safe to repeat without the idempotency key.
     *
     * @param order the order id
     * @param cents amount in cents, at least 1
     */
    @Tool(restartSafe = false, idempotent = true, destructive = false)
    public String refund(String order, @Param(min = 1) long cents, ToolContext ctx) {
        return refundsByKey.computeIfAbsent(ctx.idempotencyKey(),
                key -> "refund R" + refundEffects.incrementAndGet() + " of " + cents + " for " + order);
    }

    /**
     * Cancels an order; shipped orders cannot be cancelled.
     *
     * @param order the order id
     */
    @Tool
    public String cancel(String order) {
        cancelRuns.incrementAndGet();
        throw new ToolException(ErrorType.REJECTED, "order " + order + " has shipped and cannot be cancelled");
    }

    /**
     * Tags an order with free-form labels (no strict form: it takes a map).
     *
     * @param order  the order id
     * @param labels label name to value
     */
    @Tool
    public String tag(String order, Map<String, String> labels) {
        return order + " " + labels;
    }
}
