package dev.idem.samples.mcp;

import dev.idem.mcp.McpHttpServer;
import dev.idem.mcp.McpToolServer;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.FlightBooking_ToolSet;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.PixBank_ToolSet;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.net.http.HttpClient;

/**
 * The sample tools (flights, weather, Pix transfers to a Stripe-like bank on loopback) as an MCP
 * server: {@code java -jar samples/target/idem-samples-mcp.jar} speaks MCP over stdio, for a
 * desktop client that starts it; {@code --http PORT} serves Streamable HTTP at
 * {@code http://127.0.0.1:PORT/mcp} instead. Standard output carries only the protocol; logs
 * go to standard error.
 */
public final class McpSample {

    private McpSample() {}

    public static void main(String[] args) {
        Integer httpPort = httpPort(args);
        int status = 0;
        try {
            serve(httpPort);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            e.printStackTrace();
            status = 1;
        }
        // The executor's and the SDK's worker threads would keep the JVM up after the client left.
        System.exit(status);
    }

    private static void serve(Integer httpPort) throws InterruptedException {
        try (BankServer bank = BankServer.start()) {
            ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(
                            FlightBooking_ToolSet.of(new FlightBooking()),
                            Weather_ToolSet.of(new Weather()),
                            PixBank_ToolSet.of(new PixBank(bank.baseUri(), HttpClient.newHttpClient()))))
                    .build();
            McpToolServer tools = McpToolServer.builder(executor)
                    .serverInfo("idem-samples", "0.1.0")
                    .instructions("Travel tools: search and book flights, check the weather, schedule Pix transfers"
                            + " (amounts in cents). Send the same _meta \"" + McpToolServer.INTENT_ID_META_KEY
                            + "\" again when retrying one user request, a new one for a new request.")
                    .build();
            if (httpPort == null) {
                tools.serveStdio();
                return;
            }
            try (McpHttpServer http = McpHttpServer.start(tools, httpPort)) {
                System.err.println("Idem sample tools: MCP (Streamable HTTP) at " + http.endpoint()
                        + "; Pix bank at " + bank.baseUri() + ". Ctrl-C to stop.");
                http.await();
            }
        }
    }

    private static Integer httpPort(String[] args) {
        if (args.length == 0) {
            return null;
        }
        if (args.length == 2 && args[0].equals("--http")) {
            try {
                return Integer.parseInt(args[1]);
            } catch (NumberFormatException notANumber) {
                // fall through to the usage line
            }
        }
        System.err.println("usage: java -jar idem-samples-mcp.jar [--http PORT]   (no argument: MCP over stdio)");
        System.exit(2);
        return null;
    }
}
