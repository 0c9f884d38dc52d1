package dev.idem.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Secrets never reach a log: the shapes providers and HTTP clients put them in. */
class RedactionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Authorization: Bearer abcdefgh12345678                              | Authorization: [redacted]",
        "authorization=Basic dXNlcjpwYXNz                                     | authorization=[redacted]",
        "Incorrect API key provided: sk-proj-abc123def456. See the docs       | Incorrect API key provided: [redacted] See the docs",
        "{\"apiKey\":\"s3cr3t-value\",\"city\":\"Lisbon\"}                     | {\"apiKey\":\"[redacted]\",\"city\":\"Lisbon\"}",
        "{\"password\": \"pa\\\"ss\"}                                           | {\"password\": \"[redacted]\"}",
        "GET /v1/models?key=AIzaSyA1234567890abcdefghijklmnop&alt=json          | GET /v1/models?key=[redacted]&alt=json",
        "failed with key AIzaSyA1234567890abcdefghijklmnop                       | failed with key [redacted]",
        "x-api-key: sk-ant-api03-abcdefghijkl                                   | x-api-key: [redacted]",
        "token ghp_abcdefghijklmnopqrstuvwxyz0123 expired                       | token [redacted] expired",
        "HTTP 429 (rate_limit_exceeded): try again in 300ms, 6090 tokens used   | HTTP 429 (rate_limit_exceeded): try again in 300ms, 6090 tokens used",
    })
    void knownSecretShapesAreMaskedAndOrdinaryTextIsLeftAlone(String text, String expected) {
        assertThat(Redaction.redact(text.strip())).isEqualTo(expected.strip());
    }
}
