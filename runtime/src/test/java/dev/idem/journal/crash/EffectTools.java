package dev.idem.journal.crash;

import dev.idem.generated.Binding;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools the crash children run, each one request to the {@link EffectService}: {@code pay} is
 * idempotent (the service deduplicates its key), {@code sendEmail} is not (every request is an
 * effect), and neither is restart-safe.
 */
public final class EffectTools implements ToolSet {

    public static final String PAY = "pay";
    public static final String SEND_EMAIL = "sendEmail";
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

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

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(
                ToolDescriptor.builder(PAY).restartSafe(false).idempotent(true).requiredParameters("n").build(),
                ToolDescriptor.builder(SEND_EMAIL).restartSafe(false).requiredParameters("n").build());
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        JsonNode arguments = Binding.tree(parser);
        boolean idempotent = switch (toolName) {
            case PAY -> true;
            case SEND_EMAIL -> false;
            default -> throw new IllegalArgumentException("no tool " + toolName);
        };
        return context -> {
            HttpRequest request = HttpRequest.newBuilder(effect)
                    .timeout(Duration.ofSeconds(20))
                    .header("Idempotency-Key", context.idempotencyKey())
                    .header("X-Idempotent", Boolean.toString(idempotent))
                    .header("X-Owner", owner)
                    .POST(HttpRequest.BodyPublishers.ofString(arguments.toString()))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return CompletableFuture.completedFuture(MAPPER.readTree(response.body()));
        };
    }
}
