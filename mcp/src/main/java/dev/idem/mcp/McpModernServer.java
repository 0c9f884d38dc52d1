package dev.idem.mcp;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.HmacRequestStateCodec;
import io.modelcontextprotocol.modern.server.McpHeaders;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import io.modelcontextprotocol.modern.server.feature.McpAsyncTool;
import io.modelcontextprotocol.modern.server.feature.McpAsyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The 2026-07-28 side of {@link McpToolServer}: the MCP Java SDK's {@code modern} server with
 * Idem's tools, the same definitions, {@code _meta}, content and output schemas a 2025-11-25
 * client gets, plus, on every tool that is not read-only, the intent handle's sentence in the
 * description and its optional argument ({@link McpModernCalls}). The only class (with
 * {@link McpModernCalls}, {@link McpApprovalRounds}) that touches the SDK's {@code modern}
 * package, so a server on an SDK without it still serves 2025-11-25.
 */
final class McpModernServer implements McpModernLines {


    private static final McpTransportContext NO_HEADERS =
            McpTransportContext.create(Map.of(McpHeaders.TRANSPORT_CONTEXT_KEY, McpHeaders.NOT_MIRRORED));

    // Idem's binder is the only validator (as on 2025-11-25): the SDK's check would refuse in other
    // words, and could refuse what the binder accepts.
    private static final JsonSchemaValidator BINDER_VALIDATES = new JsonSchemaValidator() {
        @Override
        public ValidationResponse validate(Map<String, Object> schema, Object instance) {
            return ValidationResponse.asValid(null);
        }
    };

    private final McpServer server;
    private final List<McpSchema.Tool> tools;
    private final Map<String, McpAsyncTool> byName = new LinkedHashMap<>();

    McpModernServer(FrameworkCalls frameworkCalls, McpApprovals approvals, byte[] key, Duration stateTtl, String name,
            String version, String instructions) {
        McpModernCalls calls = new McpModernCalls(frameworkCalls, approvals, new IntentHandles(key));
        List<McpSchema.Tool> definitions = new ArrayList<>();
        for (ToolDescriptor descriptor : frameworkCalls.executor().registry().descriptors()) {
            McpSchema.Tool tool = definition(descriptor, frameworkCalls, calls.sideEffecting(descriptor.name()));
            definitions.add(tool);
            byName.put(tool.name(), McpAsyncTool.of(tool, calls::handle));
        }
        this.tools = List.copyOf(definitions);
        McpAsyncToolRepository repository = new McpAsyncToolRepository() {
            @Override
            public Mono<ToolsPage> list(io.modelcontextprotocol.modern.server.McpRequestContext ctx, String cursor) {
                return Mono.just(ToolsPage.of(tools));
            }

            @Override
            public Mono<McpAsyncTool> find(io.modelcontextprotocol.modern.server.McpRequestContext ctx, String tool) {
                return Mono.justOrEmpty(byName.get(tool));
            }
        };
        McpServer.Builder builder = McpServer.builder()
                .serverInfo(McpSchema.Implementation.builder(name, version).build())
                .jsonMapper(McpJson.MAPPER)
                .supportedVersions(List.of(McpModernLines.REVISION))
                .feature(ToolsFeature.ofAsync(repository, McpJson.MAPPER, BINDER_VALIDATES, 0L, McpSchema.CacheScope.PRIVATE))
                .feature(new McpToolResolution(frameworkCalls, definitionsByName()))
                .requestStateCodec(HmacRequestStateCodec.builder().key(key).ttl(stateTtl).jsonMapper(McpJson.MAPPER).build());
        if (instructions != null) {
            builder.instructions(instructions);
        }
        this.server = builder.build();
    }

    private Map<String, McpSchema.Tool> definitionsByName() {
        Map<String, McpSchema.Tool> definitions = new LinkedHashMap<>();
        byName.forEach((name, tool) -> definitions.put(name, tool.definition()));
        return Map.copyOf(definitions);
    }

