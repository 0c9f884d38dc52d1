package dev.idem.compat;

import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Tools compiled by the processor in this module, so against the oldest Jackson Idem supports: the
 * generated binder's Jackson calls must compile and link there, not only on the newest.
 */
public class Remittances {
    final AtomicInteger effects = new AtomicInteger();
    private final Map<String, String> byKey = new ConcurrentHashMap<>();

    /**
     * A receiver of a remittance.
     *
     * @param name    the receiver's name
     * @param account the receiver's account
     * @param tags    labels for the receiver's statement
     */
    public record Receiver(String name, String account, List<String> tags) {}

    /**
     * Sends money abroad once per idempotency key.
     *
     * @param to     who receives it
     * @param amount the amount, every digit kept
     * @param on     the day it leaves
     * @param memo   a note, if any
     * @param extra  anything the bank should pass through
     */
    @Tool(restartSafe = false, idempotent = true)
    public String send(Receiver to, @Param(min = 1) BigDecimal amount, LocalDate on, Optional<String> memo,
            Optional<JsonNode> extra, ToolContext ctx) {
        return byKey.computeIfAbsent(ctx.idempotencyKey(), key -> "R" + effects.incrementAndGet() + " " + amount
                + " to " + to.name() + " (" + to.account() + ", " + to.tags() + ") on " + on
                + memo.map(text -> " memo " + text).orElse("") + extra.map(node -> " extra " + node).orElse(""));
    }
}
