package dev.idem.mcp.remote;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A payment service on loopback behind the upstream MCP server: {@code POST /pay} moves money and
 * counts the effects per memo; a request with a {@code key} is deduplicated by it, as Stripe does
 * with {@code Idempotency-Key}; a request without one is always a new payment. It also records
 * every tool call the upstream server reports ({@code POST /seen}), with the {@code _meta} it got,
 * so the test counts what reached the upstream whether it runs in this JVM or as a child process.
 */
final class PaymentService implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();

    /** One tool call the upstream server received. */
    record Seen(String tool, JsonNode arguments, JsonNode meta) {}

    private final HttpServer server;
    private final Map<String, AtomicInteger> effectsByMemo = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requestsByMemo = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> paymentsByKey = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> paymentsByMemo = new ConcurrentHashMap<>();
    private final AtomicInteger payments = new AtomicInteger();
    final List<Seen> seen = new CopyOnWriteArrayList<>();

    PaymentService() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/pay", this::pay);
        server.createContext("/seen", this::seen);
        server.createContext("/find", this::find);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    int effects(String memo) {
        AtomicInteger count = effectsByMemo.get(memo);
        return count == null ? 0 : count.get();
    }

    /** How many {@code POST /pay} requests with {@code memo} were handled, deduplicated or not. */
    int payRequests(String memo) {
        AtomicInteger count = requestsByMemo.get(memo);
        return count == null ? 0 : count.get();
    }

    /** Forgets every payment and call: the next case starts from an empty ledger on the same address. */
    void clear() {
        effectsByMemo.clear();
        requestsByMemo.clear();
        paymentsByKey.clear();
        paymentsByMemo.clear();
        seen.clear();
    }

    /** How many tool calls of {@code tool} reached the upstream server. */
    long calls(String tool) {
        return seen.stream().filter(call -> call.tool().equals(tool)).count();
    }

    private void pay(HttpExchange exchange) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        String memo = body.path("memo").asString();
        String key = body.path("key").isString() ? body.path("key").asString() : null;
        JsonNode receipt = key == null ? receipt(memo, body) : paymentsByKey.computeIfAbsent(key, k -> receipt(memo, body));
        requestsByMemo.computeIfAbsent(memo, m -> new AtomicInteger()).incrementAndGet(); // counted once handled
        answer(exchange, receipt.toString());
    }

    private JsonNode receipt(String memo, JsonNode body) {
        effectsByMemo.computeIfAbsent(memo, m -> new AtomicInteger()).incrementAndGet();
        ObjectNode receipt = JSON.createObjectNode();
        receipt.put("paymentId", "pay_" + payments.incrementAndGet());
        receipt.put("memo", memo);
        receipt.put("cents", body.path("cents").asLong());
        paymentsByMemo.put(memo, receipt);
        return receipt;
    }

    /** {@code POST /find} {@code {"memo"}}: the receipt of that memo's payment, or {@code {}}. */
    private void find(HttpExchange exchange) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        JsonNode receipt = paymentsByMemo.get(body.path("memo").asString());
        answer(exchange, receipt == null ? "{}" : receipt.toString());
    }

    private void seen(HttpExchange exchange) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        seen.add(new Seen(body.path("tool").asString(), body.path("arguments"), body.path("meta")));
        answer(exchange, "{}");
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        try (exchange) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
