package dev.idem.harm;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * An MCP server as the MCP Java SDK's documentation builds one: {@code McpServer.sync} over the
 * Streamable HTTP servlet transport in an embedded Tomcat, with one tool whose handler calls the
 * shared payment body and returns its receipt as text. A failure of the body is left to the SDK.
 *
 * <pre>{@code
 * McpServer.sync(transport).serverInfo("payments", "1.0")
 *         .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
 *         .toolCall(tool, (exchange, request) -> McpSchema.CallToolResult.builder()
 *                 .addTextContent(receiptJson(client.pay(...))).isError(false).build())
 *         .build();
 * }</pre>
 */
final class PlainMcpServer implements AutoCloseable {
    static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"account\":{\"type\":\"string\"},"
            + "\"cents\":{\"type\":\"integer\",\"minimum\":1},\"memo\":{\"type\":\"string\"}},"
            + "\"required\":[\"account\",\"cents\",\"memo\"]}";

    private final Tomcat tomcat;
    private final McpSyncServer server;
    private final Path baseDir;

    private PlainMcpServer(Tomcat tomcat, McpSyncServer server, Path baseDir) {
        this.tomcat = tomcat;
        this.server = server;
        this.baseDir = baseDir;
    }

    static PlainMcpServer start(McpJsonMapper json, URI payUri) throws IOException, LifecycleException {
        PaymentClient client = new PaymentClient(payUri);
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(json).mcpEndpoint("/mcp").build();
        McpSchema.Tool tool = McpSchema.Tool.builder().name(ModelScript.TOOL)
                .description("Pays an amount into an account. The memo is the customer's reference for this payment.")
                .inputSchema(json, SCHEMA).build();
        McpSyncServer server = McpServer.sync(transport).serverInfo("payments", "1.0").jsonMapper(json)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .toolCall(tool, (exchange, request) -> {
                    Object cents = request.arguments().get("cents");
                    try {
                        Receipt receipt = client.pay(String.valueOf(request.arguments().get("account")),
                                ((Number) cents).longValue(), String.valueOf(request.arguments().get("memo")), null);
                        return McpSchema.CallToolResult.builder().addTextContent(NaiveLoopStack.receiptJson(receipt))
                                .isError(false).build();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted", e);
                    }
                })
                .build();
        Path baseDir = Files.createTempDirectory("harm-mcp");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", baseDir.toString());
        Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
        context.addServletMappingDecoded("/mcp", "mcp");
        tomcat.start();
        return new PlainMcpServer(tomcat, server, baseDir);
    }

    int port() {
        return tomcat.getConnector().getLocalPort();
    }

    @Override
    public void close() {
        server.close();
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            // stopping a server the run is done with
        }
        baseDir.toFile().delete();
    }
}
