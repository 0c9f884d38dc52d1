package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

/**
 * A stdio server (a child JVM, as a desktop client starts it) answers every line it cannot take
 * with the JSON-RPC error the specification prescribes and goes on serving; a closed input ends
 * the process. Raw lines, since the SDK's client never sends such things.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpStdioMalformedLinesTest {

    private Process server;
    private RawLines client;

    static Process startServer() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), PaymentsServer.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    @BeforeAll
    void startServerProcess() throws Exception {
        server = startServer();
        client = new RawLines(server.getOutputStream(), server.getInputStream()).initialize();
    }

    @AfterAll
    void stopServerProcess() throws Exception {
        client.close();
        if (!server.waitFor(30, TimeUnit.SECONDS)) {
            server.destroyForcibly();
        }
    }

    private void assertError(JsonNode answer, int code, Object id) {
        assertThat(answer.get("jsonrpc").asString()).isEqualTo("2.0");
        assertThat(answer.get("error").get("code").asInt()).as("error code of %s", answer).isEqualTo(code);
        assertThat(answer.has("id")).as("an error answer carries an id, null when unknown: %s", answer).isTrue();
        if (id == null) {
            assertThat(answer.get("id").isNull()).as("id of %s", answer).isTrue();
        } else {
            assertThat(answer.get("id").asInt()).as("id of %s", answer).isEqualTo(id);
        }
    }

    @Test
    void aLineThatIsNotJsonGetsParseErrorAndTheServerKeepsServing() throws Exception {
        client.send("hello, server");

        assertError(client.next(), -32700, null);
        client.assertStillServes();
    }

    @Test
    void truncatedJsonGetsParseErrorAndTheServerKeepsServing() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":900,\"method\":\"tools/call\",\"params\":{\"name\":\"pay\"");

        assertError(client.next(), -32700, null);
        client.assertStillServes();
    }

    @Test
    void invalidUtf8GetsParseErrorAndTheServerKeepsServing() throws Exception {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        line.writeBytes("{\"jsonrpc\":\"2.0\",\"id\":901,\"method\":\"pi".getBytes(StandardCharsets.UTF_8));
        line.writeBytes(new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF});
        line.writeBytes("ng\"}\n".getBytes(StandardCharsets.UTF_8));
        client.sendBytes(line.toByteArray());

        assertError(client.next(), -32700, null);
        client.assertStillServes();
    }

    @Test
    void aBatchArrayGetsInvalidRequestAndTheServerKeepsServing() throws Exception {
        client.send("[{\"jsonrpc\":\"2.0\",\"id\":902,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":903,\"method\":\"ping\"}]");

        assertError(client.next(), -32600, null);
        client.assertStillServes();
    }

    @Test
    void jsonThatIsNotAnObjectGetsInvalidRequestAndTheServerKeepsServing() throws Exception {
        client.send("42");

        assertError(client.next(), -32600, null);
        client.assertStillServes();
    }

    @Test
    void aRequestWithoutAMethodGetsInvalidRequestWithItsIdAndTheServerKeepsServing() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":904,\"params\":{}}");

        assertError(client.next(), -32600, 904);
        client.assertStillServes();
    }

    @Test
    void anObjectIdGetsInvalidRequestWithIdNullAndTheServerKeepsServing() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}");

        assertError(client.next(), -32600, null);
        client.assertStillServes();
    }

    @Test
    void aMessageOfAnotherJsonRpcVersionGetsInvalidRequestAndTheServerKeepsServing() throws Exception {
        client.send("{\"jsonrpc\":\"1.0\",\"id\":905,\"method\":\"ping\"}");

        assertError(client.next(), -32600, 905);
        client.assertStillServes();
    }

    @Test
    void argumentsNestedBeyondTheDepthLimitGetParseErrorAndTheServerKeepsServing() throws Exception {
        client.send(nestedCall(906, 100_000));

        assertError(client.next(), -32700, null);
        client.assertStillServes();
    }

    /** A {@code tools/call} of {@code pay} whose {@code to} is {@code depth} nested arrays. */
    static String nestedCall(int id, int depth) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"pay\",\"arguments\":{\"to\":"
                + "[".repeat(depth) + "]".repeat(depth) + ",\"cents\":1}}}";
    }

    @Test
    void closingTheInputAfterABadLineEndsTheServerProcess() throws Exception {
        Process own = startServer();
        RawLines raw = new RawLines(own.getOutputStream(), own.getInputStream()).initialize();
        raw.send("not json");

        raw.close();

        boolean ended = own.waitFor(30, TimeUnit.SECONDS);
        if (!ended) {
            own.destroyForcibly();
        }
        assertThat(ended).as("the server process ended after its input closed").isTrue();
    }
}
