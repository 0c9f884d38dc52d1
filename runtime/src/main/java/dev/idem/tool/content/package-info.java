/**
 * Content a tool may return beyond one value: text, images, audio, embedded resources and resource
 * links ({@link dev.idem.tool.content.ToolContent}), in Idem's own types, so tool classes compile
 * without the MCP SDK. The MCP server sends them as MCP content; text-only adapters send
 * {@link dev.idem.tool.content.ToolContent#fallbackText()}.
 */
package dev.idem.tool.content;
