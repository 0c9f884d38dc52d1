package dev.idem.mcp.gateway;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
    // long enough for an npx or uvx upstream fetching itself; one that exits is reported at once
    private static final Duration INITIALIZATION = Duration.ofSeconds(120);
    private static final int KEPT_ERROR_LINES = 10;

    private Upstream() {}

    /**
     * The initialized client of the upstream in {@code options}; {@code callTimeout} bounds each of
     * its requests (the executor's own timeouts come first).
     */
    static McpSyncClient connect(GatewayOptions options, Duration callTimeout) {
        Deque<String> errorLines = new ArrayDeque<>();
        StdioClientTransport stdio = options.upstream() != null ? null : stdio(options, errorLines);
        McpClientTransport transport = stdio != null ? stdio : http(options.upstream());
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("idem-mcp-gateway", IdemMcpGateway.version()))
                .initializationTimeout(INITIALIZATION)
                .requestTimeout(callTimeout)
                .build();
        CompletableFuture<McpSyncClient> ready = CompletableFuture.supplyAsync(() -> {
            client.initialize();
            return client;
        });
        if (stdio != null) {
            watchExit(stdio, ready, options);
        }
        try {
            return ready.join();
        } catch (CompletionException e) {
            client.closeGracefully();
            throw GatewayException.unavailable(describe(options) + " did not start as an MCP server: "
                    + reason(e.getCause()) + lastLines(errorLines));
        }
    }

    /**
     * Fails {@code ready} when the upstream's process ends before it answered {@code initialize},
     * and logs an error when it ends later: every call after that fails before dispatch.
     */
    private static void watchExit(StdioClientTransport transport, CompletableFuture<McpSyncClient> ready,
            GatewayOptions options) {
        Thread watcher = new Thread(() -> {
            while (true) {
                try {
                    transport.awaitForExit();
                    break;
                } catch (NullPointerException notStartedYet) {
                    if (ready.isDone()) {
                        return;
                    }
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                } catch (RuntimeException interrupted) {
                    return;
                }
            }
            if (!ready.isDone()) {
                try {
                    Thread.sleep(300); // its last lines on stderr are still on their way to the handler
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (!ready.completeExceptionally(new IllegalStateException("it exited before answering initialize"))) {
                LOG.error("{} exited: calls to its tools fail until the gateway is started again", describe(options));
            }
        }, "idem-gateway-upstream-exit");
        watcher.setDaemon(true);
        watcher.start();
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

    private static StdioClientTransport stdio(GatewayOptions options, Deque<String> errorLines) {
        String program = options.command().get(0);
        if (!runnable(program)) {
            throw GatewayException.unavailable(describe(options) + " did not start: " + (program.contains("/")
                    ? "'" + program + "' is not an executable file" : "no program '" + program + "' on the PATH"));
        }
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

    private static boolean runnable(String program) {
        if (program.contains(File.separator)) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
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
