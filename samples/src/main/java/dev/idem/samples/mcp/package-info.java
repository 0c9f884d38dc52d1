/**
 * The sample tools served over MCP: the same generated tool sets the demo's agent uses, offered
 * to any MCP client (a desktop assistant, an IDE) through {@code idem-mcp}, with Idem's rules
 * still deciding every retry.
 *
 * <p>Entry type: {@link dev.idem.samples.mcp.McpSample} (packaged as {@code idem-samples-mcp.jar}).
 *
 * <pre>{@code
 * java -jar samples/target/idem-samples-mcp.jar              # stdio, for a client that starts it
 * java -jar samples/target/idem-samples-mcp.jar --http 8080  # Streamable HTTP at http://127.0.0.1:8080/mcp
 * }</pre>
 */
package dev.idem.samples.mcp;
