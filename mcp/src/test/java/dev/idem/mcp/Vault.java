package dev.idem.mcp;

import dev.idem.ApprovalCondition;
import dev.idem.Param;
import dev.idem.Tool;
import java.util.concurrent.atomic.AtomicInteger;

/** Test tools whose approval depends on an argument: transfers above 1,000.00 need ana's approval. */
public class Vault {

    /** Transfers above 100,000 cents need approval. */
    public static final class Large implements ApprovalCondition {
        @Override
        public boolean requiresApproval(Arguments arguments) {
            return arguments.longValue("cents") > 100_000;
        }
    }

    private final AtomicInteger transfers = new AtomicInteger();

    /**
     * Transfers money; large amounts need ana's approval.
     *
     * @param to    who is paid
     * @param cents how much, at least 1
     */
    @Tool(idempotent = true, destructive = true, requiresApproval = true, approvalWhen = Large.class, approvers = "ana")
    public String transfer(String to, @Param(min = 1) long cents) {
        return "transfer " + transfers.incrementAndGet() + " of " + cents + " to " + to;
    }

    /** How many transfers were really made. */
    @Tool(readOnly = true)
    public int transfers() {
        return transfers.get();
    }
}
