package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.mcp.conformance.ConformanceServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Content, the exchange, output schemas and the SDK's own specifications, seen by the SDK's own
 * client over Streamable HTTP on loopback.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpContentAndExchangeTest {

    private final RuleTools tools = new RuleTools();
    private final List<McpSchema.LoggingMessageNotification> logs = new CopyOnWriteArrayList<>();
    private final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
    private final AtomicInteger samplingQuestions = new AtomicInteger();
    private McpHttpServer http;
    private McpSyncClient client;

    @BeforeAll
    void start() {
        http = McpHttpServer.start(ConformanceServer.create(RuleTools_ToolSet.of(tools)), 0);
        client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
                        .endpoint(McpHttpServer.ENDPOINT).jsonMapper(McpJson.MAPPER).build())
                .requestTimeout(Duration.ofSeconds(30))
                .capabilities(McpSchema.ClientCapabilities.builder().sampling().elicitation().build())
                .sampling(request -> {
                    samplingQuestions.incrementAndGet();
                    return McpSchema.CreateMessageResult.builder(McpSchema.Role.ASSISTANT, "the answer", "test-model")
                            .build();
                })
                .elicitation(request -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
                        Map.of("username", "ana", "email", "ana@example.com")))
                .loggingConsumer(logs::add)
                .progressConsumer(progress::add)
                .build();
        client.initialize();
    }

    @AfterAll
    void stop() {
        client.closeGracefully();
        http.close();
    }

    private McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, Map<String, Object> meta) {
        return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).meta(meta).build());
    }

    private McpSchema.Tool listed(String name) {
        return client.listTools().tools().stream().filter(tool -> tool.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void everyContentItemArrivesAsMcpContentOfItsTypeInOrder() {
        McpSchema.CallToolResult result = call("render_chart", Map.of("title", "sales"),
                Map.of(McpToolServer.INTENT_ID_META_KEY, "chart-types"));

        assertThat(result.isError()).isFalse();
        assertThat(result.content()).hasSize(5);
        assertThat(((McpSchema.TextContent) result.content().get(0)).text()).isEqualTo("sales");
        McpSchema.ImageContent image = (McpSchema.ImageContent) result.content().get(1);
        assertThat(image.mimeType()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(image.data())).hasSize(70);
        McpSchema.AudioContent audio = (McpSchema.AudioContent) result.content().get(2);
        assertThat(Base64.getDecoder().decode(audio.data())).containsExactly(1, 2, 3);
        McpSchema.BlobResourceContents blob =
                (McpSchema.BlobResourceContents) ((McpSchema.EmbeddedResource) result.content().get(3)).resource();
        assertThat(blob.uri()).isEqualTo("chart://sales");
        assertThat(Base64.getDecoder().decode(blob.blob())).containsExactly(4, 5);
        McpSchema.ResourceLink link = (McpSchema.ResourceLink) result.content().get(4);
        assertThat(link.uri()).isEqualTo("file:///charts/sales.pdf");
        assertThat(link.name()).isEqualTo("sales.pdf");
        assertThat(result.structuredContent()).isNull();
    }

    @Test
    void aReplayFromTheJournalAnswersTheSameContentWithoutRunningTheBody() {
        Map<String, Object> meta = Map.of(McpToolServer.INTENT_ID_META_KEY, "chart-replay");
        McpSchema.CallToolResult first = call("render_chart", Map.of("title", "q3"), meta);
        int runs = tools.chartRuns.get();

        McpSchema.CallToolResult again = call("render_chart", Map.of("title", "q3"), meta);

        assertThat(tools.chartRuns.get()).isEqualTo(runs);
        assertThat(again.content()).isEqualTo(first.content());
        assertThat(again.meta()).containsEntry(McpToolServer.META_PREFIX + "attempts", 0);
    }

    @Test
    void logAndProgressReachTheClientWhileTheToolRuns() {
        client.setLoggingLevel(McpSchema.LoggingLevel.DEBUG);
        call("test_tool_with_logging", Map.of(), Map.of());
        call("test_tool_with_progress", Map.of(), Map.of("progressToken", "p-1"));

        assertThat(logs).extracting(McpSchema.LoggingMessageNotification::data)
                .contains("Tool execution started", "Tool processing data", "Tool execution completed");
        assertThat(progress).extracting(McpSchema.ProgressNotification::progress).containsExactly(0.0, 50.0, 100.0);
        assertThat(progress).allSatisfy(p -> assertThat(p.progressToken()).isEqualTo("p-1"));
    }

    @Test
    void samplingAndElicitationAreAnsweredByTheClient() {
        McpSchema.CallToolResult sampled = call("test_sampling", Map.of("prompt", "hi"), Map.of());
        McpSchema.CallToolResult elicited = call("test_elicitation", Map.of("message", "who?"), Map.of());

        assertThat(McpServerContract.text(sampled)).isEqualTo("LLM response: the answer");
        assertThat(McpServerContract.text(elicited)).contains("action=accept").contains("ana@example.com");
    }

    @Test
    void aRetriedBodyGetsTheClientsEarlierAnswerWithoutAskingTwice() {
        int asked = samplingQuestions.get();

        McpSchema.CallToolResult result = call("flaky_sampler", Map.of("prompt", "once"), Map.of());

        assertThat(McpServerContract.text(result)).isEqualTo("the answer");
        assertThat(tools.flakyRuns.get()).isEqualTo(2);
        assertThat(samplingQuestions.get() - asked).isEqualTo(1);
    }

    @Test
    void outputSchemaComesFromTheReturnTypeAndStructuredContentKeepsItsText() {
        McpSchema.Tool receipt = listed("issue_receipt");

        McpSchema.CallToolResult result = call("issue_receipt", Map.of(), Map.of());

        assertThat(receipt.outputSchema()).containsEntry("$schema", McpToolDefinitions.DIALECT)
                .containsEntry("type", "object").containsKey("properties");
        assertThat(receipt.outputSchema().get("required")).isEqualTo(List.of("id", "cents", "amount", "tags"));
        assertThat(result.structuredContent()).isEqualTo(Map.of("id", "r-1", "cents", 1250,
                "amount", Map.of("value", new java.math.BigDecimal("12.5"), "currency", "BRL"), "tags", List.of("pix")));
        assertThat(McpServerContract.text(result)).contains("\"id\":\"r-1\"");
    }

    @Test
    void toolsReturningTextContentOrNothingHaveNoOutputSchema() {
        assertThat(listed("nothing").outputSchema()).isNull();
        assertThat(listed("test_simple_text").outputSchema()).isNull();
        assertThat(listed("render_chart").outputSchema()).isNull();
    }

    @Test
    void everyInputSchemaNamesItsDialect() {
        assertThat(client.listTools().tools())
                .allSatisfy(tool -> assertThat(tool.inputSchema()).containsEntry("$schema", McpToolDefinitions.DIALECT));
    }

    @Test
    void theSdksResourcePromptAndCompletionSpecificationsAreServedBesideTheTools() {
        assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri)
                .contains("test://static-text", "test://static-binary");
        McpSchema.ReadResourceResult text = client.readResource(new McpSchema.ReadResourceRequest("test://static-text"));
        McpSchema.GetPromptResult prompt = client.getPrompt(new McpSchema.GetPromptRequest("test_prompt_with_arguments",
                Map.of("arg1", "a", "arg2", "b")));
        McpSchema.CompleteResult completion = client.completeCompletion(new McpSchema.CompleteRequest(
                new McpSchema.PromptReference("test_prompt_with_arguments"),
                new McpSchema.CompleteRequest.CompleteArgument("arg1", "par")));

        assertThat(((McpSchema.TextResourceContents) text.contents().get(0)).text()).contains("static text resource");
        assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text()).contains("arg1='a'");
        assertThat(completion.completion().values()).contains("paris");
        assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("render_chart", "test_sampling");
    }
}
