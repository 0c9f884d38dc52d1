package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A client that writes raw lines to an MCP stdio server and reads its raw answers, for what the
 * SDK's client cannot send. A server that stops answering fails the test after a generous wait
 * instead of hanging it (the wait is a safety net, not a measurement).
 */
final class RawLines implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String END = "\u0000end";

    private final OutputStream toServer;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final ExecutorService writer = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "raw-lines-writer");
        thread.setDaemon(true);
        return thread;
    });
    private int nextId = 1;

    RawLines(OutputStream toServer, InputStream fromServer) {
        this.toServer = toServer;
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    answers.add(line);
                }
            } catch (IOException ended) {
                // The server went away: the queue says so below.
            }
            answers.add(END);
        }, "raw-lines-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Initializes the session as a client would. */
    RawLines initialize() throws Exception {
        JsonNode init = request("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}");
        assertThat(init.has("result")).as("initialize answered: %s", init).isTrue();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return this;
    }

    void send(String line) throws Exception {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Writes on a thread of its own: a server that stops reading fails the test instead of blocking it. */
    void sendBytes(byte[] bytes) throws Exception {
        Future<?> written = writer.submit(() -> {
            toServer.write(bytes);
            toServer.flush();
            return null;
        });
        try {
            written.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            written.cancel(true);
            throw new AssertionError("the server stopped reading its input", e);
        }
    }

    /** The next message the server writes; fails when none comes. */
    JsonNode next() throws Exception {
        String line = answers.poll(60, TimeUnit.SECONDS);
        assertThat(line).as("the server answered").isNotNull().isNotEqualTo(END);
        return JSON.readTree(line);
    }

    /** Sends a request with the next id and returns its answer. */
    JsonNode request(String method, String params) throws Exception {
        int id = nextId++;
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
        JsonNode response = next();
        assertThat(response.get("id").asInt()).as("answer to request %s: %s", id, response).isEqualTo(id);
        return response;
    }

    /** A {@code tools/call} of {@code tool} with these {@code params} fields besides the name. */
    JsonNode callTool(String tool, ObjectNode params) throws Exception {
        ObjectNode all = JSON.createObjectNode().put("name", tool);
        all.setAll(params);
        return request("tools/call", JSON.writeValueAsString(all)).get("result");
    }

    /** {@code ping} answers and a real tool call runs: the server is still serving. */
    void assertStillServes() throws Exception {
        JsonNode pong = request("ping", "{}");
        assertThat(pong.get("result")).as("ping answered: %s", pong).isNotNull();
        JsonNode result = callTool("effects", JSON.createObjectNode());
        assertThat(result.get("isError").asBoolean()).as("tools/call answered: %s", result).isFalse();
    }

    @Override
    public void close() throws IOException {
        writer.shutdownNow();
        toServer.close();
    }
}
