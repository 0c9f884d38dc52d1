package dev.idem.mcp.gateway;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The gateway as users run it: {@code java -jar target/idem-mcp-gateway.jar}, built by
 * {@code package} before the integration tests, with the test upstreams of this module as its
 * upstream commands and the MCP Java SDK's client as the host.
 */
final class GatewayJar {

    private static final Pattern ENDPOINT = Pattern.compile("Streamable HTTP at (http://[^\\s,]+)");

    private GatewayJar() {}

    static Path jar() {
        Path jar = Path.of(System.getProperty("idem.gateway.target", "target"), "idem-mcp-gateway.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: the integration tests run after mvn package");
        }
        return jar;
    }

    /** {@code java -jar idem-mcp-gateway.jar <gatewayArgs>}. */
    static List<String> command(List<String> gatewayArgs) {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar().toString()));
        command.addAll(gatewayArgs);
        return command;
    }

    /** The command that starts a {@link HostileUpstream} paying through {@code ledger} in {@code modes}. */
    static List<String> hostileUpstream(Ledger ledger, String modes) {
        return List.of(java(), "-cp", System.getProperty("java.class.path"), HostileUpstream.class.getName(),
                ledger.uri().toString(), modes);
    }

    /** {@code options -- upstream}. */
    static List<String> args(List<String> options, List<String> upstream) {
        List<String> args = new ArrayList<>(options);
        args.add("--");
        args.addAll(upstream);
        return args;
    }

    /** An initialized SDK client on the stdio server {@code command} starts. */
    static McpSyncClient host(List<String> command) {
        return host(command, spec -> spec);
    }

    /** An initialized SDK client on the stdio server {@code command} starts, as {@code host} declares it. */
    static McpSyncClient host(List<String> command, UnaryOperator<McpClient.SyncSpec> host) {
        return host(command, host, null);
    }

    /** The same, handing each line the server writes on stderr to {@code stderr}. */
    static McpSyncClient host(List<String> command, UnaryOperator<McpClient.SyncSpec> host, Consumer<String> stderr) {
        ServerParameters parameters = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size()))
                .build();
        StdioClientTransport transport = new StdioClientTransport(parameters,
                new JacksonMcpJsonMapper(JsonMapper.builder().build()));
        if (stderr != null) {
            transport.setStdErrorHandler(stderr);
        }
        McpSyncClient client = host.apply(McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60)).initializationTimeout(Duration.ofSeconds(60))).build();
        client.initialize();
        return client;
    }

    /** The endpoint a gateway started with {@code --http 0} logs on stderr. */
    static URI httpEndpoint(Process gateway) throws Exception {
        CompletableFuture<URI> endpoint = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(gateway.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    Matcher matcher = ENDPOINT.matcher(line);
                    if (matcher.find()) {
                        endpoint.complete(URI.create(matcher.group(1)));
                    }
                }
                endpoint.completeExceptionally(new IllegalStateException("the gateway stopped before serving"));
            } catch (Exception e) {
                endpoint.completeExceptionally(e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        return endpoint.get(60, TimeUnit.SECONDS);
    }

    /** An initialized SDK client (2025-11-25) on a gateway's Streamable HTTP endpoint. */
    static McpSyncClient httpHost(URI endpoint) {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
                        .builder(endpoint.getScheme() + "://" + endpoint.getRawAuthority())
                        .endpoint(endpoint.getRawPath()).build())
                .requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        return client;
    }

    /** {@code java -jar idem-cli.jar <args>}: the operator's command line, built beside the gateway. */
    static List<String> cli(String... args) {
        Path jar = Path.of(System.getProperty("idem.cli.jar", "../cli/target/idem-cli.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build with -pl mcp-gateway -am (cli is packaged first)");
        }
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The running gateway this JVM started, if one is. */
    static Optional<ProcessHandle> running() {
        return ProcessHandle.current().children()
                .filter(child -> child.info().commandLine().orElse("").contains("idem-mcp-gateway.jar"))
                .findFirst();
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
