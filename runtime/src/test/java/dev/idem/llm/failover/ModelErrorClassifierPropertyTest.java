package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.llm.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever a provider or a transport throws, classification and decision never throw. */
class ModelErrorClassifierPropertyTest {
    private final ModelErrorClassifier classifier = new ModelErrorClassifier(ModelErrorClassifierConformanceTest.CLOCK);
    private final FailoverPolicy policy = FailoverPolicy.DEFAULT;

    @Property(tries = 600)
    void classificationAndDecisionNeverThrowAndAlwaysDecide(
            @ForAll("failures") Throwable error, @ForAll("contexts") FailoverContext context) {
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
    }

    @Provide
    Arbitrary<Throwable> failures() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, httpFailures()),
                net.jqwik.api.Tuple.of(3, chains()),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(new HostileException())));
    }

    @Provide
    Arbitrary<FailoverContext> contexts() {
        Arbitrary<Integer> attempts = Arbitraries.integers().between(1, 12);
        return Combinators.combine(attempts, Arbitraries.integers().between(1, 12), Arbitraries.of(true, false),
                        Arbitraries.of(true, false), Arbitraries.of(true, false), Arbitraries.of(true, false))
                .as((attempt, kind, tools, profiles, breaker, stream) ->
                        new FailoverContext(attempt, Math.min(kind, attempt), tools, profiles, breaker, stream));
    }

    private Arbitrary<Throwable> httpFailures() {
        Arbitrary<Integer> statuses = Arbitraries.oneOf(Arbitraries.integers(),
                Arbitraries.of(400, 401, 402, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504, 529));
        return Combinators.combine(statuses, bodies(), headerValues(), headerValues(), headerValues())
                .as((status, body, retryAfter, retryAfterMs, shouldRetry) -> {
                    Map<String, List<String>> headers = new LinkedHashMap<>();
                    headers.put("Retry-After", List.of(retryAfter));
                    headers.put("retry-after-ms", List.of(retryAfterMs));
                    headers.put("x-should-retry", List.of(shouldRetry));
                    return new ProviderHttpException(status, body, headers);
                });
    }

    private Arbitrary<String> bodies() {
        Arbitrary<String> text = Arbitraries.strings().ofMaxLength(120);
        Arbitrary<String> words = Arbitraries.of("rate limit", "insufficient_quota", "context_length_exceeded",
                "invalid_api_key", "overloaded_error", "try again in 5s", "try again in 9999999999999999999999h",
                "retryDelay", "NaN", "\"58s\"", "-1", "{", "}", "[", "]", ":", ",", "\"error\"", "\"type\"",
                "\"code\"", "\"message\"", "\"details\"", "null", "15000 tokens", "model", "api_error",
                "tool_use_failed", "Request too large", "Limit 6000, Requested 7829", "n_ctx");
        Arbitrary<String> jsonish = words.list().ofMaxSize(20).map(parts -> String.join("", parts));
        Arbitrary<String> shaped = Combinators.combine(words, words, text).as((code, type, message) ->
                "{\"error\":{\"code\":\"" + code + "\",\"type\":\"" + type + "\",\"message\":\"" + message
                        + "\",\"details\":[{\"retryDelay\":\"" + message + "\"}]}}");
        return Arbitraries.oneOf(text, jsonish, shaped, Arbitraries.just(""));
    }

    private Arbitrary<String> headerValues() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(30),
                Arbitraries.of("NaN", "-5", "Infinity", "-Infinity", "1e400", "0", "true", "false", "TRUE",
                        "Wed, 01 Jan 2025 00:00:30 GMT", "Mon, 01 Jan 3000 00:00:00 GMT", "99999999999999999999999"),
                Arbitraries.doubles().map(String::valueOf));
    }

    private Arbitrary<Throwable> chains() {
        Arbitrary<String> messages = Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(80),
                Arbitraries.of("Read timed out", "connection reset during TLS handshake", "Connection refused",
                        "Rate limit exceeded for api key", "Input has 15000 tokens", "try again in 1.5s", "EOF",
                        "TLS handshake completed; read timeout", "Connection prematurely closed DURING response",
                        "authentication_error: overloaded", "Request too large: Limit 10, Requested 99999999999999999999",
                        "limit: 5 requested: 123456789012345678901234567890", "exceeds the available context size"));
        Arbitrary<Throwable> link = Combinators.combine(Arbitraries.of(FailureChains.TYPES), messages)
                .as(FailureChains::leaf);
        Arbitrary<Throwable> stated = Combinators.combine(Arbitraries.of(ErrorKind.values()),
                        Arbitraries.of(DispatchPhase.values()), messages)
                .as((kind, phase, message) -> new ProviderResponseException(kind, phase, message, null));
        Arbitrary<Throwable> anyLink = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, link), net.jqwik.api.Tuple.of(1, stated), net.jqwik.api.Tuple.of(1, httpFailures()));
        return Combinators.combine(anyLink.list().ofMinSize(1).ofMaxSize(6), Arbitraries.of(true, false))
                .as(ModelErrorClassifierPropertyTest::chain);
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