    /** The SDK's server, for a transport of the user's own. */
    McpServer server() {
        return server;
    }

    /** The tools as a 2026-07-28 client lists them. */
    List<McpSchema.Tool> tools() {
        return tools;
    }

    /** The SDK's Streamable HTTP servlet for this server, loopback names only (as the 2025-11-25 one). */
    HttpServlet servlet(String endpoint, List<String> hosts, List<String> origins) {
        return HttpServletMcpTransport.builder(server)
                .jsonMapper(McpJson.MAPPER)
                .endpoint(endpoint)
                .httpHeaderValidator(DefaultServerTransportSecurityValidator.builder()
                        .allowedHosts(hosts)
                        .allowedOrigins(origins)
                        .build())
                .build();
    }

    @Override
    public Flux<String> answer(String line) {
        JsonRpc.JSONRPCMessage message;
        try {
            message = JsonRpc.deserializeMessage(McpJson.MAPPER, line);
        } catch (IOException | RuntimeException e) {
            return Flux.just(encode(JsonRpc.JSONRPCResponse.error(null,
                    new JsonRpc.JSONRPCResponse.JSONRPCError(-32600, "Invalid Request: " + e.getMessage(), null))));
        }
        if (message instanceof JsonRpc.JSONRPCNotification notification) {
            return server.handleNotification(NO_HEADERS, notification).thenMany(Flux.empty());
        }
        if (!(message instanceof JsonRpc.JSONRPCRequest request)) {
            return Flux.empty(); // a response: the server sends no requests on 2026-07-28
        }
        return server.handle(NO_HEADERS, request).flatMapMany(response -> {
            if (response instanceof McpTransportResponse.Streaming streaming) {
                return streaming.messages().map(McpModernServer::encode);
            }
            JsonRpc.JSONRPCResponse done = response instanceof McpTransportResponse.Result result ? result.response()
                    : ((McpTransportResponse.Error) response).response();
            return Flux.just(encode(done));
        });
    }

    private static String encode(Object message) {
        try {
            return McpJson.MAPPER.writeValueAsString(message);
        } catch (IOException e) {
            throw new IllegalStateException("an MCP message always encodes", e);
        }
    }

    /**
     * The 2025-11-25 definition of the tool, in 2026-07-28 types (the wire shape is the same), with
     * the intent handle's sentence and argument on a side-effecting tool.
     */
    @SuppressWarnings("unchecked")
    static McpSchema.Tool definition(ToolDescriptor descriptor, FrameworkCalls calls, boolean sideEffecting) {
        Map<String, Object> json = McpJson.MAPPER.convertValue(
                McpToolDefinitions.toMcp(descriptor, calls.safetyFlags(descriptor)), Map.class);
        if (sideEffecting) {
            Object description = json.get("description");
            json.put("description", (description == null || description.toString().isBlank() ? ""
                    : description.toString().strip() + "\n\n") + McpModernCalls.HANDLE_SENTENCE);
            Map<String, Object> schema = new LinkedHashMap<>((Map<String, Object>) json.get("inputSchema"));
            Map<String, Object> properties = schema.get("properties") instanceof Map<?, ?> given
                    ? new LinkedHashMap<>((Map<String, Object>) given) : new LinkedHashMap<>();
            if (properties.containsKey(McpModernCalls.HANDLE_ARGUMENT)) {
                throw new IllegalStateException("tool '" + descriptor.name() + "' has a parameter named '"
                        + McpModernCalls.HANDLE_ARGUMENT + "', the argument Idem's MCP server reserves for intent"
                        + " handles on 2026-07-28; rename the parameter");
            }
            properties.put(McpModernCalls.HANDLE_ARGUMENT, Map.of("type", "string", "description",
                    "The intent handle a previous result of this same call named, when retrying it; omit otherwise."));
            schema.put("properties", properties);
            json.put("inputSchema", schema);
        }
        return McpJson.MAPPER.convertValue(json, McpSchema.Tool.class);
    }
}
