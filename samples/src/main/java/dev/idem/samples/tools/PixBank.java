package dev.idem.samples.tools;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A client of a Pix bank service that deduplicates transfers by {@code Idempotency-Key}, the way
 * Stripe does. Every attempt of one call sends the same key, so a retried or re-driven transfer
 * is scheduled once: that is what makes the tool both idempotent and restart-safe.
 *
 * <pre>{@code
 * ToolSet tools = PixBank_ToolSet.of(new PixBank(URI.create("http://127.0.0.1:8080"), HttpClient.newHttpClient()));
 * }</pre>
 */
public class PixBank {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * A scheduled transfer.
     *
     * @param id     the bank's transfer id
     * @param pixKey the receiver's Pix key
     * @param cents  amount in cents
     * @param date   the day it is paid
     * @param status the bank's status, e.g. scheduled
     */
    public record Receipt(String id, String pixKey, long cents, LocalDate date, String status) {}

    private final URI baseUrl;
    private final HttpClient http;

    public PixBank(URI baseUrl, HttpClient http) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
        this.http = Objects.requireNonNull(http, "http");
    }

    /**
     * Schedules a Pix transfer.
     *
     * @param key   the receiver's Pix key (e-mail, phone, CPF or random key)
     * @param cents amount in cents, at least 1
     * @param date  the day to pay, e.g. 2026-12-01
     */
    // Restart-safe: every attempt carries the call's Idempotency-Key, so the bank runs a transfer once
    // however often it is re-sent; this lets the executor retry a 503, a 429 or a lost answer.
    @Tool(idempotent = true, destructive = false, title = "Schedule a Pix transfer",
            retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 50,
                    retryOn = {ErrorType.TIMEOUT, ErrorType.CONNECTION_ERROR, ErrorType.RATE_LIMIT}),
            timeoutMs = 2000)
    public Receipt schedulePix(String key, @Param(min = 1) long cents, LocalDate date, ToolContext ctx)
            throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode();
        body.put("pixKey", key);
        body.put("cents", cents);
        body.put("date", date.toString());
        HttpRequest.Builder request = HttpRequest.newBuilder(baseUrl.resolve("/v1/transfers"))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", ctx.idempotencyKey())
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        Duration remaining = ctx.remaining();
        if (remaining != null) {
            request.timeout(remaining.isZero() ? Duration.ofMillis(1) : remaining);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException | HttpTimeoutException knownByType) {
            throw knownByType;
        } catch (IOException lost) {
            // The connection broke once the request may have been sent ("header parser received no
            // bytes", a reset): the bank may have scheduled the transfer. That is an unknown outcome,
            // like a timeout, never a plain failure; re-driving it with the same key is safe.
            throw new ToolException(ErrorType.TIMEOUT, "the bank's answer was lost (" + lost.getMessage()
                    + "): the transfer may or may not have been scheduled", lost);
        }
        int status = response.statusCode();
        if (status == 200 || status == 201) {
            JsonNode receipt = JSON.readTree(response.body());
            return new Receipt(receipt.path("id").asString(), receipt.path("pixKey").asString(),
                    receipt.path("cents").asLong(), LocalDate.parse(receipt.path("date").asString()),
                    receipt.path("status").asString());
        }
        if (status == 409) {
            // The bank is still working on this key: the outcome is unknown, re-driving with the same key is safe.
            throw new ToolException(ErrorType.TIMEOUT, "a request with this key is still being processed");
        }
        if (status == 429) {
            throw new ToolException(ErrorType.RATE_LIMIT, "the bank asked to slow down: " + errorMessage(response),
                    retryAfter(response));
        }
        if (status >= 500) {
            throw new ToolException(ErrorType.CONNECTION_ERROR, "the bank failed with HTTP " + status);
        }
        // 400 (e.g. INSUFFICIENT_FUNDS), 422 (key reused with other parameters) and anything else: final.
        throw new ToolException(ErrorType.REJECTED, errorMessage(response));
    }

    /** The bank's requested wait: {@code Retry-After-Ms} when given, else {@code Retry-After} in seconds. */
    private static Duration retryAfter(HttpResponse<String> response) {
        try {
            java.util.Optional<String> millis = response.headers().firstValue("Retry-After-Ms");
            if (millis.isPresent()) {
                return Duration.ofMillis(Long.parseLong(millis.get().trim()));
            }
            return Duration.ofSeconds(Long.parseLong(response.headers().firstValue("Retry-After").orElse("0").trim()));
        } catch (NumberFormatException notANumber) {
            return Duration.ZERO;
        }
    }

    private static String errorMessage(HttpResponse<String> response) {
        try {
            JsonNode error = JSON.readTree(response.body()).path("error");
            String code = error.path("code").asString("");
            String message = error.path("message").asString("HTTP " + response.statusCode());
            return code.isEmpty() ? message : code + ": " + message;
        } catch (RuntimeException notJson) {
            return "HTTP " + response.statusCode();
        }
    }
}
