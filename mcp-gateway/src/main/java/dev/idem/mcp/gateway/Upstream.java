package dev.idem.mcp.gateway;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP server the gateway stands in front of: a stdio server it starts (its stderr goes to the
 * gateway's log, the last lines kept for an error), or a Streamable HTTP endpoint. Connected and
 * initialized before the gateway serves anyone, so a command that does not start, or a server
 * that does not answer, is an error at once, never a host's first failed call.
 */
final class Upstream {

    private static final Logger LOG = LoggerFactory.getLogger(Upstream.class);
    private static final Duration INITIALIZATION = Duration.ofSeconds(30);
    private static final int KEPT_ERROR_LINES = 10;

    private Upstream() {}

    /**
     * The initialized client of the upstream in {@code options}; {@code callTimeout} bounds each of
     * its requests (the executor's own timeouts come first).
     */
    static McpSyncClient connect(GatewayOptions options, Duration callTimeout) {
        Deque<String> errorLines = new ArrayDeque<>();
        McpClientTransport transport = options.upstream() != null ? http(options.upstream())
                : stdio(options, errorLines);
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("idem-mcp-gateway", IdemMcpGateway.version()))
                .initializationTimeout(INITIALIZATION)
                .requestTimeout(callTimeout)
                .build();
        try {
            client.initialize();
            return client;
        } catch (RuntimeException e) {
            client.closeGracefully();
            throw GatewayException.unavailable(describe(options) + " did not start as an MCP server: " + reason(e)
                    + lastLines(errorLines));
        }
    }

    static String describe(GatewayOptions options) {
        return options.upstream() != null ? "the upstream at " + options.upstream()
                : "the upstream command '" + String.join(" ", options.command()) + "'";
    }

    private static McpClientTransport http(URI endpoint) {
        String base = endpoint.getScheme() + "://" + endpoint.getRawAuthority();
        String path = endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty() ? "/" : endpoint.getRawPath();
        if (endpoint.getRawQuery() != null) {
            path += "?" + endpoint.getRawQuery();
        }
        return HttpClientStreamableHttpTransport.builder(base).endpoint(path).build();
    }

    private static McpClientTransport stdio(GatewayOptions options, Deque<String> errorLines) {
        ServerParameters parameters = ServerParameters.builder(options.command().get(0))
                .args(options.command().subList(1, options.command().size())).build();
        StdioClientTransport transport = new StdioClientTransport(parameters,
                new JacksonMcpJsonMapper(JsonMapper.builder().build()));
        transport.setStdErrorHandler(line -> {
            LOG.info("upstream: {}", line);
            synchronized (errorLines) {
                errorLines.addLast(line);
                if (errorLines.size() > KEPT_ERROR_LINES) {
                    errorLines.removeFirst();
                }
            }
        });
        return transport;
    }

    private static String reason(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        return cause == e ? message : e.getMessage() + " (" + message + ")";
    }

    private static String lastLines(Deque<String> errorLines) {
        synchronized (errorLines) {
            return errorLines.isEmpty() ? "" : "\nits last lines on stderr:\n  " + String.join("\n  ", errorLines);
        }
    }
}
