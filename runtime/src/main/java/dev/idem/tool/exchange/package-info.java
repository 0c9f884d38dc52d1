/**
 * What a running tool may say to and ask of its client ({@link dev.idem.tool.exchange.ToolExchange}):
 * log, progress, sampling and elicitation, in Idem's own types, reached through
 * {@code ToolContext.exchange()}. The MCP server implements it over the MCP exchange; everywhere
 * else it is {@link dev.idem.tool.exchange.ToolExchange#none()}.
 */
package dev.idem.tool.exchange;
