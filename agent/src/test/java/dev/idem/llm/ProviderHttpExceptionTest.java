package dev.idem.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.llm.failover.ModelErrorClassifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderHttpExceptionTest {

    @Test
    void nullHeadersAreNoHeadersAndTheAnswerIsStillClassified() {
        ProviderHttpException noHeaders = new ProviderHttpException(429, null, null);

        assertThat(noHeaders.headers()).isEmpty();
        assertThat(noHeaders.header("retry-after")).isNull();
        assertThat(noHeaders.body()).isEmpty();
        assertThat(new ModelErrorClassifier().classify(noHeaders).kind()).isEqualTo(ErrorKind.RATE_LIMIT);
    }

    @Test
    void nullHeaderNamesValuesAndValueListsAreSkipped() {
        Map<String, List<String>> headers = new HashMap<>();
        headers.put(null, List.of("HTTP/1.1 429"));
        headers.put("x-empty", null);
        headers.put("Retry-After", new ArrayList<>(Arrays.asList(null, "3")));

        ProviderHttpException answer = new ProviderHttpException(429, "", headers);

        assertThat(answer.headers()).containsOnlyKeys("Retry-After");
        assertThat(answer.header("retry-after")).isEqualTo("3");
        assertThat(new ModelErrorClassifier().classify(answer).retryAfterMs()).hasValue(3000);
    }
}
