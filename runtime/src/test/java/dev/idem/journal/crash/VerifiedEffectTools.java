package dev.idem.journal.crash;

import dev.idem.generated.Binding;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import dev.idem.tool.Verification;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tool the verifier crash children run: {@code sendEmail}, neither idempotent nor restart-safe
 * (every request to the {@link EffectService} is an effect), with a verifier that asks the service
 * by idempotency key ({@code GET /lookup}): APPLIED with what the effect answered, or NOT_APPLIED.
 * The verifier may be pointed at another port (nothing listens there: it cannot tell).
 */
public final class VerifiedEffectTools implements ToolSet {

    public static final String SEND_EMAIL = EffectTools.SEND_EMAIL;
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI effect;
    private final String lookup;
    private final String owner;

    public VerifiedEffectTools(int port, int lookupPort, String owner) {
        this.effect = URI.create("http://127.0.0.1:" + port + "/effect");
        this.lookup = "http://127.0.0.1:" + lookupPort + "/lookup?key=";
        this.owner = owner;
    }

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(ToolDescriptor.builder(SEND_EMAIL).restartSafe(false).idempotent(false)
                .requiredParameters("n").build());
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        if (!SEND_EMAIL.equals(toolName)) {
            throw new IllegalArgumentException("no tool " + toolName);
        }
        JsonNode arguments = Binding.tree(parser);
        return new BoundCall() {
            @Override
            public CompletionStage<JsonNode> run(ToolContext context) throws Exception {
                HttpRequest request = HttpRequest.newBuilder(effect)
                        .timeout(Duration.ofSeconds(20))
                        .header("Idempotency-Key", context.idempotencyKey())
                        .header("X-Idempotent", "false")
                        .header("X-Owner", owner)
                        .POST(HttpRequest.BodyPublishers.ofString(arguments.toString()))
                        .build();
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                return CompletableFuture.completedFuture(MAPPER.readTree(response.body()));
            }

            @Override
            public boolean verifiable() {
                return true;
            }

            @Override
            public Verification<JsonNode> verify(String idempotencyKey) throws Exception {
                HttpRequest request = HttpRequest.newBuilder(URI.create(lookup
                        + URLEncoder.encode(idempotencyKey, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(5))
                        .GET().build();
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                return switch (response.statusCode()) {
                    case 200 -> Verification.applied(MAPPER.readTree(response.body()));
                    case 404 -> Verification.notApplied();
                    default -> Verification.unknown("the service answered HTTP " + response.statusCode());
                };
            }
        };
    }
}
