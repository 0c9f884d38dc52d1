package dev.idem.mcp.conformance;

import dev.idem.mcp.McpHttpServer;
import dev.idem.mcp.McpToolServer;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The server the conformance suite runs against, built as docs/integrations.md says: Idem's tools
 * ({@link ConformanceTools}) and, beside them, the SDK's own resource, prompt and completion
 * specifications. {@code main} serves it on a port for a run by hand.
 */
public final class ConformanceServer {

    private ConformanceServer() {}

    private static List<dev.idem.tool.ToolSet> sets(dev.idem.tool.ToolSet... more) {
        List<dev.idem.tool.ToolSet> sets = new java.util.ArrayList<>(List.of(ConformanceTools_ToolSet.of(new ConformanceTools())));
        sets.addAll(List.of(more));
        return sets;
    }

    /**
     * The MCP server of the conformance tools and specifications.
     *
     * @param more other tool sets served too (tests of the rules)
     * @return the server
     */
    public static McpToolServer create(dev.idem.tool.ToolSet... more) {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(sets(more).toArray(new dev.idem.tool.ToolSet[0])))
                .build();
        return McpToolServer.builder(executor)
                .serverInfo("idem-conformance", "1.0")
                .resources(
                        resource("test://static-text", "text/plain",
                                new McpSchema.TextResourceContents("test://static-text", "text/plain",
                                        "This is the content of the static text resource.")),
                        resource("test://static-binary", "image/png",
                                new McpSchema.BlobResourceContents("test://static-binary", "image/png",
                                        Base64.getEncoder().encodeToString(ConformanceTools.PNG))))
                .resourceTemplates(new McpServerFeatures.AsyncResourceTemplateSpecification(
                        McpSchema.ResourceTemplate.builder("test://template/{id}/data", "template")
                                .description("Data by id").mimeType("application/json").build(),
                        (exchange, request) -> {
                            String id = request.uri().replaceAll("^test://template/([^/]*)/data$", "$1");
                            return Mono.just(new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(
                                    request.uri(), "application/json",
                                    "{\"id\":\"" + id + "\",\"templateTest\":true,\"data\":\"Data for ID: " + id + "\"}"))));
                        }))
                .prompts(
                        prompt("test_simple_prompt", List.of(), args -> "This is a simple prompt for testing."),
                        prompt("test_prompt_with_arguments",
                                List.of(new McpSchema.PromptArgument("arg1", "First test argument", true),
                                        new McpSchema.PromptArgument("arg2", "Second test argument", true)),
                                args -> "Prompt with arguments: arg1='" + args.get("arg1") + "', arg2='" + args.get("arg2") + "'"))
                .completions(new McpServerFeatures.AsyncCompletionSpecification(
                        new McpSchema.PromptReference("test_prompt_with_arguments"),
                        (exchange, request) -> Mono.just(new McpSchema.CompleteResult(
                                new McpSchema.CompleteResult.CompleteCompletion(List.of("paris", "park", "party"), 3, false)))))
                .build();
    }

    private static McpServerFeatures.AsyncResourceSpecification resource(String uri, String mimeType,
            McpSchema.ResourceContents contents) {
        return new McpServerFeatures.AsyncResourceSpecification(
                McpSchema.Resource.builder().uri(uri).name(uri.substring("test://".length()))
                        .description("A static resource").mimeType(mimeType).build(),
                (exchange, request) -> Mono.just(new McpSchema.ReadResourceResult(List.of(contents))));
    }

    private static McpServerFeatures.AsyncPromptSpecification prompt(String name, List<McpSchema.PromptArgument> arguments,
            java.util.function.Function<Map<String, Object>, String> text) {
        return new McpServerFeatures.AsyncPromptSpecification(
                new McpSchema.Prompt(name, "A test prompt", arguments),
                (exchange, request) -> Mono.just(new McpSchema.GetPromptResult("A test prompt", List.of(
                        new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(
                                text.apply(request.arguments() == null ? Map.of() : request.arguments())))))));
    }

    /**
     * Serves the conformance server on {@code 127.0.0.1:<port>} (default 8931) until stopped.
     *
     * @param args the port, optionally
     * @throws InterruptedException when interrupted
     */
    public static void main(String[] args) throws InterruptedException {
        try (McpHttpServer http = McpHttpServer.start(create(), args.length > 0 ? Integer.parseInt(args[0]) : 8931)) {
            System.err.println("MCP conformance server at " + http.endpoint());
            http.await();
        }
    }
}
