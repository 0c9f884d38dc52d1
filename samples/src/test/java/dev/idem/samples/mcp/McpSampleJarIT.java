package dev.idem.samples.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code java -jar samples/target/idem-samples-mcp.jar}, as the README tells a desktop MCP client to start it. */
class McpSampleJarIT {
    private static final Path JAR = Path.of("target", "idem-samples-mcp.jar");
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private static McpSchema.CallToolResult pix(McpSyncClient client, String intentId) {
        return client.callTool(McpSchema.CallToolRequest.builder("schedulePix")
                .arguments(Map.of("key", "maria@example.com", "cents", 15_000, "date", "2026-12-01"))
                .meta(Map.of("dev.idem/intentId", intentId))
                .build());
    }

    private static void assertServesTheSampleTools(McpSyncClient client) {
        List<String> names = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
        assertThat(names).containsExactlyInAnyOrder("searchFlights", "bookFlight", "forecast", "schedulePix");

        McpSchema.CallToolResult first = pix(client, "ticket-1");
        McpSchema.CallToolResult again = pix(client, "ticket-1");
        assertThat(first.isError()).isFalse();
        assertThat(again.structuredContent()).as("the bank replays the same key's transfer").isEqualTo(first.structuredContent());
    }

    @Test
    void jarSpeaksMcpOverStdio() {
        assertThat(JAR).exists();
        ServerParameters server = ServerParameters.builder(JAVA).args("-jar", JAR.toString()).build();
        McpSyncClient client = McpClient.sync(new StdioClientTransport(server, McpJsonDefaults.getMapper()))
                .requestTimeout(Duration.ofSeconds(30)).build();
        try {
            client.initialize();
            assertThat(client.getServerInfo().name()).isEqualTo("idem-samples");
            assertServesTheSampleTools(client);
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void jarServesStreamableHttpOnLoopbackWithHttpPort() throws Exception {
        Process process = new ProcessBuilder(JAVA, "-jar", JAR.toString(), "--http", "0").start();
        try {
            URI endpoint = announcedEndpoint(process);
            assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
            McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
                            .builder("http://127.0.0.1:" + endpoint.getPort()).endpoint(endpoint.getPath()).build())
                    .requestTimeout(Duration.ofSeconds(30)).build();
            try {
                client.initialize();
                assertServesTheSampleTools(client);
            } finally {
                client.closeGracefully();
            }
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The endpoint the server prints on standard error once it listens; fails with what it printed instead. */
    private static URI announcedEndpoint(Process process) throws Exception {
        Pattern announced = Pattern.compile("MCP \\(Streamable HTTP\\) at (http://\\S+/mcp)");
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        // Read on a daemon thread (and keep draining), so a silent or chatty server never blocks the test.
        Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8)).lines().forEach(lines::add));
        reader.setDaemon(true);
        reader.start();
        StringBuilder printed = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(200, TimeUnit.MILLISECONDS);
            if (line != null) {
                printed.append(line).append('\n');
                Matcher matcher = announced.matcher(line);
                if (matcher.find()) {
                    return URI.create(matcher.group(1));
                }
            } else if (!process.isAlive() && lines.isEmpty()) {
                break;
            }
        }
        throw new AssertionError("no endpoint announced (jar exists: " + Files.exists(JAR) + "); it printed:\n" + printed);
    }
}
