package dev.idem.internal.call;

import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.tool.ToolFailure;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the leases do, in one place, when bodies a call abandoned at its timeout end (docs/running-tools.md):
 * a value is the call's outcome; any other end may have left a request on its way to the service,
 * so the unknown outcome stays leased one more lease period before a verifier's NOT_APPLIED counts.
 */
public final class AbandonedBodies {

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);

    private AbandonedBodies() {}

    /** Calls {@code ended} once the abandoned bodies ended; with a failed outcome at once when there are none to watch. */
    public static void watch(CompletionStage<AttemptOutcome> abandoned, Consumer<AttemptOutcome> ended) {
        CompletionStage<AttemptOutcome> watched = abandoned != null ? abandoned : CompletableFuture.completedFuture(
                AttemptOutcome.failed(ToolFailure.thrown(new IllegalStateException("no abandoned body is known here"))));
        watched.thenAccept(ended);
    }

    public static void returned(JournalCall call, String key) {
        LOG.info("tool '{}' key {}: the body abandoned at its timeout returned a value; recording it SUCCEEDED",
                call.tool().name(), key);
    }

    public static void stopped(JournalCall call, AttemptOutcome late, Duration settle) {
        LOG.info("tool '{}' key {}: the body abandoned at its timeout ended with {}; its request may still reach the"
                + " service, so the unknown outcome stays leased for {} more", call.tool().name(), call.key(),
                late.failure().type(), settle);
    }
}
