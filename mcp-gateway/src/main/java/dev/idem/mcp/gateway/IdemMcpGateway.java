package dev.idem.mcp.gateway;

import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.mcp.McpHttpServer;
import dev.idem.mcp.McpToolServer;
import dev.idem.mcp.remote.McpRemoteTools;
import dev.idem.mcp.remote.RemotePolicyException;
import dev.idem.mcp.remote.RemoteToolPolicy;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar idem-mcp-gateway.jar [options] -- <upstream command>} or
 * {@code ... --upstream <url>}: the tools of any MCP server, served to any MCP host (stdio, or
 * Streamable HTTP with {@code --http}; both MCP revisions) under Idem's rules, with the journal
 * that keeps a host's retries and re-issues from repeating their effects. Prints {@code --help}.
 */
public final class IdemMcpGateway {

    private static final Logger LOG = LoggerFactory.getLogger(IdemMcpGateway.class);
    /** How long one upstream request may take before the client gives up: the policy's timeouts come first. */
    private static final Duration UPSTREAM_REQUEST = Duration.ofMinutes(5);

    private IdemMcpGateway() {}

    /**
     * Runs the gateway until its host goes away (stdio) or the process is stopped (HTTP).
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        int status = run(List.of(args), System.getenv(), System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Runs the gateway; the exit status: 0 when it served and stopped, 1 or 2 when it could not start. */
    static int run(List<String> args, Map<String, String> environment, PrintStream err) {
        GatewayOptions options;
        try {
            options = GatewayOptions.parse(args);
        } catch (GatewayException e) {
            err.println("idem-mcp-gateway: " + e.getMessage() + "\n(--help shows how to use it)");
            return e.status;
        }
        if (options.help()) {
            err.print(Usage.TEXT);
            return 0;
        }
        try {
            serve(options, environment);
            return 0;
        } catch (GatewayException e) {
            err.println("idem-mcp-gateway: " + e.getMessage());
            return e.status;
        }
    }

    private static void serve(GatewayOptions options, Map<String, String> environment) {
        RemoteToolPolicy policy = policy(options.policy());
        try (CallJournal journal = GatewayJournal.open(options, environment)) {
            McpSyncClient upstream = Upstream.connect(options, UPSTREAM_REQUEST);
            try {
                McpRemoteTools tools = McpRemoteTools.builder(options.name(), upstream).policy(policy).build();
                ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(tools))
                        .journal(JournalSettings.of(journal).withLease(options.lease()))
                        .listener(new DecisionLine()).build();
                McpToolServer server = McpToolServer.builder(executor)
                        .serverInfo(upstream.getServerInfo().name() + " via idem-mcp-gateway", version())
                        .instructions(upstream.getServerInstructions())
                        .approvalTimeout(options.approvalTimeout())
                        .build();
                if (options.httpPort() >= 0) {
                    try (McpHttpServer http = McpHttpServer.start(server, options.httpPort())) {
                        LOG.info("serving {} over Streamable HTTP at {}, journal {}", Upstream.describe(options),
                                http.endpoint(), options.journal());
                        http.await();
                    }
                } else {
                    LOG.info("serving {} over stdio, journal {}", Upstream.describe(options), options.journal());
                    server.serveStdio();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                upstream.closeGracefully();
            }
        }
    }

    private static RemoteToolPolicy policy(Path file) {
        if (file == null) {
            return RemoteToolPolicy.untrusted();
        }
        try {
            return RemoteToolPolicy.read(file);
        } catch (RemotePolicyException e) {
            throw GatewayException.usage(e.getMessage());
        }
    }

    /** The gateway's version, from its jar's manifest. */
    static String version() {
        String version = IdemMcpGateway.class.getPackage().getImplementationVersion();
        return version != null ? version : "development";
    }
}
