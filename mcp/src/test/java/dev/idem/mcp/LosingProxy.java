package dev.idem.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A load balancer on loopback in front of one or more MCP endpoints: it forwards each POST to the
 * next backend in turn, and can lose responses: the request reaches the server, the server
 * answers (the tool ran), and the proxy drops the connection instead of passing the answer on,
 * as a broken stream does.
 */
public final class LosingProxy implements AutoCloseable {

    private final HttpServer server;
    private final List<URI> backends;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger toLose = new AtomicInteger();
    private final HttpClient client = HttpClient.newHttpClient();
    /** How many tools/call requests were forwarded. */
    public final AtomicInteger toolCalls = new AtomicInteger();
    /** The backend of every request forwarded, in order. */
    public final List<URI> served = new CopyOnWriteArrayList<>();

    /** A proxy on loopback in front of {@code backends}, in turn. */
    public LosingProxy(List<URI> backends) throws IOException {
        this.backends = List.copyOf(backends);
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    /** The proxy's MCP endpoint. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + McpHttpServer.ENDPOINT);
    }

    /** The next {@code count} responses to tool calls are lost after the server answered them. */
    public void loseNextToolCallResponses(int count) {
        toLose.set(count);
    }

    private void forward(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            URI backend = backends.get(Math.floorMod(next.getAndIncrement(), backends.size()));
            served.add(backend);
            HttpRequest.Builder request = HttpRequest.newBuilder(backend)
                    .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
            for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
                String name = header.getKey();
                if (!List.of("host", "content-length", "connection", "upgrade", "expect").contains(name.toLowerCase())) {
                    header.getValue().forEach(value -> request.header(name, value));
                }
            }
            HttpResponse<byte[]> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            boolean toolCall = new String(body, java.nio.charset.StandardCharsets.UTF_8).contains("\"tools/call\"");
            if (toolCall) {
                toolCalls.incrementAndGet();
            }
            if (toolCall && toLose.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                // the server answered; the client gets a broken stream instead
                exchange.sendResponseHeaders(200, response.body().length + 1_000L);
                exchange.getResponseBody().write(response.body(), 0, Math.min(5, response.body().length));
                exchange.getResponseBody().flush();
                throw new IOException("response lost on purpose");
            }
            response.headers().map().forEach((name, values) -> {
                if (!List.of("content-length", "transfer-encoding", "connection", ":status").contains(name.toLowerCase())) {
                    values.forEach(value -> exchange.getResponseHeaders().add(name, value));
                }
            });
            exchange.sendResponseHeaders(response.statusCode(), response.body().length == 0 ? -1 : response.body().length);
            if (response.body().length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(response.body());
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
