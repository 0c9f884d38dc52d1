package dev.idem.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract over stdio: the SDK's client starts the server as a child JVM, as a desktop client would. */
class McpStdioTest extends McpServerContract {

    private McpSyncClient client;

    @BeforeAll
    void startServerProcess() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerParameters server = ServerParameters.builder(java)
                .args("-cp", System.getProperty("java.class.path"), PaymentsServer.class.getName())
                .build();
        client = McpClient.sync(new StdioClientTransport(server, McpJson.MAPPER))
                .requestTimeout(Duration.ofSeconds(30))
                .build();
        client.initialize();
    }

    @AfterAll
    void stopServerProcess() {
        client.closeGracefully();
    }

    @Override
    McpSyncClient client() {
        return client;
    }
}
