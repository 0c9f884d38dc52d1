package com.example;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Written by IntegrationProjectsTest into the README's MCP project: starts the README's server
 * over stdio, as a desktop client does, and calls credit once with the SDK's client.
 */
public class ReadmeToolCall {

    public static void main(String[] args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerParameters server = ServerParameters.builder(java)
                .args("-cp", System.getProperty("java.class.path"), LedgerMcpServer.class.getName())
                .build();
        McpSyncClient client = McpClient.sync(new StdioClientTransport(server, McpJsonDefaults.getMapper()))
                .requestTimeout(Duration.ofSeconds(60))
                .build();
        try {
            client.initialize();
            McpSchema.CallToolResult result = client.callTool(McpSchema.CallToolRequest.builder("credit")
                    .arguments(Map.of("account", "ACC-1", "cents", 4200))
                    .build());
            System.out.println("isError: " + result.isError());
            System.out.println("structuredContent: " + result.structuredContent());
            result.content().forEach(content -> System.out.println("content: " + content));
        } finally {
            client.closeGracefully();
        }
    }
}
