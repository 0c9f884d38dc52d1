package dev.idem.mcp;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * Serves an {@link McpToolServer} over MCP's Streamable HTTP transport at {@code /mcp} on the
 * loopback interface, to 2025-11-25 and 2026-07-28 clients alike (a request with the header
 * {@code MCP-Protocol-Version: 2026-07-28} is served by the 2026-07-28 stack, any other by the
 * 2025-11-25 one), in an embedded Tomcat ({@code org.apache.tomcat.embed:tomcat-embed-core},
 * which the application adds). Requests whose {@code Host} or {@code Origin} is not a loopback
 * name are refused, so a web page cannot reach the tools through the browser (DNS rebinding).
 *
 * <pre>{@code
 * try (McpHttpServer http = McpHttpServer.start(tools, 8931)) {   // 0: any free port
 *     System.err.println("MCP at " + http.endpoint());
 *     http.await();
 * }
 * }</pre>
 *
 * <p>To serve from a servlet container of your own, build the SDK's
 * {@code HttpServletStreamableServerTransportProvider} with {@link McpToolServer#jsonMapper()},
 * pass it to {@link McpToolServer#start(io.modelcontextprotocol.spec.McpStreamableServerTransportProvider)}
 * and register it as a servlet.
 */
public final class McpHttpServer implements AutoCloseable {

    /** The path the MCP endpoint is served at. */
    public static final String ENDPOINT = "/mcp";

    private static final List<String> LOOPBACK_HOSTS = List.of("127.0.0.1:*", "localhost:*", "[::1]:*");
    private static final List<String> LOOPBACK_ORIGINS =
            List.of("http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*");

    // Tomcat's leak detector reports Idem's shared executor threads, started by the first tool call
    // on a request thread, as threads of this "web application" when it stops; they outlive it by
    // design. A strong reference keeps the level (java.util.logging holds loggers weakly).
    private static final Logger LEAK_DETECTOR = Logger.getLogger("org.apache.catalina.loader.WebappClassLoaderBase");

    private final Tomcat tomcat;
    private final Connector connector;
    private final McpAsyncServer server;
    private final Path baseDir;

    private McpHttpServer(Tomcat tomcat, Connector connector, McpAsyncServer server, Path baseDir) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.server = server;
        this.baseDir = baseDir;
    }

    /**
     * Starts serving {@code tools} on {@code 127.0.0.1:port}; port 0 picks a free one.
     *
     * @param tools the server of the tools
     * @param port the port, or 0 for a free one
     * @return the running server; close it to stop
     * @throws IllegalStateException when the server cannot start (the port is taken, say)
     */
    public static McpHttpServer start(McpToolServer tools, int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be in [0, 65535], was " + port);
        }
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(tools.jsonMapper())
                .mcpEndpoint(ENDPOINT)
                .httpHeaderValidator(DefaultServerTransportSecurityValidator.builder()
                        .allowedHosts(LOOPBACK_HOSTS)
                        .allowedOrigins(LOOPBACK_ORIGINS)
                        .build())
                .build();
        McpAsyncServer server = tools.start(transport);
        Path baseDir = null;
        Tomcat tomcat = new Tomcat();
        try {
            baseDir = Files.createTempDirectory("idem-mcp-http");
            tomcat.setBaseDir(baseDir.toString());
            Connector connector = new Connector();
            connector.setPort(port);
            connector.setProperty("address", "127.0.0.1");
            tomcat.setConnector(connector);
            Context context = tomcat.addContext("", baseDir.toString());
            if (context instanceof StandardContext standard) {
                // Needs --add-opens to inspect, and there is nothing of ours to clear.
                standard.setClearReferencesThreadLocals(false);
                standard.setClearReferencesRmiTargets(false);
            }
            LEAK_DETECTOR.setLevel(Level.SEVERE);
            McpModernLines modern = tools.modern();
            jakarta.servlet.http.HttpServlet served = modern != null && modern instanceof McpModernServer both
                    ? new McpRevisionServlet(transport, both.servlet(ENDPOINT, LOOPBACK_HOSTS, LOOPBACK_ORIGINS))
                    : transport;
            Tomcat.addServlet(context, "mcp", served).setAsyncSupported(true);
            context.addServletMappingDecoded(ENDPOINT, "mcp");
            tomcat.start();
            if (connector.getLocalPort() < 0) {
                throw new IllegalStateException("MCP HTTP server could not listen on 127.0.0.1:" + port);
            }
            return new McpHttpServer(tomcat, connector, server, baseDir);
        } catch (IOException | LifecycleException | RuntimeException e) {
            stopQuietly(tomcat);
            server.close();
            deleteQuietly(baseDir);
            throw e instanceof IllegalStateException state ? state
                    : new IllegalStateException("MCP HTTP server could not start on 127.0.0.1:" + port + ": " + e, e);
        }
    }

    /**
     * The port served, the one chosen when started with 0.
     *
     * @return the port number
     */
    public int port() {
        return connector.getLocalPort();
    }

    /**
     * The endpoint URL a client connects to, {@code http://127.0.0.1:<port>/mcp}.
     *
     * @return the endpoint URL
     */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port() + ENDPOINT);
    }

    /**
     * Blocks until the server is stopped by {@link #close()} or the thread is interrupted.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public void await() throws InterruptedException {
        synchronized (this) {
            while (tomcat.getServer().getState().isAvailable()) {
                wait(1_000);
            }
        }
    }

    /** Stops serving and removes the server's temporary directory. */
    @Override
    public void close() {
        server.close();
        stopQuietly(tomcat);
        deleteQuietly(baseDir);
        synchronized (this) {
            notifyAll();
        }
    }

    private static void stopQuietly(Tomcat tomcat) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException | RuntimeException ignored) {
            // Stopping is best effort: the process may be on its way out anyway.
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // A temporary directory left behind is harmless.
        }
    }
}
