package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.failover.FailoverDecision.Action;
import dev.idem.llm.failover.FailoverDecision.Reason;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The precedence rules of the kind of a model failure, each with cases of its own. */
class ModelErrorKindPrecedenceTest {
    private final ModelErrorClassifier classifier = new ModelErrorClassifier(ModelErrorClassifierConformanceTest.CLOCK);

    private ErrorKind kindOf(int status, String body) {
        return classifier.classify(new ProviderHttpException(status, body, Map.of())).kind();
    }

    private ErrorKind kindOf(String message) {
        return classifier.classify(new RuntimeException(message)).kind();
    }

    @Test
    void aWordNamingAuthenticationIsNeverOutrankedByAnOverloadWord() {
        assertThat(kindOf("authentication_error: overloaded")).isEqualTo(ErrorKind.AUTH);
        assertThat(kindOf("Overloaded upstream: authentication failed for this key")).isEqualTo(ErrorKind.AUTH);
        assertThat(kindOf("503 Service Unavailable: unauthorized")).isEqualTo(ErrorKind.AUTH);
        assertThat(kindOf("upstream overloaded, try later")).as("an overload word alone").isEqualTo(ErrorKind.OVERLOADED);
    }

    @Test
    void theHttpStatusWinsOverAGenericProviderErrorType() {
        String ollama = "{\"error\":{\"message\":\"%s\",\"type\":\"api_error\",\"param\":null,\"code\":null}}";
        assertThat(kindOf(404, ollama.formatted("model 'qwen9' not found, try pulling it first")))
                .isEqualTo(ErrorKind.MODEL_NOT_FOUND);
        assertThat(kindOf(401, ollama.formatted("unauthorized"))).isEqualTo(ErrorKind.AUTH);
        assertThat(kindOf(403, ollama.formatted("forbidden"))).isEqualTo(ErrorKind.AUTH);
        assertThat(kindOf(429, ollama.formatted("too many requests"))).isEqualTo(ErrorKind.RATE_LIMIT);
        assertThat(kindOf(400, "{\"error\":{\"message\":\"bad input\",\"type\":\"server_error\"}}"))
                .isEqualTo(ErrorKind.FORMAT_ERROR);
        assertThat(kindOf(404, "{\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"Not Found\"}}"))
                .as("not_found names the status, not a model").isEqualTo(ErrorKind.FORMAT_ERROR);
        // Specific types still decide.
        assertThat(kindOf(400, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"x\"}}"))
                .isEqualTo(ErrorKind.OVERLOADED);

        FailoverDecision notFound = FailoverPolicy.DEFAULT.decide(
                classifier.classify(new ProviderHttpException(404, ollama.formatted("model 'qwen9' not found"), Map.of())),
                FailoverContext.firstAttempt(false));
        assertThat(notFound.action()).as("a missing model is never waited for").isEqualTo(Action.SURFACE_ERROR);
    }

    @Test
    void aRequestLargerThanItsWholeBudgetIsASizeProblemNeverARateLimitRetry() {
        String openAi = "{\"error\":{\"message\":\"Request too large for gpt-4o-mini in organization org-1 on tokens per min "
                + "(TPM): Limit 200000, Requested 260000. The input or output tokens must be reduced in order to run "
                + "successfully.\",\"type\":\"tokens\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}";
        String groq = "{\"error\":{\"message\":\"Request too large for model `qwen-qwq-32b` in organization `org_1` service "
                + "tier `on_demand` on tokens per minute (TPM): Limit 6000, Requested 9100, please reduce your message "
                + "size and try again.\",\"type\":\"tokens\",\"code\":\"rate_limit_exceeded\"}}";
        String numbersOnly = "{\"error\":{\"message\":\"input tokens per minute: limit: 8000 requested: 12000\","
                + "\"type\":\"rate_limit_error\"}}";
        for (ProviderHttpException oversized : List.of(new ProviderHttpException(429, openAi, Map.of("retry-after", List.of("7"))),
                new ProviderHttpException(413, groq, Map.of()), new ProviderHttpException(429, numbersOnly, Map.of()))) {
            ModelFailure failure = classifier.classify(oversized);
            assertThat(failure.kind()).as(oversized.body()).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
            assertThat(FailoverPolicy.DEFAULT.decide(failure, FailoverContext.firstAttempt(false)).action())
                    .isEqualTo(Action.SURFACE_ERROR);
        }
        String fits = "{\"error\":{\"message\":\"Rate limit reached on tokens per min (TPM): Limit 30000, Used 29000, "
                + "Requested 2000.\",\"code\":\"rate_limit_exceeded\"}}";
        assertThat(kindOf(429, fits)).as("a request within the budget waits").isEqualTo(ErrorKind.RATE_LIMIT);
    }

