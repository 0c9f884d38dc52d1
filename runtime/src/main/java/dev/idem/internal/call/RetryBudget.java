package dev.idem.internal.call;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The executor-wide retry budget, a token bucket in the manner of gRPC retry throttling: it
 * starts full at {@code maxTokens}; each transient failure takes one token, each success gives
 * back {@code tokenRatio}; retries are allowed only while more than half the tokens are left. So
 * when a dependency fails for everyone, retries stop and load is not multiplied.
 *
 * <p>Shared by every call on every thread: tokens are kept in thousandths in one atomic long,
 * so updates are lock-free and exact.
 */
public final class RetryBudget {

    private static final long SCALE = 1000;

    private final long maxMilliTokens;
    private final long refundMilliTokens;
    private final AtomicLong milliTokens;

    public RetryBudget(double maxTokens, double tokenRatio) {
        if (!(maxTokens > 0) || Double.isInfinite(maxTokens)) {
            throw new IllegalArgumentException("maxTokens must be a positive finite number, was " + maxTokens);
        }
        if (!(tokenRatio > 0) || tokenRatio > maxTokens) {
            throw new IllegalArgumentException("tokenRatio must be in (0, maxTokens], was " + tokenRatio);
        }
        this.maxMilliTokens = Math.round(maxTokens * SCALE);
        this.refundMilliTokens = Math.max(1, Math.round(tokenRatio * SCALE));
        this.milliTokens = new AtomicLong(maxMilliTokens);
    }

    /** Whether a retry may happen now. */
    public boolean allowsRetry() {
        return milliTokens.get() > maxMilliTokens / 2;
    }

    public void onFailure() {
        milliTokens.updateAndGet(tokens -> Math.max(0, tokens - SCALE));
    }

    public void onSuccess() {
        // A full bucket stays full: no compare-and-set, so successes on many threads share the
        // line read-only instead of taking it in turn.
        if (milliTokens.get() < maxMilliTokens) {
            milliTokens.updateAndGet(tokens -> Math.min(maxMilliTokens, tokens + refundMilliTokens));
        }
    }

    /** Tokens left, for tests and metrics. */
    public double tokens() {
        return (double) milliTokens.get() / SCALE;
    }
}
