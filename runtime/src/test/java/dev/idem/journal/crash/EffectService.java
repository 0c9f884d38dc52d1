package dev.idem.journal.crash;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * A loopback service that counts what really happened, per idempotency key. A request marked
 * idempotent is deduplicated by its key like Stripe does (the second one replays the first
 * answer, no new effect); any other request is an effect every time it arrives, like an e-mail or
 * a plain insert. A test may hook each arrival to SIGKILL the sender right before or right after
 * the effect, the two moments a crash is most expensive.
 */
public final class EffectService implements AutoCloseable {

    /** Where a request is when the hook runs. */
    public enum Moment {
        /** Arrived, nothing done yet: the sender's claim is on disk, the effect is not. */
        BEFORE_EFFECT,
        /** The effect happened; the sender has not heard the answer, let alone recorded it. */
        AFTER_EFFECT
    }

    /** One arrival that got past the first moment: who sent it, when (nanoTime), whether it made an effect. */
    public record Arrival(String owner, long atNanos, boolean effect) {}

    private final HttpServer server;
    private final Map<String, List<Arrival>> arrivals = new ConcurrentHashMap<>();
    private volatile Hook hook = (key, owner, moment) -> true;

    /** Called on each arrival, at each moment; returns false to drop the request there (its sender is gone). */
    @FunctionalInterface
    public interface Hook {
        boolean at(String key, String owner, Moment moment);
    }

    public EffectService() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/effect", this::handle);
        server.createContext("/lookup", this::lookup);
        server.setExecutor(Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "effect-service");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public void hook(Hook value) {
        hook = value;
    }

    /** Every arrival so far, per key. */
    public Map<String, List<Arrival>> arrivals() {
        Map<String, List<Arrival>> copy = new ConcurrentHashMap<>();
        arrivals.forEach((key, list) -> {
            synchronized (list) {
                copy.put(key, List.copyOf(list));
            }
        });
        return copy;
    }

    /** Arrivals so far, all keys together. */
    public long arrivalCount() {
        return arrivals().values().stream().mapToLong(List::size).sum();
    }

    /** Effects of one key. */
    public long effects(String key) {
        return arrivals().getOrDefault(key, List.of()).stream().filter(Arrival::effect).count();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            String owner = exchange.getRequestHeaders().getFirst("X-Owner");
            boolean idempotent = "true".equals(exchange.getRequestHeaders().getFirst("X-Idempotent"));
            exchange.getRequestBody().readAllBytes();
            if (!hook.at(key, owner, Moment.BEFORE_EFFECT)) {
                return;
            }
            List<Arrival> list = arrivals.computeIfAbsent(key, k -> new ArrayList<>());
            boolean effect;
            synchronized (list) {
                effect = !idempotent || list.stream().noneMatch(Arrival::effect);
                list.add(new Arrival(owner, System.nanoTime(), effect));
            }
            if (!hook.at(key, owner, Moment.AFTER_EFFECT)) {
                return;
            }
            byte[] body = ("{\"key\":\"" + key + "\",\"replayed\":" + !effect + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** GET /lookup?key=K: 200 with what the effect answered when key K has an effect, else 404 (what a verifier asks). */
    private void lookup(HttpExchange exchange) throws IOException {
        try (exchange) {
            String query = exchange.getRequestURI().getQuery();
            String key = query == null ? "" : query.substring(query.indexOf('=') + 1);
            if (effects(key) == 0) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = ("{\"key\":\"" + key + "\",\"replayed\":false}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** Runs {@code action} for every key with more effects than one: the failures of this whole exercise. */
    public void forEachDuplicate(Consumer<String> action) {
        arrivals().forEach((key, list) -> {
            if (list.stream().filter(Arrival::effect).count() > 1) {
                action.accept(key);
            }
        });
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
