package dev.idem.samples.faults;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.samples.tools.PixBank;
import dev.idem.tool.ToolContext;
import java.io.IOException;
import java.time.LocalDate;

/**
 * The sample Pix transfer with a 300 ms timeout instead of 2 s, so that timeout faults play out
 * quickly. The body is the sample's own.
 */
public class ShortTimeoutPix {
    static final int TIMEOUT_MS = 300;

    private final PixBank bank;

    public ShortTimeoutPix(PixBank bank) {
        this.bank = bank;
    }

    /**
     * Schedules a Pix transfer.
     *
     * @param key   the receiver's Pix key
     * @param cents amount in cents, at least 1
     * @param date  the day to pay
     */
    @Tool(restartSafe = true, idempotent = true,
            retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 10,
                    retryOn = {ErrorType.TIMEOUT, ErrorType.CONNECTION_ERROR, ErrorType.RATE_LIMIT}),
            timeoutMs = TIMEOUT_MS)
    public PixBank.Receipt schedulePix(String key, @Param(min = 1) long cents, LocalDate date, ToolContext ctx)
            throws IOException, InterruptedException {
        return bank.schedulePix(key, cents, date, ctx);
    }
}
