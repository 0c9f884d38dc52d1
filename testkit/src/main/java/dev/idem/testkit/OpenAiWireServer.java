package dev.idem.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves any {@link ChatModel} on loopback in the real Chat Completions wire format, so that a
 * demo on the scripted model runs through the real HTTP client ({@code OpenAiChatModel}) end to
 * end. Accepts {@code POST <anything>/chat/completions}; answers non-streamed or as server-sent
 * events (text in pieces, each tool call's arguments split across several chunks).
 *
 * <p>A failure of the model is played as the fault it stands for:
 * <ul>
 *   <li>{@link ProviderHttpException}: that status, body and headers;</li>
 *   <li>{@link HttpTimeoutException} (also inside an {@link UncheckedIOException}): no answer at
 *       all; the exchange is held until the client gives up or the hold limit passes, so the
 *       client meets a real read timeout after sending;</li>
 *   <li>another {@link IOException}: the connection is dropped without an answer;</li>
 *   <li>{@link ProviderResponseException} of kind {@code EMPTY_RESPONSE}: 200 without choices;
 *       of kind {@code FORMAT_ERROR}: 200 with a body that is not JSON; of any other kind:
 *       200, then the body is cut off (a stream ends without {@code [DONE]});</li>
 *   <li>anything else: 500 with an OpenAI-shaped error body.</li>
 * </ul>
 *
 * <pre>{@code
 * try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
 *     ChatModel client = OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("scripted").build();
 *     ChatResponse answer = client.chat(request);
 * }
 * }</pre>
 */
public final class OpenAiWireServer implements AutoCloseable {

    /** How long a simulated timeout holds an exchange by default. */
    public static final Duration DEFAULT_HOLD_LIMIT = Duration.ofSeconds(30);

    private static final Logger LOG = LoggerFactory.getLogger(OpenAiWireServer.class);
    private static final Set<String> HOP_BY_HOP = Set.of("content-length", "transfer-encoding", "connection", "date");

    private final ChatModel model;
    private final Duration holdLimit;
    private final HttpServer server;
    private final ExecutorService handlers;
    private final AtomicLong responses = new AtomicLong();

