// An MCP host on the official TypeScript client: starts the command after "--" as a stdio server
// (the gateway, or an upstream alone), lists its tools and calls each one the script names, then
// prints one JSON document: {"tools": [...], "calls": [{"name", "result" | "error"}]}.
// usage: node host.mjs '<calls as JSON: [{"name": "echo", "arguments": {...}}]>' -- <command> [args...]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const separator = process.argv.indexOf("--");
const calls = JSON.parse(process.argv[2]);
const [command, ...args] = process.argv.slice(separator + 1);
const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
const client = new Client({ name: "idem-gateway-test-host", version: "1.0.0" });
await client.connect(transport);
const tools = (await client.listTools()).tools;
const results = [];
for (const call of calls) {
  try {
    const result = await client.callTool({ name: call.name, arguments: call.arguments, _meta: call._meta });
    results.push({ name: call.name, result });
  } catch (e) {
    results.push({ name: call.name, error: String(e.message ?? e) });
  }
}
process.stdout.write(JSON.stringify({ protocolVersion: transport._protocolVersion ?? null, tools, calls: results }) + "\n");
await client.close();
