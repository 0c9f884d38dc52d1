package dev.idem.samples.chaos;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.samples.tools.PixBank;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;

/**
 * The sample Pix transfer with a 150 ms timeout, so that lost and slow answers play out quickly,
 * and a {@link Timeline} that sees each attempt start and each Retry-After hint the bank gave.
 * The body is the sample's own.
 */
public class ChaosPix {
    static final int TIMEOUT_MS = 150;
    static final int MAX_ATTEMPTS = 3;

    private final PixBank bank;
    private final Timeline timeline;

    public ChaosPix(PixBank bank, Timeline timeline) {
        this.bank = bank;
        this.timeline = timeline;
    }

    /**
     * Schedules a Pix transfer.
     *
     * @param key   the receiver's Pix key
     * @param cents amount in cents, at least 1
     * @param date  the day to pay
     */
    @Tool(restartSafe = true, idempotent = true,
            retryPolicy = @Retry(maxAttempts = MAX_ATTEMPTS, initialDelayMs = 10,
                    retryOn = {ErrorType.TIMEOUT, ErrorType.CONNECTION_ERROR, ErrorType.RATE_LIMIT}),
            timeoutMs = TIMEOUT_MS)
    public PixBank.Receipt schedulePix(String key, @Param(min = 1) long cents, LocalDate date, ToolContext ctx)
            throws IOException, InterruptedException {
        timeline.toolAttempt(ctx.callId(), ctx.attempt());
        try {
            return bank.schedulePix(key, cents, date, ctx);
        } catch (ToolException e) {
            // Only a hint the executor can still see counts: an attempt abandoned at its timeout
            // ended as TIMEOUT for the executor, whatever its body threw later.
            Duration remaining = ctx.remaining();
            if (e.retryAfterMs() > 0 && (remaining == null || !remaining.isZero())) {
                timeline.toolHint(ctx.callId(), ctx.attempt(), e.retryAfterMs());
            }
            throw e;
        }
    }
}