    private OpenAiWireServer(ChatModel model, Duration holdLimit) throws IOException {
        this.model = Objects.requireNonNull(model, "model");
        this.holdLimit = Objects.requireNonNull(holdLimit, "holdLimit");
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        // One thread per exchange: a held (simulated timeout) exchange must not block the next one.
        this.handlers = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "idem-testkit-wire-server");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
        server.start();
    }

    /**
     * Starts serving {@code model} on 127.0.0.1 on a free port.
     *
     * @param model the model whose answers are served
     * @return the running server; close it to stop
     */
    public static OpenAiWireServer start(ChatModel model) {
        return start(model, DEFAULT_HOLD_LIMIT);
    }

    /**
     * Starts serving {@code model}; a simulated timeout holds its exchange for at most {@code holdLimit}.
     *
     * @param model the model whose answers are served
     * @param holdLimit the longest a simulated timeout holds an exchange
     * @return the running server; close it to stop
     */
    public static OpenAiWireServer start(ChatModel model, Duration holdLimit) {
        try {
            return new OpenAiWireServer(model, holdLimit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a loopback port", e);
        }
    }

    /**
     * The API root to give a client, e.g. {@code http://127.0.0.1:50123/v1}.
     *
     * @return the API root URL
     */
    public String baseUrl() {
        return "http://127.0.0.1:" + port() + "/v1";
    }

    /**
     * The port served.
     *
     * @return the port number
     */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops serving; exchanges held open are dropped. */
    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!"POST".equals(exchange.getRequestMethod()) || !path.endsWith("/chat/completions")) {
                sendJson(exchange, 404, ServerWireFormat.errorBody("no route " + exchange.getRequestMethod() + " " + path,
                        "invalid_request_error").toString());
                return;
            }
            ServerWireFormat.WireRequest request;
            try {
                request = ServerWireFormat.parseRequest(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            } catch (JacksonException | IllegalArgumentException | NullPointerException e) {
                sendJson(exchange, 400, ServerWireFormat.errorBody("invalid request: " + e.getMessage(), "invalid_request_error").toString());
                return;
            }
            ChatResponse response;
            try {
                response = model.chat(request.request());
            } catch (RuntimeException | AssertionError e) {
                playFailure(exchange, e, request.stream());
                return;
            }
            String id = "chatcmpl-idem-" + responses.incrementAndGet();
            long created = System.currentTimeMillis() / 1000;
            if (request.stream()) {
                sendEvents(exchange, ServerWireFormat.streamChunks(response, id, created), true);
            } else {
                sendJson(exchange, 200, ServerWireFormat.responseBody(response, id, created).toString());
            }
        }
    }

    private void playFailure(HttpExchange exchange, Throwable failure, boolean stream) throws IOException {
        Throwable cause = failure instanceof UncheckedIOException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof ProviderHttpException http) {
            http.headers().forEach((name, values) -> {
                if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                    exchange.getResponseHeaders().put(name, List.copyOf(values));
                }
            });
            if (!exchange.getResponseHeaders().containsKey("Content-Type")) {
                exchange.getResponseHeaders().set("Content-Type", "application/json");
            }
            send(exchange, http.status(), http.body());
        } else if (cause instanceof HttpTimeoutException) {
            hold();
            // Closing without a status line drops the connection.
        } else if (cause instanceof IOException) {
            LOG.debug("dropping the connection to play {}", cause.toString());
        } else if (cause instanceof ProviderResponseException unusable) {
            playUnusable(exchange, unusable, stream);
        } else {
            LOG.warn("the served model failed; answering 500", failure);
            sendJson(exchange, 500, ServerWireFormat.errorBody(String.valueOf(failure), "server_error").toString());
        }
    }

    private void playUnusable(HttpExchange exchange, ProviderResponseException failure, boolean stream) throws IOException {
        String id = "chatcmpl-idem-" + responses.incrementAndGet();
        long created = System.currentTimeMillis() / 1000;
        if (failure.kind() == ErrorKind.EMPTY_RESPONSE) {
            ObjectNode empty = ServerWireFormat.JSON.createObjectNode().put("id", id).put("object", "chat.completion");
            empty.putArray("choices");
            if (stream) {
                sendEvents(exchange, List.of(empty), true);
            } else {
                sendJson(exchange, 200, empty.toString());
            }
        } else if (failure.kind() == ErrorKind.FORMAT_ERROR) {
            String garbage = "{\"id\":\"" + id + "\",\"choices\":[{\"message\":";
            if (stream) {
                exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
                send(exchange, 200, "data: " + garbage + "\n\ndata: [DONE]\n\n");
            } else {
                sendJson(exchange, 200, garbage);
            }
        } else if (stream) {
            ObjectNode opening = ServerWireFormat.JSON.createObjectNode().put("id", id).put("object", "chat.completion.chunk");
            opening.putArray("choices").addObject().put("index", 0).putObject("delta").put("role", "assistant");
            sendEvents(exchange, List.of(opening), false);
        } else {
            // Promise more bytes than are sent: the client reads a status line and then a cut body.
            byte[] body = "{\"id\":\"".concat(id).concat("\",\"choices\":[").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length + 64L);
            OutputStream out = exchange.getResponseBody();
            out.write(body);
            out.flush();
            exchange.close(); // fewer bytes than promised: the connection is dropped, exactly the cut simulated
        }
    }

    private void hold() {
        try {
            Thread.sleep(holdLimit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closing the server ends the hold
        }
    }

    private static void sendEvents(HttpExchange exchange, List<ObjectNode> chunks, boolean complete) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        for (ObjectNode chunk : chunks) {
            out.write(("data: " + chunk + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        if (complete) {
            out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
    }

    private static void sendJson(HttpExchange exchange, int status, String body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        send(exchange, status, body);
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }
}
