package dev.idem.spring.boot;

import dev.idem.ErrorType;
import dev.idem.Tool;
import dev.idem.tool.ToolException;
import java.util.concurrent.atomic.AtomicInteger;

/** A bank whose transfers time out: the bank may have moved the money or not, and nobody knows. */
public class Transfers {
    final AtomicInteger runs = new AtomicInteger();

    /**
     * Sends a transfer: not safe to repeat, and this bank never answers in time.
     *
     * @param account the account credited
     * @param cents   the amount in cents
     */
    @Tool(restartSafe = false)
    public String sendPix(String account, long cents) {
        runs.incrementAndGet();
        throw new ToolException(ErrorType.TIMEOUT,
                "the bank did not answer in time (Authorization: Bearer sk-live-0123456789abcdef)");
    }
}
