package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The contract over Streamable HTTP on loopback, and what only HTTP has: the Origin check. */
class McpHttpTest extends McpServerContract {

    private McpHttpServer http;
    private McpSyncClient client;

    @BeforeAll
    void startServer() {
        http = McpHttpServer.start(PaymentsServer.create(new Payments()), 0);
        client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
                        .endpoint(McpHttpServer.ENDPOINT)
                        .jsonMapper(McpJson.MAPPER)
                        .build())
                .requestTimeout(Duration.ofSeconds(30))
                .build();
        client.initialize();
    }

    @AfterAll
    void stopServer() {
        client.closeGracefully();
        http.close();
    }

    @Override
    McpSyncClient client() {
        return client;
    }

    @Test
    void aWebPageOnAnotherOriginIsRefused() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"page\",\"version\":\"1\"}}}"))
                .build();

        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(403);
    }

    @Test
    void malformedArgumentTextOverHttpIsAMalformedResultNotAServerError() throws Exception {
        HttpClient raw = HttpClient.newHttpClient();
        HttpResponse<String> init = raw.send(post(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}"),
                HttpResponse.BodyHandlers.ofString());
        String session = init.headers().firstValue("mcp-session-id").orElseThrow();
        raw.send(post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"), HttpResponse.BodyHandlers.ofString());

        HttpResponse<String> call = raw.send(post(session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"pay\",\"arguments\":\"{\\\"to\\\":\"}}"), HttpResponse.BodyHandlers.ofString());

        assertThat(call.statusCode()).isEqualTo(200);
        assertThat(call.body()).contains("MALFORMED_ARGUMENTS").contains("NOT executed").contains("\"isError\":true");
    }

    @Test
    void everyMalformedMessageLeavesTheServerServing() throws Exception {
        HttpClient raw = HttpClient.newHttpClient();
        HttpResponse<String> init = raw.send(post(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}"),
                HttpResponse.BodyHandlers.ofString());
        String session = init.headers().firstValue("mcp-session-id").orElseThrow();
        raw.send(post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"), HttpResponse.BodyHandlers.ofString());
        byte[] invalidUtf8 = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"pi\u00ffng\"}".getBytes(StandardCharsets.ISO_8859_1);
        List<byte[]> malformed = List.of(
                bytes("hello, server"),
                bytes("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"pay\""),
                invalidUtf8,
                bytes("[{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}]"),
                bytes("42"),
                bytes("{\"jsonrpc\":\"2.0\",\"id\":5,\"params\":{}}"),
                bytes("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}"),
                bytes(McpStdioMalformedLinesTest.nestedCall(6, 100_000)));
        int id = 100;

        for (byte[] body : malformed) {
            raw.send(post(session, HttpRequest.BodyPublishers.ofByteArray(body)), HttpResponse.BodyHandlers.ofString());

            HttpResponse<String> ping = raw.send(post(session, "{\"jsonrpc\":\"2.0\",\"id\":" + ++id + ",\"method\":\"ping\"}"),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> call = raw.send(post(session, "{\"jsonrpc\":\"2.0\",\"id\":" + ++id + ",\"method\":\"tools/call\","
                    + "\"params\":{\"name\":\"effects\",\"arguments\":{}}}"), HttpResponse.BodyHandlers.ofString());
            assertThat(ping.statusCode()).as("ping after %s", new String(body, StandardCharsets.ISO_8859_1)).isEqualTo(200);
            assertThat(ping.body()).contains("\"result\"");
            assertThat(call.statusCode()).isEqualTo(200);
            assertThat(call.body()).contains("\"isError\":false");
        }
    }

    @Test
    void toolsCallBeforeInitializeIsRefusedAndNeverRuns() throws Exception {
        int before = effects();

        HttpResponse<String> call = HttpClient.newHttpClient().send(post(null, "{\"jsonrpc\":\"2.0\",\"id\":50,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"pay\",\"arguments\":{\"to\":\"before-init@example.com\","
                + "\"cents\":100}}}"), HttpResponse.BodyHandlers.ofString());

        // Streamable HTTP: a session exists only once initialize made it, and the SDK's transport
        // refuses any other request without its id.
        assertThat(call.statusCode()).as(call.body()).isEqualTo(400);
        assertThat(call.body()).contains("Session ID required");
        assertThat(effects()).as("transfers made by the call sent before initialize").isEqualTo(before);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private HttpRequest post(String session, String body) {
        return post(session, HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpRequest post(String session, HttpRequest.BodyPublisher body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(body);
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
        }
        return request.build();
    }

    @Test
    void endpointIsOnLoopback() {
        assertThat(http.endpoint().getHost()).isEqualTo("127.0.0.1");
        assertThat(http.endpoint().getPath()).isEqualTo("/mcp");
    }
}
