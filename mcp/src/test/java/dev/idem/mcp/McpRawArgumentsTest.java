package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Arguments no SDK client can send but some clients do: a JSON string holding the arguments, an
 * array. They reach Idem's parser instead of failing the request, over stdio in this process.
 */
class McpRawArgumentsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Payments payments = new Payments();
    private final PipedOutputStream toServer = new PipedOutputStream();
    private final PipedInputStream fromServer = new PipedInputStream(1 << 16);
    private BufferedReader responses;
    private CompletableFuture<Void> serving;
    private int nextId = 1;

    @BeforeEach
    void serveOverPipes() throws Exception {
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        OutputStream serverOut = new PipedOutputStream(fromServer);
        responses = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8));
        serving = CompletableFuture.runAsync(() -> PaymentsServer.create(payments).serveStdio(serverIn, serverOut));
        request("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    @AfterEach
    void closeInput() throws Exception {
        toServer.close();
    }

    private void send(String line) throws Exception {
        toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
    }

    private JsonNode request(String method, String params) throws Exception {
        int id = nextId++;
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
        JsonNode response = JSON.readTree(responses.readLine());
        assertThat(response.get("id").asInt()).isEqualTo(id);
        return response;
    }

    private JsonNode callPay(String arguments) throws Exception {
        return request("tools/call", "{\"name\":\"pay\",\"arguments\":" + arguments + "}").get("result");
    }

    @Test
    void truncatedArgumentTextIsMalformedAndTheToolIsNotExecuted() throws Exception {
        JsonNode result = callPay("\"{\\\"to\\\":\\\"ana@example.com\\\",\\\"cents\\\":\"");

        assertThat(result.get("isError").asBoolean()).isTrue();
        assertThat(result.get("_meta").get("dev.idem/errorType").asString()).isEqualTo("MALFORMED_ARGUMENTS");
        assertThat(result.get("content").get(0).get("text").asString())
                .contains("NOT executed").contains("complete, valid JSON");
        assertThat(payments.effects()).isZero();
    }

    @Test
    void argumentsThatAreNotAnObjectAreMalformed() throws Exception {
        JsonNode result = callPay("[\"ana@example.com\", 100]");

        assertThat(result.get("_meta").get("dev.idem/errorType").asString()).isEqualTo("MALFORMED_ARGUMENTS");
        assertThat(payments.effects()).isZero();
    }

    @Test
    void completeArgumentTextSentAsAStringRuns() throws Exception {
        JsonNode result = callPay("\"{\\\"to\\\":\\\"ana@example.com\\\",\\\"cents\\\":100}\"");

        assertThat(result.get("isError").asBoolean()).isFalse();
        assertThat(result.get("structuredContent").get("cents").asLong()).isEqualTo(100);
        assertThat(payments.effects()).isEqualTo(1);
    }

    @Test
    void argumentTextCarriedInMetaIsNeverTheArguments() throws Exception {
        JsonNode result = request("tools/call", "{\"name\":\"pay\",\"_meta\":{\"dev.idem/rawArguments\":"
                + "\"{\\\"to\\\":\\\"ana@example.com\\\",\\\"cents\\\":100}\"}}").get("result");

        assertThat(result.get("isError").asBoolean()).isTrue();
        assertThat(result.get("_meta").get("dev.idem/errorType").asString()).isEqualTo("INVALID_ARGUMENTS");
        assertThat(result.get("content").get(0).get("text").asString()).contains("NOT executed").contains("'to'");
        assertThat(payments.effects()).isZero();
    }

    @Test
    void servingReturnsWhenTheClientClosesTheInput() throws Exception {
        toServer.close();

        serving.get(10, TimeUnit.SECONDS);
        assertThat(serving).isCompleted();
    }
}
