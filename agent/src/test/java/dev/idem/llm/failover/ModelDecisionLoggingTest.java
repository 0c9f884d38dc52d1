package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.idem.llm.ProviderHttpException;
import dev.idem.logging.LogCapture;
import dev.idem.retry.Sleeper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * Issue 13: the model driver logs each failed attempt's decision at INFO (retry and wait,
 * rotate, surface; outcome unknown) with its reason, and never an API key the provider echoed.
 */
class ModelDecisionLoggingTest {

    private static final String KEY = "sk-proj-ZyX987wvU654tsR321";

    @Test
    void retryRotationAndOutcomeUnknownAreLoggedAtInfoWithTheirReasons() {
        List<String> info;
        try (LogCapture logs = LogCapture.start(ModelCallDriver.class.getName(), Level.INFO)) {
            play(new ProviderHttpException(429, "{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}",
                            Map.of("retry-after-ms", List.of("1200"))),
                    new ProviderHttpException(401, "{\"error\":{\"message\":\"Unauthorized\"}}", Map.of()),
                    new SocketTimeoutException("Read timed out"));
            info = logs.messages(Level.INFO);
        }

        assertThat(info).hasSize(3);
        assertThat(info.get(0)).contains("attempt 1 (profile 1 of 2) failed with HTTP 429 RATE_LIMIT",
                "retrying in 1200 ms", "because RATE_LIMIT is transient and the server asked to wait 1200 ms");
        assertThat(info.get(1)).contains("attempt 2 (profile 1 of 2) failed with HTTP 401 AUTH",
                "rotating to profile 2", "the next provider profile may be accepted");
        assertThat(info.get(2)).contains("attempt 3 (profile 2 of 2) failed with IDLE_TIMEOUT, phase MAYBE_PROCESSED,"
                        + " on a turn with tools", "surfaced as PROVIDER_OUTCOME_UNKNOWN, not replayed",
                "the model may have asked for tool calls, so the outcome is unknown");
    }

    @Test
    void anApiKeyThatTheProviderEchoesIsRedactedInTheLog() {
        String everything;
        try (LogCapture logs = LogCapture.start("dev.idem", Level.TRACE)) {
            play(new ProviderHttpException(401, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY
                    + ". You can find your API key at https://platform.openai.com\",\"code\":\"invalid_api_key\"}}",
                    Map.of()));
            everything = logs.allText();
        }

        assertThat(everything).contains("HTTP 401 AUTH_PERMANENT", "surfaced to the caller", "[redacted]")
                .doesNotContain(KEY, "ZyX987");
    }

    /** Runs one call over two profiles whose attempts fail in turn with {@code failures}. */
    private static void play(Exception... failures) {
        Deque<Exception> script = new ArrayDeque<>(List.of(failures));
        ModelCallDriver driver = ModelCallDriver.builder().sleeper(Sleeper.recording(millis -> { })).build();
        catchThrowable(() -> driver.<String, String>call(List.of("primary", "backup"), true, profile -> {
            Exception next = script.poll();
            throw next instanceof RuntimeException failure ? failure : new UncheckedIOException((IOException) next);
        }));
    }
}