    @Test
    void llamaCppContextSizeAnswersAreContextOverflow() {
        assertThat(kindOf(400, "{\"error\":{\"code\":400,\"message\":\"request (9000 tokens) exceeds the available context "
                + "size (8192 tokens)\",\"type\":\"exceed_context_size_error\",\"n_prompt_tokens\":9000,\"n_ctx\":8192}}"))
                .isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf(400, "{\"error\":{\"code\":400,\"message\":\"the request exceeds the available context size, "
                + "try increasing it\",\"type\":\"invalid_request_error\"}}")).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf("llama_decode failed: prompt of 9000 tokens does not fit n_ctx = 8192"))
                .isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
    }

    @Test
    void llamaCppContextParametersOfEverySpellingAreContextOverflow() {
        // llama.cpp and the servers built on it name the window after where it is measured: the
        // slot (n_ctx_slot), the sequence (n_ctx_seq, n_ctx_per_seq), the training (n_ctx_train).
        String generic = "{\"error\":{\"code\":400,\"message\":\"%s\",\"type\":\"invalid_request_error\"}}";
        assertThat(kindOf(400, generic.formatted("the request exceeds the available context size, try increasing it"
                + " (n_prompt_tokens = 9000, n_ctx_slot = 8192)"))).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf(400, generic.formatted("prompt of 9000 tokens does not fit n_ctx_slot = 8192")))
                .as("a 400 read as its status alone is FORMAT_ERROR").isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf(400, generic.formatted("9000 tokens > n_ctx_seq (8192)"))).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf("llama_decode failed: requested tokens (9000) exceed n_ctx_per_seq (8192)"))
                .as("an exception's message, UNKNOWN without the rule, is retried").isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf("requested tokens (9437) exceed context window of n_ctx_per_seq = 8192"))
                .isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(kindOf("cannot serve the request: n_ctx_per_seq (16384) > n_ctx_train (8192)"))
                .isEqualTo(ErrorKind.CONTEXT_OVERFLOW);

        ModelFailure overflow = classifier.classify(new RuntimeException(
                "llama_decode failed: requested tokens (9000) exceed n_ctx_per_seq (8192)"));
        assertThat(FailoverPolicy.DEFAULT.decide(overflow, FailoverContext.firstAttempt(false)).action())
                .as("a request that can never fit is not sent again").isEqualTo(Action.SURFACE_ERROR);
        assertThat(kindOf("n_ctxs_loaded = 2")).as("another word that starts alike").isNotEqualTo(ErrorKind.CONTEXT_OVERFLOW);
    }

    @Test
    void aToolCallTheModelSampledBadlyIsRetriedNotSurfacedAsAMalformedRequest() {
        ModelFailure failure = classifier.classify(new ProviderHttpException(400,
                "{\"error\":{\"message\":\"Tool call validation failed: parameters for tool book did not match schema\","
                        + "\"type\":\"invalid_request_error\",\"code\":\"tool_use_failed\"}}", Map.of()));

        assertThat(failure.kind()).isEqualTo(ErrorKind.UNKNOWN);
        assertThat(FailoverPolicy.DEFAULT.decide(failure, FailoverContext.firstAttempt(true)).action())
                .isEqualTo(Action.RETRY);
    }

    @Test
    void xShouldRetryTrueRetriesWhereOnlyTheStatusLookedPermanent() {
        Map<String, List<String>> retry = Map.of("x-should-retry", List.of("true"));
        for (ProviderHttpException statusAlone : List.of(new ProviderHttpException(400, "Bad Request", retry),
                new ProviderHttpException(404, "", retry), new ProviderHttpException(413, "", retry),
                new ProviderHttpException(422, "{\"detail\":\"try once more\"}", retry))) {
            ModelFailure failure = classifier.classify(statusAlone);
            FailoverDecision decision = FailoverPolicy.DEFAULT.decide(failure, FailoverContext.firstAttempt(false));
            assertThat(decision.action()).as("HTTP %d", statusAlone.status()).isEqualTo(Action.RETRY);
            assertThat(FailoverPolicy.DEFAULT.decide(failure, new FailoverContext(4, 4, false, false, false, false)).reason())
                    .as("bounded by the attempt cap").isEqualTo(Reason.ATTEMPTS_EXHAUSTED);
        }
        ModelFailure stated = classifier.classify(new ProviderHttpException(400,
                "{\"error\":{\"code\":\"context_length_exceeded\"}}", retry));
        FailoverDecision permanent = FailoverPolicy.DEFAULT.decide(stated, FailoverContext.firstAttempt(false));
        assertThat(permanent.kind()).as("a cause the provider named stays permanent").isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
        assertThat(permanent.decidedByKind()).as("a cause the provider named stays permanent").isTrue();
        assertThat(classifier.classify(new ProviderHttpException(400, "Bad Request", Map.of())).kind())
                .as("without the header the status decides").isEqualTo(ErrorKind.FORMAT_ERROR);
    }
}
