package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.testing.Gen;
import dev.idem.testing.SeededTrials;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Whatever a provider or a transport throws, classification and decision never throw. */
class ModelErrorClassifierPropertyTest {
    private final ModelErrorClassifier classifier = new ModelErrorClassifier(ModelErrorClassifierConformanceTest.CLOCK);
    private final FailoverPolicy policy = FailoverPolicy.DEFAULT;

    @Test
    void classificationAndDecisionNeverThrowAndAlwaysDecide() {
        SeededTrials.run(600, gen -> {
            Throwable error = failure(gen);
            FailoverContext context = context(gen);

            ModelFailure failure = classifier.classify(error);
            FailoverDecision decision = policy.decide(failure, context);

            assertThat(failure.kind()).isNotNull();
            assertThat(failure.phase()).isNotNull();
            assertThat(failure.message()).isNotNull();
            assertThat(decision).isNotNull();
            assertThat(decision.backoffMs()).isBetween(0L, Math.max(policy.maxRetryHintMs(), 30_000L));
            if (decision.continues()) {
                assertThat(decision.retryable()).isTrue();
            }
            if (context.turnExposesTools() && failure.phase() == DispatchPhase.MAYBE_PROCESSED) {
                assertThat(decision.reason()).isEqualTo(FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN);
            }
            if (context.attempt() >= policy.maxAttempts()) {
                assertThat(decision.continues()).isFalse();
            }
        });
    }

    private Throwable failure(Gen gen) {
        return gen.weighted(3, (Supplier<Throwable>) () -> httpFailure(gen), 3, (Supplier<Throwable>) () -> chain(gen),
                1, (Supplier<Throwable>) HostileException::new);
    }

    private static FailoverContext context(Gen gen) {
        int attempt = gen.between(1, 12);
        int kind = gen.between(1, 12);
        return new FailoverContext(attempt, Math.min(kind, attempt), gen.bool(), gen.bool(), gen.bool(), gen.bool());
    }

    private Throwable httpFailure(Gen gen) {
        int status = gen.bool() ? gen.anyInt() : gen.pick(400, 401, 402, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504, 529);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Retry-After", List.of(headerValue(gen)));
        headers.put("retry-after-ms", List.of(headerValue(gen)));
        headers.put("x-should-retry", List.of(headerValue(gen)));
        return new ProviderHttpException(status, body(gen), headers);
    }

    private static String body(Gen gen) {
        List<String> words = List.of("rate limit", "insufficient_quota", "context_length_exceeded",
                "invalid_api_key", "overloaded_error", "try again in 5s", "try again in 9999999999999999999999h",
                "retryDelay", "NaN", "\"58s\"", "-1", "{", "}", "[", "]", ":", ",", "\"error\"", "\"type\"",
                "\"code\"", "\"message\"", "\"details\"", "null", "15000 tokens", "model", "api_error",
                "tool_use_failed", "Request too large", "Limit 6000, Requested 7829", "n_ctx");
        return switch (gen.below(4)) {
            case 0 -> gen.string(120);
            case 1 -> String.join("", gen.list(20, () -> gen.pick(words)));
            case 2 -> {
                String message = gen.string(120);
                yield "{\"error\":{\"code\":\"" + gen.pick(words) + "\",\"type\":\"" + gen.pick(words)
                        + "\",\"message\":\"" + message + "\",\"details\":[{\"retryDelay\":\"" + message + "\"}]}}";
            }
            default -> "";
        };
    }

    private static String headerValue(Gen gen) {
        return switch (gen.below(3)) {
            case 0 -> gen.string(30);
            case 1 -> gen.pick("NaN", "-5", "Infinity", "-Infinity", "1e400", "0", "true", "false", "TRUE",
                    "Wed, 01 Jan 2025 00:00:30 GMT", "Mon, 01 Jan 3000 00:00:00 GMT", "99999999999999999999999");
            default -> String.valueOf(gen.anyDouble());
        };
    }

    private Throwable chain(Gen gen) {
        List<Throwable> links = gen.list(1, 6, () -> gen.weighted(
                5, (Supplier<Throwable>) () -> FailureChains.leaf(gen.pick(FailureChains.TYPES), message(gen)),
                1, (Supplier<Throwable>) () -> new ProviderResponseException(gen.pick(ErrorKind.values()),
                        gen.pick(DispatchPhase.values()), message(gen), null),
                1, (Supplier<Throwable>) () -> httpFailure(gen)));
        return chain(links, gen.bool());
    }

    private static String message(Gen gen) {
        return gen.bool() ? gen.string(80) : gen.pick("Read timed out", "connection reset during TLS handshake",
                "Connection refused", "Rate limit exceeded for api key", "Input has 15000 tokens", "try again in 1.5s", "EOF",
                "TLS handshake completed; read timeout", "Connection prematurely closed DURING response",
                "authentication_error: overloaded", "Request too large: Limit 10, Requested 99999999999999999999",
                "limit: 5 requested: 123456789012345678901234567890", "exceeds the available context size");
    }

    /** Links the exceptions outermost first; with {@code cycle}, the innermost points back to the outermost. */
    private static Throwable chain(List<Throwable> links, boolean cycle) {
        for (int i = 0; i + 1 < links.size(); i++) {
            tryInitCause(links.get(i), links.get(i + 1));
        }
        if (cycle && links.size() > 1) {
            tryInitCause(links.get(links.size() - 1), links.get(0));
        }
        return links.get(0);
    }

    private static void tryInitCause(Throwable link, Throwable cause) {
        try {
            link.initCause(cause);
        } catch (IllegalStateException | IllegalArgumentException alreadyCaused) {
            // Some links are born with a cause (or are the same instance); keep theirs.
        }
    }

    /** An exception whose accessors themselves fail. */
    static final class HostileException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        @Override
        public String getMessage() {
            throw new IllegalStateException("no message for you");
        }

        @Override
        public synchronized Throwable getCause() {
            throw new IllegalStateException("no cause either");
        }
    }
}
