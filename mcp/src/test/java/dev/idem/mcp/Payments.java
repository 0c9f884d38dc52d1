package dev.idem.mcp;

import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test tools compiled by the Idem processor: a payment service that deduplicates by
 * idempotency key the way Stripe does and counts the transfers that really happened, a gateway
 * whose first connection per message is refused, and a tool with a bug.
 */
public class Payments {

    /**
     * A transfer.
     *
     * @param transferId the service's id
     * @param to         who is paid
     * @param cents      how much
     */
    public record Receipt(String transferId, String to, long cents) {}

    private final Map<String, Receipt> transfersByKey = new ConcurrentHashMap<>();
    private final AtomicInteger effects = new AtomicInteger();

    /**
     * Pays someone.
     *
     * @param to    who is paid, e.g. maria@example.com
     * @param cents amount in cents, at least 1
     */
    @Tool(title = "Pay", restartSafe = false, idempotent = true, destructive = false)
    public Receipt pay(String to, @Param(min = 1) long cents, ToolContext ctx) {
        return transfersByKey.computeIfAbsent(ctx.idempotencyKey(),
                key -> new Receipt("tr_" + effects.incrementAndGet(), to, cents));
    }

    /** Counts the transfers that really happened. */
    @Tool(readOnly = true, openWorld = false)
    public int effects() {
        return effects.get();
    }

    /**
     * Sends a message; the gateway refuses the first connection of every attempt sequence.
     *
     * @param message what to send
     */
    @Tool(retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10, maxDelayMs = 10))
    public String notify(String message, ToolContext ctx) throws ConnectException {
        if (ctx.attempt() == 1) {
            throw new ConnectException("gateway refused the connection");
        }
        return "sent '" + message + "' on attempt " + ctx.attempt();
    }

    /**
     * Echoes an amount exactly as bound.
     *
     * @param amount any decimal
     */
    @Tool(readOnly = true)
    public String exact(BigDecimal amount) {
        return amount.toPlainString();
    }

    /**
     * Fails on a bug.
     *
     * @param input anything
     */
    @Tool
    public String broken(String input) {
        throw new NullPointerException("input was mangled");
    }
}
