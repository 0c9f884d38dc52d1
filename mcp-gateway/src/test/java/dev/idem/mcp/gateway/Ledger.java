package dev.idem.mcp.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service behind the test upstreams, where effects are counted: {@code POST /pay} with
 * {@code {"memo":"m-1"}} pays once per arrival, unless it carries an {@code Idempotency-Key}
 * header: then, as Stripe does, the first request with a key acts and the same key again
 * replays its answer without moving anything. Loopback only.
 */
final class Ledger implements AutoCloseable {

    static {
        // the JDK server writes an answer's headers and body apart: without TCP_NODELAY the body
        // waits for the client's delayed ACK, about 40 ms a call
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final Pattern MEMO = Pattern.compile("\"memo\"\\s*:\\s*\"([^\"]*)\"");

    private final HttpServer server;
    private final Map<String, AtomicInteger> effects = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> arrivals = new ConcurrentHashMap<>();
    private final Map<String, String> keys = new ConcurrentHashMap<>();
    private final AtomicInteger calls = new AtomicInteger();

    private Ledger() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/pay", this::pay);
        server.createContext("/call", this::call);
        server.start();
    }

    static Ledger start() throws IOException {
        return new Ledger();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/pay");
    }

    /** Payments that took effect for {@code memo}. */
    int effects(String memo) {
        AtomicInteger count = effects.get(memo);
        return count == null ? 0 : count.get();
    }

    /** Requests that arrived for {@code memo}, replayed ones included. */
    int arrivals(String memo) {
        AtomicInteger count = arrivals.get(memo);
        return count == null ? 0 : count.get();
    }

    /** The tools/call requests the upstreams received, whatever they did with them. */
    int calls() {
        return calls.get();
    }

    private void call(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        calls.incrementAndGet();
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    }

    private void pay(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Matcher memo = MEMO.matcher(body);
        String answer;
        if (!memo.find()) {
            answer = "{\"error\":\"no memo\"}";
        } else {
            String name = memo.group(1);
            arrivals.computeIfAbsent(name, m -> new AtomicInteger()).incrementAndGet();
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            String receipt = "{\"receipt\":\"r-" + name + "-" + effects(name) + "\"}";
            if (key == null) {
                effects.computeIfAbsent(name, m -> new AtomicInteger()).incrementAndGet();
                answer = receipt;
            } else {
                answer = keys.computeIfAbsent(key, k -> {
                    effects.computeIfAbsent(name, m -> new AtomicInteger()).incrementAndGet();
                    return receipt;
                });
            }
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
