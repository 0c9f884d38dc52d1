package dev.idem.harm;

import dev.idem.mcp.McpHttpServer;
import dev.idem.mcp.McpToolServer;
import dev.idem.tool.ToolExecutor;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP rows: a process is an MCP server on Streamable HTTP and the host that talks to it
 * through the MCP Java SDK's {@code McpSyncClient} (default request timeout), with an agent loop
 * of its own that makes one call per tool call the model asks for and never retries. The server
 * is the SDK's with a plain handler ({@link PlainMcpServer}), or Idem's {@code idem-mcp}
 * ({@code McpToolServer} on {@code McpHttpServer}), to which the host sends the request id as
 * {@code _meta} {@code dev.idem/intentId}.
 */
public final class McpStack implements Stack {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final McpJsonMapper MCP_JSON = new JacksonMcpJsonMapper(JSON);

    static {
        // Two replicas are two embedded Tomcats started at the same moment in one JVM; their JMX
        // names collide ("InstanceAlreadyExistsException: ...ParallelWebappClassLoader") unless
        // Tomcat's MBean registry is off. A process of its own would have one Tomcat.
        org.apache.tomcat.util.modeler.Registry.disableRegistry();
    }

    private final boolean idem;
    private final Supplier<SharedJournal> journal;

    private McpStack(boolean idem, Supplier<SharedJournal> journal) {
        this.idem = idem;
        this.journal = journal;
    }

    /**
     * The SDK's server with a plain handler.
     *
     * @return the stack
     */
    public static McpStack peer() {
        return new McpStack(false, null);
    }

    /**
     * Idem's MCP server.
     *
     * @param journal the shared journal, or null for the default in-memory one
     * @return the stack
     */
    public static McpStack idem(Supplier<SharedJournal> journal) {
        return new McpStack(true, journal);
    }

    @Override
    public String name() {
        if (idem) {
            return journal == null ? "Idem via idem-mcp" : "Idem via idem-mcp, PostgreSQL journal";
        }
        return "MCP Java SDK server and client";
    }

    @Override
    public StackProcess start(int number, URI payUri) throws Exception {
        AutoCloseable server;
        int port;
        SeveredJournal handle = null;
        if (idem) {
            handle = journal == null ? null : journal.get().handle();
            ToolExecutor executor = IdemExecutors.build(payUri, handle, number);
            McpHttpServer http = McpHttpServer.start(McpToolServer.builder(executor).serverInfo("payments", "1.0").build(), 0);
            server = http;
            port = http.port();
        } else {
            PlainMcpServer plain = PlainMcpServer.start(MCP_JSON, payUri);
            server = plain;
            port = plain.port();
        }
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                        .endpoint("/mcp").jsonMapper(MCP_JSON).build())
                .build();
        client.initialize();
        SeveredJournal severed = handle;
        return new StackProcess() {
            @Override
            public Report handle(PaymentRequest request, ModelScript script) {
                try {
                    return host(client, request, script);
                } catch (RuntimeException failed) {
                    return Report.FAILED;
                }
            }

            @Override
            public void kill() {
                if (severed != null) {
                    severed.sever();
                }
            }

            @Override
            public void close() {
                try {
                    client.close();
                    server.close();
                } catch (Exception e) {
                    // a process the run is done with
                }
            }
        };
    }

    /** The host's agent loop: no retries; a failed model call ends the request as failed. */
    private Report host(McpSyncClient client, PaymentRequest request, ModelScript script) {
        List<String> results = new ArrayList<>();
        for (int turn = 0; turn < 8; turn++) {
            ModelScript.Action action = script.next(turn, results);
            if (action.fail()) {
                return Report.FAILED;
            }
            if (action.calls().isEmpty()) {
                return Report.ofAnswer(action.text());
            }
            for (ModelScript.Call call : action.calls()) {
                results.add(call(client, request, call));
            }
        }
        return Report.FAILED;
    }

    private String call(McpSyncClient client, PaymentRequest request, ModelScript.Call call) {
        Map<String, Object> arguments;
        try {
            arguments = JSON.readValue(call.arguments(), new TypeReference<HashMap<String, Object>>() { });
        } catch (RuntimeException malformed) {
            return "Error: the arguments are not valid JSON: " + malformed.getMessage();
        }
        McpSchema.CallToolRequest.Builder builder = McpSchema.CallToolRequest.builder(call.name()).arguments(arguments);
        if (idem) {
            builder.meta(Map.of(McpToolServer.INTENT_ID_META_KEY, request.requestId()));
        }
        try {
            McpSchema.CallToolResult result = client.callTool(builder.build());
            String text = result.content().stream().filter(McpSchema.TextContent.class::isInstance)
                    .map(content -> ((McpSchema.TextContent) content).text()).collect(Collectors.joining("\n"));
            return Boolean.TRUE.equals(result.isError()) && !text.startsWith("Error") ? "Error: " + text : text;
        } catch (RuntimeException failed) {
            return "Error: " + failed.getMessage();
        }
    }

}
