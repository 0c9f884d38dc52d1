package dev.idem.mcp.remote;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plain MCP server on the SDK alone, no Idem in it: the upstream the tests put Idem in front of.
 * Its tools pay through the {@link PaymentService} and report every call they get to it. Its
 * annotations claim what its tools are not: {@code transfer} says {@code idempotentHint: true} and
 * sends no key, so a client that believes it pays twice.
 *
 * <ul>
 *   <li>{@code transfer(to, cents, memo)}: pays, no key.
 *   <li>{@code charge(cents, memo, idempotency_key)}: pays deduplicated by {@code idempotency_key}.
 *   <li>{@code quote(memo)}: {@code isError} "card declined" for memo {@code declined}; "rate limit
 *       exceeded" the first time for a memo starting {@code busy-once}; else a quote.
 *   <li>{@code balance()}: read-only by its annotation.
 *   <li>{@code find_payment(memo)}: read-only; {@code {"applied": true, "result": <receipt>}} when the
 *       service paid that memo, else {@code {"applied": false}}: a verifier.
 * </ul>
 * A memo starting {@code slow-first} makes the first call with it wait two seconds before paying;
 * one starting {@code crash-after} ends the server's process right after paying; one starting
 * {@code fail-once} fails the first call with it before paying (a JSON-RPC internal error).
 * {@code main} serves over stdio for the child-process tests.
 */
final class UpstreamServer {

    static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(JsonMapper.builder().build());

    static final String TRANSFER_SCHEMA = "{\"type\":\"object\",\"properties\":{\"to\":{\"type\":\"string\",\"minLength\":3},"
            + "\"cents\":{\"type\":\"integer\",\"minimum\":1},\"memo\":{\"type\":\"string\"}},"
            + "\"required\":[\"to\",\"cents\",\"memo\"],\"additionalProperties\":false}";
    static final String CHARGE_SCHEMA = "{\"type\":\"object\",\"properties\":{\"cents\":{\"type\":\"integer\",\"minimum\":1},"
            + "\"memo\":{\"type\":\"string\"},\"idempotency_key\":{\"type\":\"string\",\"minLength\":8}},"
            + "\"required\":[\"cents\",\"memo\",\"idempotency_key\"],\"additionalProperties\":false}";

    private final URI payments;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Set<String> firstSeen = ConcurrentHashMap.newKeySet();

    private UpstreamServer(URI payments) {
        this.payments = payments;
    }

    static McpServer.SyncSpecification<?> tools(McpServer.SyncSpecification<?> spec, URI payments) {
        UpstreamServer upstream = new UpstreamServer(payments);
        return spec.serverInfo("upstream-payments", "test")
                .jsonMapper(MAPPER)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                // whatever a client sends reaches the tools and is counted: the check under test is the client's
                .validateToolInputs(false)
                .tools(upstream.tool("transfer", TRANSFER_SCHEMA, hints(false, true), upstream::transfer),
                        upstream.tool("charge", CHARGE_SCHEMA, hints(false, true), upstream::charge),
                        upstream.tool("quote", "{\"type\":\"object\",\"properties\":{\"memo\":{\"type\":\"string\"}}}",
                                hints(true, true), upstream::quote),
                        upstream.tool("balance", "{\"type\":\"object\",\"properties\":{}}", hints(true, true),
                                (exchange, request) -> text("balance: 100", false)),
                        upstream.tool("find_payment", "{\"type\":\"object\",\"properties\":{\"memo\":{\"type\":\"string\"}},"
                                + "\"required\":[\"memo\"]}", hints(true, true), upstream::findPayment));
    }

    private static McpSchema.ToolAnnotations hints(boolean readOnly, boolean idempotent) {
        return new McpSchema.ToolAnnotations(null, readOnly, false, idempotent, false, null);
    }

    private McpServerFeatures.SyncToolSpecification tool(String name, String schema, McpSchema.ToolAnnotations hints,
            java.util.function.BiFunction<McpSyncServerExchange, McpSchema.CallToolRequest, McpSchema.CallToolResult> handler) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description("test tool " + name)
                .inputSchema(MAPPER, schema).annotations(hints).build();
        return McpServerFeatures.SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            report(request);
            return handler.apply(exchange, request);
        }).build();
    }

    private McpSchema.CallToolResult transfer(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> arguments = request.arguments();
        return pay(String.valueOf(arguments.get("memo")), arguments.get("cents"), null);
    }

    private McpSchema.CallToolResult charge(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> arguments = request.arguments();
        Object key = arguments.get("idempotency_key");
        return pay(String.valueOf(arguments.get("memo")), arguments.get("cents"), key == null ? null : key.toString());
    }

    private McpSchema.CallToolResult quote(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        String memo = String.valueOf(request.arguments().get("memo"));
        if (memo.equals("declined")) {
            return text("card declined by the issuer", true);
        }
        if (memo.startsWith("busy-once") && firstSeen.add(memo)) {
            return text("rate limit exceeded, try again shortly", true);
        }
        return text("quoted " + memo, false);
    }

    private McpSchema.CallToolResult findPayment(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        ObjectNode query = PaymentService.JSON.createObjectNode().put("memo", String.valueOf(request.arguments().get("memo")));
        tools.jackson.databind.JsonNode receipt = PaymentService.JSON.readTree(post("/find", query.toString()));
        ObjectNode answer = PaymentService.JSON.createObjectNode().put("applied", receipt.has("paymentId"));
        if (receipt.has("paymentId")) {
            answer.set("result", receipt);
        }
        return McpSchema.CallToolResult.builder().addTextContent(answer.toString())
                .structuredContent(MAPPER.convertValue(answer, Map.class)).isError(false).build();
    }

    private McpSchema.CallToolResult pay(String memo, Object cents, String key) {
        if (memo.startsWith("fail-once") && firstSeen.add(memo)) {
            throw new IllegalStateException("the ledger was busy: nothing was paid");
        }
        if (memo.startsWith("slow-first") && firstSeen.add(memo)) {
            sleep(2_000);
        }
        ObjectNode body = PaymentService.JSON.createObjectNode().put("memo", memo).put("cents", String.valueOf(cents));
        if (key != null) {
            body.put("key", key);
        }
        String receipt = post("/pay", body.toString());
        if (memo.startsWith("crash-after")) {
            Runtime.getRuntime().halt(3); // paid, and the response never leaves
        }
        return McpSchema.CallToolResult.builder().addTextContent(receipt)
                .structuredContent(MAPPER.convertValue(PaymentService.JSON.readTree(receipt), Map.class)).isError(false)
                .build();
    }

    private void report(McpSchema.CallToolRequest request) {
        ObjectNode seen = PaymentService.JSON.createObjectNode().put("tool", request.name());
        seen.set("arguments", PaymentService.JSON.valueToTree(request.arguments()));
        seen.set("meta", PaymentService.JSON.valueToTree(request.meta()));
        post("/seen", seen.toString());
    }

    private String post(String path, String json) {
        try {
            return http.send(HttpRequest.newBuilder(payments.resolve(path)).POST(HttpRequest.BodyPublishers.ofString(json))
                    .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static McpSchema.CallToolResult text(String text, boolean error) {
        return McpSchema.CallToolResult.builder().addTextContent(text).isError(error).build();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Serves the tools over this process's stdio; {@code args[0]} is the payment service's address. */
    public static void main(String[] args) throws InterruptedException {
        McpSyncServer server = tools(McpServer.sync(new StdioServerTransportProvider(MAPPER)), URI.create(args[0])).build();
        Thread.currentThread().join(); // the client ends this process when it closes
        server.close();
    }
}
