package dev.idem.journal.crash;

import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The tool the verifier crash children run: {@code sendEmail}, neither idempotent nor restart-safe
 * (every request to the {@link EffectService} is an effect), with a verifier that asks the service
 * by idempotency key ({@code GET /lookup}): APPLIED with what the effect answered, or NOT_APPLIED.
 * The verifier may be pointed at another port (nothing listens there: it cannot tell). The
 * processor generates its tool set.
 */
public class VerifiedEffectTools {

    public static final String SEND_EMAIL = EffectTools.SEND_EMAIL;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI effect;
    private final String lookup;
    private final String owner;

    public VerifiedEffectTools(int port, int lookupPort, String owner) {
        this.effect = URI.create("http://127.0.0.1:" + port + "/effect");
        this.lookup = "http://127.0.0.1:" + lookupPort + "/lookup?key=";
        this.owner = owner;
    }

    /**
     * Sends an e-mail; every request is one more.
     *
     * @param n the intent's number
     */
    @Tool(name = SEND_EMAIL, restartSafe = false, idempotent = false, verifier = "findEmail")
    public JsonNode sendEmail(int n, ToolContext context) throws IOException, InterruptedException {
        return EffectTools.effect(http, effect, context.idempotencyKey(), false, owner, n);
    }

    Verification<JsonNode> findEmail(String key) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(lookup + URLEncoder.encode(key, StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(5)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        return switch (response.statusCode()) {
            case 200 -> Verification.applied(EffectTools.MAPPER.readTree(response.body()));
            case 404 -> Verification.notApplied();
            default -> Verification.unknown("the service answered HTTP " + response.statusCode());
        };
    }
}
