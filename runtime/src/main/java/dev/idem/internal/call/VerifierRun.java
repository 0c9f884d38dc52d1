package dev.idem.internal.call;

import dev.idem.internal.Mode;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.Verification;
import dev.idem.tool.exchange.ToolExchange;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.POJONode;

/**
 * Runs a tool's verifier under its own rules, never exceptionally: each try under a wall-clock
 * limit (the tool's timeout, else {@link #DEFAULT_TIMEOUT_MS}), on the body pool, as a body run is;
 * a verifier is read-only, so a transient failure (a timeout, a connection error, a rate limit) is
 * tried again (anything else, {@code UNKNOWN} included, is not), at most {@link #MAX_TRIES} times
 * in all, after {@link #FIRST_DELAY_MS} doubling. Any
 * other failure, a {@code null} answer, or the last failed try is {@link Verification#unknown}.
 */
public final class VerifierRun {

    /** How many times a verifier is asked at most, per question. */
    public static final int MAX_TRIES = 3;
    /** The limit of one try of the verifier of a tool without its own timeout. */
    public static final long DEFAULT_TIMEOUT_MS = 10_000;
    /** The wait before the second try; doubled before each later one. */
    public static final long FIRST_DELAY_MS = 100;

    private final ExecutorSettings settings;
    private final PreparedCall prepared;
    private final String intentId;
    private final Mode mode;

    public VerifierRun(ExecutorSettings settings, PreparedCall prepared, String intentId, Mode mode) {
        this.settings = settings;
        this.prepared = prepared;
        this.intentId = intentId;
        this.mode = mode;
    }

    /** The verifier's answer for the prepared call's key. */
    public CompletionStage<Verification<JsonNode>> ask() {
        return ask(1, FIRST_DELAY_MS);
    }

    private CompletionStage<Verification<JsonNode>> ask(int tryNumber, long delayMs) {
        long timeoutMs = prepared.timeoutMs() > 0 ? prepared.timeoutMs() : DEFAULT_TIMEOUT_MS;
        AtomicBoolean cancelled = new AtomicBoolean();
        String key = prepared.idempotencyKey();
        ToolContext context = new AttemptContext(prepared.callId(), prepared.toolName(), intentId, key, tryNumber, MAX_TRIES,
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs), cancelled, ToolExchange.none(), null);
        BoundCall asking = ignored -> CompletableFuture.completedFuture(new POJONode(prepared.body().verify(key)));
        return mode.settle(settings.bodyRun().start(asking, context, cancelled, timeoutMs))
                .thenCompose(outcome -> {
                    if (outcome.succeeded()) {
                        Object answer = outcome.value() instanceof POJONode pojo ? pojo.getPojo() : null;
                        @SuppressWarnings("unchecked")
                        Verification<JsonNode> verification = answer instanceof Verification<?> v
                                ? (Verification<JsonNode>) v : Verification.unknown("the verifier answered null");
                        return CompletableFuture.completedFuture(verification);
                    }
                    ToolFailure failure = outcome.failure();
                    String why = "the verifier failed with " + failure.type() + ": " + failure.message();
                    if (!asksAgainAfter(failure) || tryNumber >= MAX_TRIES) {
                        return CompletableFuture.completedFuture(Verification.<JsonNode>unknown(
                                tryNumber > 1 ? why + " (try " + tryNumber + " of " + MAX_TRIES + ")" : why));
                    }
                    return mode.settle(settings.sleeper().sleep(delayMs))
                            .handle((slept, interrupted) -> interrupted == null ? ask(tryNumber + 1, delayMs * 2)
                                    : CompletableFuture.completedFuture(Verification.<JsonNode>unknown(why)))
                            .thenCompose(next -> next);
                });
    }

    /** Whether a verifier that failed so is asked again: only when the service was slow, unreachable or busy. */
    public static boolean asksAgainAfter(ToolFailure failure) {
        return switch (failure.type()) {
            case TIMEOUT, CONNECTION_ERROR, RATE_LIMIT -> true;
            default -> false;
        };
    }
}
