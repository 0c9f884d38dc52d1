package dev.idem.mcp.remote;

import dev.idem.mcp.LosingProxy;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * The {@link UpstreamServer} reached by the SDK's 2025-11-25 client over one transport: stdio (a
 * child JVM, as a desktop client starts a server) or Streamable HTTP on loopback (an embedded
 * Tomcat, behind a {@link LosingProxy} that can lose responses after the server answered).
 */
abstract class Upstreams implements AutoCloseable {

    /**
     * How long the host waits for an answer: what a lost response costs a case. A loopback answer
     * takes milliseconds; the SDK's handshake has its own timeout, so a child JVM's start is not
     * bounded by this one.
     */
    static final Duration REQUEST_TIMEOUT = Duration.ofMillis(1500);

    final PaymentService payments;
    McpSyncClient client;

    private Upstreams(PaymentService payments) {
        this.payments = payments;
    }

    @Override
    public abstract void close();

    /**
     * The memo of a call whose response is lost after the upstream paid: over HTTP the proxy drops
     * the next tool call's response; over stdio the server process dies right after paying.
     */
    abstract String losing(String memo);

    /** Whether the upstream still answers after a lost response (over stdio it died). */
    abstract boolean survivesLoss();

    /** Whether the next case can use this upstream as it is: over stdio, not once a lost response ended it. */
    abstract boolean reusable();

    static Upstreams stdio(PaymentService payments) {
        Upstreams upstream = new Upstreams(payments) {
            private boolean ended;

            @Override
            String losing(String memo) {
                ended = true;
                return "crash-after-" + memo;
            }

            @Override
            boolean survivesLoss() {
                return false;
            }

            @Override
            boolean reusable() {
                return !ended;
            }

            @Override
            public void close() {
                client.closeGracefully();
            }

            @Override
            public String toString() {
                return "stdio";
            }
        };
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // a test upstream, not a server under test: started for speed (C1 only, serial GC)
        ServerParameters server = ServerParameters.builder(java)
                .args("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                        UpstreamServer.class.getName(), payments.uri().toString())
                .build();
        upstream.client = McpClient.sync(new StdioClientTransport(server, UpstreamServer.MAPPER))
                .requestTimeout(REQUEST_TIMEOUT).build();
        return upstream;
    }

    static Upstreams http(PaymentService payments) throws Exception {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(UpstreamServer.MAPPER).mcpEndpoint("/mcp").build();
        McpSyncServer server = UpstreamServer.tools(McpServer.sync(transport), payments.uri()).build();
        Path baseDir = Files.createTempDirectory("idem-upstream");
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
        LosingProxy proxy = new LosingProxy(List.of(URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/mcp")));
        Upstreams upstream = new Upstreams(payments) {
            @Override
            String losing(String memo) {
                proxy.loseNextToolCallResponses(1);
                return memo;
            }

            @Override
            boolean survivesLoss() {
                return true;
            }

            @Override
            boolean reusable() {
                return true;
            }

            @Override
            public void close() {
                client.closeGracefully();
                proxy.close();
                server.close();
                try {
                    tomcat.stop();
                    tomcat.destroy();
                } catch (org.apache.catalina.LifecycleException e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public String toString() {
                return "Streamable HTTP";
            }
        };
        upstream.client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:"
                        + proxy.endpoint().getPort()).endpoint("/mcp").jsonMapper(UpstreamServer.MAPPER).build())
                .requestTimeout(REQUEST_TIMEOUT).build();
        return upstream;
    }
}
