package com.example;

import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Written by IntegrationProjectsTest into the remote-tools project of docs/mcp-remote.md: runs the
 * page's program against the payments server at args[0] as a user does (its own JVM, which must
 * end by itself), then re-issues one intent through the page's executor, so the server can tell
 * whether the second call was sent.
 */
public class ReadmeToolCall {

    public static void main(String[] args) throws Exception {
        runTheProgram(args[0]);

        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(args[0]).build())
                .requestTimeout(Duration.ofSeconds(30))
                .build();
        try {
            ToolExecutor executor = RemotePayments.executor(client);
            ToolResult first = executor.newRun("order-4712")
                    .execute(new ToolCall("c1", "charge", "{\"cents\":2500,\"memo\":\"order 4712\"}"));
            ToolResult again = executor.newRun("order-4712")
                    .execute(new ToolCall("c2", "charge", "{\"cents\":2500,\"memo\":\"order 4712\"}"));
            print("first", first);
            print("again", again);
            System.out.println("same text: " + first.textForModel().equals(again.textForModel()));
        } finally {
            client.closeGracefully();
        }
    }

    /** {@code java -cp ... com.example.RemotePayments <server>}: what it prints, and whether it ended. */
    private static void runTheProgram(String server) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        File log = File.createTempFile("remote-payments", ".log", new File("target"));
        Process program = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                RemotePayments.class.getName(), server).redirectErrorStream(true).redirectOutput(log).start();
        if (program.waitFor(60, TimeUnit.SECONDS)) {
            System.out.println("program exit: " + program.exitValue());
        } else {
            program.destroyForcibly().waitFor();
            System.out.println("program: still running 60 s after it started");
        }
        Files.readAllLines(log.toPath()).forEach(line -> System.out.println("program: " + line));
    }

    private static void print(String label, ToolResult result) {
        System.out.println(label + ": isError=" + result.isError() + " replayed=" + result.replayed()
                + " key=" + result.idempotencyKey() + " text=" + result.textForModel());
    }
}
