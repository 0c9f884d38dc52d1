package dev.idem.llm.failover;

import java.util.function.Function;

/** The blocking retry loop: runs attempts on the caller's thread, waiting with the sleeper. */
final class SyncLoop<P, T> {
    private final CallAttempts<P> attempts;
    private final ModelCallDriver.Sleeper sleeper;
    private final Function<? super P, ? extends T> first;
    private final Function<? super P, ? extends T> fallback;

    SyncLoop(CallAttempts<P> attempts, ModelCallDriver.Sleeper sleeper,
            Function<? super P, ? extends T> first, Function<? super P, ? extends T> fallback) {
        this.attempts = attempts;
        this.sleeper = sleeper;
        this.first = first;
        this.fallback = fallback;
    }

    T run() {
        while (true) {
            attempts.begin();
            Function<? super P, ? extends T> call = attempts.streaming() ? first : fallback;
            T result;
            try {
                result = call.apply(attempts.profile());
            } catch (RuntimeException failure) {
                waitBefore(attempts.failed(failure));
                continue;
            }
            attempts.succeeded();
            return result;
        }
    }

    private void waitBefore(FailoverDecision decision) {
        if (decision.backoffMs() <= 0) {
            return;
        }
        try {
            sleeper.sleep(decision.backoffMs());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw attempts.waitFailed(interrupted);
        }
    }
}
