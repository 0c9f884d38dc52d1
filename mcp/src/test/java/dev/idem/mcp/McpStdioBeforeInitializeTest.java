package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Before {@code initialize} a stdio server (a child JVM, as a desktop client starts it) answers
 * pings and nothing else: MCP's lifecycle lets a client send only pings before it, so any other
 * request is refused with a JSON-RPC error at once, never held and run once the session starts.
 * Raw lines, since the SDK's client never sends such things; transfers are counted at the
 * {@code pay} tool, read through {@code effects}.
 */
class McpStdioBeforeInitializeTest {

    private Process server;
    private RawLines client;

    @BeforeEach
    void startServerProcess() throws Exception {
        server = McpStdioMalformedLinesTest.startServer();
        client = new RawLines(server.getOutputStream(), server.getInputStream());
    }

    @AfterEach
    void stopServerProcess() throws Exception {
        client.close();
        if (!server.waitFor(30, TimeUnit.SECONDS)) {
            server.destroyForcibly();
        }
    }

    @Test
    void toolsCallBeforeInitializeIsRefusedAndNeverRuns() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":50,\"method\":\"tools/call\",\"params\":{\"name\":\"pay\","
                + "\"arguments\":{\"to\":\"maria@example.com\",\"cents\":100}}}");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":51,\"method\":\"tools/list\",\"params\":{}}");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":100,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

        Map<Integer, JsonNode> answers = new HashMap<>();
        for (int i = 0; i < 3; i++) {
            JsonNode answer = client.next();
            answers.put(answer.get("id").asInt(), answer);
        }
        for (int id : new int[] {50, 51}) {
            JsonNode refused = answers.get(id);
            assertThat(refused.get("error")).as("answer to %s: %s", id, refused).isNotNull();
            assertThat(refused.get("error").get("code").asInt()).isEqualTo(-32600);
            assertThat(refused.get("error").get("message").asString()).contains("initialize");
        }
        assertThat(answers.get(100).has("result")).as("initialize answered: %s", answers.get(100)).isTrue();
        assertThat(effects()).as("transfers made by the call sent before initialize").isZero();

        JsonNode paid = client.callTool("pay", RawLines.JSON.createObjectNode()
                .set("arguments", RawLines.JSON.createObjectNode().put("to", "maria@example.com").put("cents", 100)));
        assertThat(paid.get("isError").asBoolean()).as("tools/call after initialize: %s", paid).isFalse();
        assertThat(effects()).as("transfers made by the call after initialize").isEqualTo(1);
    }

    @Test
    void pingBeforeInitializeIsAnswered() throws Exception {
        JsonNode pong = client.request("ping", "{}");

        assertThat(pong.get("result")).as("ping answered before initialize: %s", pong).isNotNull();
        assertThat(pong.has("error")).isFalse();
        client.initialize().assertStillServes();
    }

    private int effects() throws Exception {
        JsonNode result = client.callTool("effects", RawLines.JSON.createObjectNode());
        return Integer.parseInt(result.get("content").get(0).get("text").asString());
    }
}
