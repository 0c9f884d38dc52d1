package dev.idem.samples.readme;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * A payment service's own MCP server, the upstream of {@code docs/mcp-remote.md}'s project: built on
 * the MCP Java SDK alone, as the SDK's documentation builds one ({@code McpServer.sync} over the
 * Streamable HTTP servlet transport in an embedded Tomcat, loopback only), with no Idem in it, so
 * whatever Idem sends reaches it and is counted here.
 *
 * <ul>
 *   <li>{@code charge(cents, memo, idempotency_key)}: charges once per {@code idempotency_key}, as
 *       Stripe dedupes by its {@code Idempotency-Key}; answers the receipt.
 *   <li>{@code refund(payment_id)}: refunds a charge.
 * </ul>
 */
final class PaymentsMcpServer implements AutoCloseable {

    private static final String CHARGE_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"cents\":{\"type\":\"integer\",\"minimum\":1},\"memo\":{\"type\":\"string\"},"
            + "\"idempotency_key\":{\"type\":\"string\",\"minLength\":8}},"
            + "\"required\":[\"cents\",\"memo\",\"idempotency_key\"],\"additionalProperties\":false}";
    private static final String REFUND_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"payment_id\":{\"type\":\"string\"}},\"required\":[\"payment_id\"]}";

    /** One {@code tools/call} request the server received. */
    record Received(String tool, Map<String, Object> arguments, Map<String, Object> meta) {}

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, String> receiptsByKey = new ConcurrentHashMap<>();
    private final AtomicInteger charges = new AtomicInteger();
    private final Tomcat tomcat;
    private final McpSyncServer server;
    private final int port;

    private PaymentsMcpServer() {
        McpJsonMapper json = McpJsonDefaults.getMapper();
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(json).mcpEndpoint("/mcp").build();
        server = McpServer.sync(transport).serverInfo("payments-service", "1.0").jsonMapper(json)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(tool(json, "charge", "Charges an amount in cents.", CHARGE_SCHEMA, this::charge),
                        tool(json, "refund", "Refunds a charge.", REFUND_SCHEMA,
                                arguments -> "refunded " + arguments.get("payment_id")))
                .build();
        try {
            Path baseDir = Files.createTempDirectory("payments-mcp");
            tomcat = new Tomcat();
            tomcat.setBaseDir(baseDir.toString());
            Connector connector = new Connector();
            connector.setPort(0);
            connector.setProperty("address", "127.0.0.1");
            tomcat.setConnector(connector);
            Context context = tomcat.addContext("", baseDir.toString());
            Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
            context.addServletMappingDecoded("/mcp", "mcp");
            tomcat.start();
            port = connector.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (LifecycleException e) {
            throw new IllegalStateException("Tomcat did not start", e);
        }
    }

    /** Starts the server on a free loopback port. */
    static PaymentsMcpServer start() {
        return new PaymentsMcpServer();
    }

    /** The server's address without the endpoint, as the page's class takes it: {@code http://127.0.0.1:PORT}. */
    String address() {
        return "http://127.0.0.1:" + port;
    }

    /** The {@code tools/call} requests of {@code tool} the server received, in order. */
    List<Received> received(String tool) {
        return received.stream().filter(call -> call.tool().equals(tool)).toList();
    }

    /** How many charges the service made: one per distinct key. */
    int charges() {
        return charges.get();
    }

    private String charge(Map<String, Object> arguments) {
        String key = String.valueOf(arguments.get("idempotency_key"));
        return receiptsByKey.computeIfAbsent(key, k -> "{\"paymentId\":\"pay_" + charges.incrementAndGet()
                + "\",\"cents\":" + arguments.get("cents") + ",\"memo\":\"" + arguments.get("memo") + "\"}");
    }

    private McpServerFeatures.SyncToolSpecification tool(McpJsonMapper json, String name, String description,
            String schema, Function<Map<String, Object>, String> body) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description(description).inputSchema(json, schema)
                .build();
        return McpServerFeatures.SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            Map<String, Object> meta = request.meta() == null ? Map.of() : request.meta();
            received.add(new Received(request.name(), request.arguments(), meta));
            return McpSchema.CallToolResult.builder().addTextContent(body.apply(request.arguments())).isError(false)
                    .build();
        }).build();
    }

    @Override
    public void close() {
        server.close();
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }
}
