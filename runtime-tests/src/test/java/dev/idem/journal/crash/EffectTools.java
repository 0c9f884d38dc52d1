package dev.idem.journal.crash;

import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools the crash children run, each one request to the {@link EffectService}: {@code pay} is
 * idempotent (the service deduplicates its key), {@code sendEmail} is not (every request is an
 * effect), and neither is restart-safe. The processor generates their tool set.
 */
public class EffectTools {

    public static final String PAY = "pay";
    public static final String SEND_EMAIL = "sendEmail";
    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI effect;
    private final String owner;

    public EffectTools(int port, String owner) {
        this.effect = URI.create("http://127.0.0.1:" + port + "/effect");
        this.owner = owner;
    }

    /** The tool intent number {@code n} calls: even numbers pay, odd ones send an e-mail. */
    public static String toolFor(int n) {
        return n % 2 == 0 ? PAY : SEND_EMAIL;
    }

    /**
     * Pays; the service applies a key once.
     *
     * @param n the intent's number
     */
    @Tool(name = PAY, restartSafe = false, idempotent = true)
    public JsonNode pay(int n, ToolContext context) throws IOException, InterruptedException {
        return effect(http, effect, context.idempotencyKey(), true, owner, n);
    }

    /**
     * Sends an e-mail; every request is one more.
     *
     * @param n the intent's number
     */
    @Tool(name = SEND_EMAIL, restartSafe = false)
    public JsonNode sendEmail(int n, ToolContext context) throws IOException, InterruptedException {
        return effect(http, effect, context.idempotencyKey(), false, owner, n);
    }

    /** One request to the service's effect endpoint: what it answered. */
    static JsonNode effect(HttpClient http, URI effect, String key, boolean idempotent, String owner, int n)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(effect)
                .timeout(Duration.ofSeconds(20))
                .header("Idempotency-Key", key)
                .header("X-Idempotent", Boolean.toString(idempotent))
                .header("X-Owner", owner)
                .POST(HttpRequest.BodyPublishers.ofString("{\"n\":" + n + "}"))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        return MAPPER.readTree(response.body());
    }
}
