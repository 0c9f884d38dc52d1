package dev.idem.samples.bank;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain {@code java.net.http} client of the bank, as a tool would use it. */
final class BankClient {
    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI transfers;

    BankClient(BankServer bank) {
        this.transfers = bank.transfersUri();
    }

    static String body(String pixKey, long cents, String date) {
        return "{\"pixKey\":\"" + pixKey + "\",\"cents\":" + cents + ",\"date\":\"" + date + "\"}";
    }

    HttpResponse<String> post(String key, String body) throws IOException, InterruptedException {
        return post(key, body, Duration.ofSeconds(5));
    }

    HttpResponse<String> post(String key, String body, Duration timeout) throws IOException, InterruptedException {
        return http.send(request(key, body, timeout), HttpResponse.BodyHandlers.ofString());
    }

    CompletableFuture<HttpResponse<String>> postAsync(String key, String body) {
        return http.sendAsync(request(key, body, Duration.ofSeconds(5)), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> response) {
        return MAPPER.readTree(response.body());
    }

    static String errorCode(HttpResponse<String> response) {
        return json(response).get("error").get("code").asString();
    }

    private HttpRequest request(String key, String body, Duration timeout) {
        HttpRequest.Builder request = HttpRequest.newBuilder(transfers)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return request.build();
    }
}
