package dev.idem.mcp;

import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;

/** The test tools behind an MCP server; {@code main} serves them over stdio for the child-JVM test. */
final class PaymentsServer {

    private PaymentsServer() {}

    static McpToolServer create(Payments payments) {
        return create(payments, 10_000);
    }

    static McpToolServer create(Payments payments, int intentCapacity) {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))).build();
        return McpToolServer.builder(executor).serverInfo("payments", "test").intentCapacity(intentCapacity).build();
    }

    public static void main(String[] args) {
        create(new Payments()).serveStdio();
    }
}
