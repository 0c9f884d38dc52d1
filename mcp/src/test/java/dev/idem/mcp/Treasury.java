package dev.idem.mcp;

import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import java.util.concurrent.atomic.AtomicInteger;

/** A test tool that needs a person's approval for every call, and counts the transfers really made. */
public class Treasury {

    private final AtomicInteger transfers = new AtomicInteger();

    /**
     * Transfers money; ana or bruno must approve.
     *
     * @param to    who is paid
     * @param cents how much, at least 1
     */
    @Tool(idempotent = true, requiresApproval = true, approvers = {"ana", "bruno"})
    public String transfer(String to, @Param(min = 1) long cents, ToolContext ctx) {
        return "transfer " + transfers.incrementAndGet() + " of " + cents + " to " + to + " under " + ctx.idempotencyKey();
    }

    /** How many transfers were really made. */
    int transfers() {
        return transfers.get();
    }
}
