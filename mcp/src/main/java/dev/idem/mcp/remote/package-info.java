/**
 * Remote MCP tools under Idem's rules: {@link dev.idem.mcp.remote.McpRemoteTools} turns the tools of
 * an MCP server, reached through the MCP Java SDK's client (2025-11-25, or 2026-07-28 on SDK 2.2),
 * into a {@code ToolSet}; {@link dev.idem.mcp.remote.RemoteToolPolicy} is the operator's word on
 * their flags, the only one Idem takes.
 *
 * <pre>{@code
 * McpRemoteTools payments = McpRemoteTools.builder("payments", client)
 *         .policy(RemoteToolPolicy.read(Path.of("remote-tools.properties")))
 *         .build();
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(payments)).build();
 * }</pre>
 */
package dev.idem.mcp.remote;
