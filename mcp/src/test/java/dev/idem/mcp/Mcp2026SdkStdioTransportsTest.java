package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Why Idem keeps its own stdio transport on SDK 2.2.0, checked again: the SDK's 2025-11-25 stdio
 * transport still stops answering after a line it cannot parse (if this test fails, the SDK fixed
 * it, and McpStdioTransport's reason is only the two revisions on one stream); the SDK's
 * 2026-07-28 transport serves one revision alone, so one stream for both needs Idem's.
 */
class Mcp2026SdkStdioTransportsTest {

    @Test
    void theSdks20251125StdioTransportStillStopsAnsweringAfterABadLine() throws Exception {
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedInputStream fromServer = new PipedInputStream(1 << 16);
        OutputStream serverOut = new PipedOutputStream(fromServer);
        McpAsyncServer server = McpServer.async(new StdioServerTransportProvider(McpJson.MAPPER, serverIn, serverOut))
                .serverInfo("sdk", "test").build();
        try {
            BufferedReader answers = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8));
            toServer.write(("{not json\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\","
                    + "\"version\":\"1\"}}}\n").getBytes(StandardCharsets.UTF_8));
            toServer.flush();
            CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return answers.readLine();
                } catch (java.io.IOException e) {
                    return null;
                }
            });
            String line;
            try {
                line = answer.get(5, TimeUnit.SECONDS);
            } catch (TimeoutException | ExecutionException e) {
                line = null;
            }

            assertThat(line).as("the SDK's transport answered after a bad line; revisit McpStdioTransport's reason")
                    .isNull();
        } finally {
            server.close();
        }
    }
}
