package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.call.ToolArguments;
import dev.idem.journal.crash.EffectService;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A transfer service on loopback that applies each key's first transfer {@code delayMs} after it
 * arrived, as a slow bank does after its client gave up waiting; a verifier that looks a key up
 * finds nothing meanwhile. Effects are counted at the service.
 */
final class LateBank implements AutoCloseable {

    private final EffectService service;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    LateBank(long delayMs) throws IOException {
        service = new EffectService();
        service.hook((key, owner, moment) -> {
            if (moment == EffectService.Moment.BEFORE_EFFECT && service.effects(key) == 0) {
                try {
                    Thread.sleep(delayMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return true;
        });
    }

    /** The tool's body: posts the transfer under the call's idempotency key and waits for the answer. */
    JsonNode transfer(ToolContext context) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + service.port() + "/effect"))
                .header("Idempotency-Key", context.idempotencyKey()).header("X-Owner", "test")
                .POST(HttpRequest.BodyPublishers.ofString("{\"cents\":100}")).build(), HttpResponse.BodyHandlers.ofString());
        return ToolArguments.MAPPER.readTree(response.body());
    }

    /**
     * The same body, waiting for the answer in a way an interrupt does not cut short (as a blocking
     * socket read does): abandoned at its timeout, it runs on until the bank answers.
     */
    JsonNode transferPastInterrupts(ToolContext context) {
        HttpResponse<String> response = http.sendAsync(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + service.port() + "/effect"))
                .header("Idempotency-Key", context.idempotencyKey()).header("X-Owner", "test")
                .POST(HttpRequest.BodyPublishers.ofString("{\"cents\":100}")).build(),
                HttpResponse.BodyHandlers.ofString()).join();
        return ToolArguments.MAPPER.readTree(response.body());
    }

    /** The tool's verifier: the transfer made with this key, or none. */
    Verification<JsonNode> lookUp(String key) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + service.port() + "/lookup?key=" + URLEncoder.encode(key, StandardCharsets.UTF_8))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return switch (response.statusCode()) {
            case 200 -> Verification.applied(ToolArguments.MAPPER.readTree(response.body()));
            case 404 -> Verification.notApplied();
            default -> Verification.unknown("the bank answered " + response.statusCode());
        };
    }

    long effects(String key) {
        return service.effects(key);
    }

    /** Waits until {@code key} has {@code count} effects (the late transfer landed). */
    void awaitEffects(String key, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (service.effects(key) < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(service.effects(key)).as("effects of " + key).isEqualTo(count);
    }

    @Override
    public void close() {
        service.close();
    }
}
