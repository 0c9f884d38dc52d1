package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.tool.ToolDescriptor;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What an MCP client sees of Idem tools, checked with the SDK's own client. Each transport runs
 * these tests against the same tools; the tools live in the server (another JVM for stdio), so
 * effects are counted through the read-only {@code effects} tool.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class McpServerContract {

    /** An initialized client of a server of {@link Payments}. */
    abstract McpSyncClient client();

    private McpSchema.Tool listed(String name) {
        return client().listTools().tools().stream().filter(tool -> tool.name().equals(name)).findFirst().orElseThrow();
    }

    private McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, String intentId) {
        McpSchema.CallToolRequest.Builder request = McpSchema.CallToolRequest.builder(tool).arguments(arguments);
        if (intentId != null) {
            request.meta(Map.of(McpToolServer.INTENT_ID_META_KEY, intentId));
        }
        return client().callTool(request.build());
    }

    static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    int effects() {
        return Integer.parseInt(text(call("effects", Map.of(), null)));
    }

    @Test
    void listedSchemaIsIdemsGeneratedSchemaWithItsDialectNamed() throws Exception {
        ToolDescriptor pay = Payments_ToolSet.of(new Payments()).descriptors().get(0);
        Map<String, Object> generated = McpJson.MAPPER.readValue(pay.inputSchema(), new TypeRef<Map<String, Object>>() {});

        McpSchema.Tool listed = listed("pay");

        assertThat(listed.inputSchema()).isEqualTo(McpToolDefinitions.withDialect(generated));
        assertThat(List.copyOf(listed.inputSchema().keySet()).get(0)).isEqualTo("$schema");
        assertThat(listed.description()).isEqualTo(pay.description());
    }

    @Test
    void flagsBecomeMcpAnnotationsAndRestartSafetyAndPolicyGoUnderMeta() {
        McpSchema.Tool pay = listed("pay");
        assertThat(pay.title()).isEqualTo("Pay");
        assertThat(pay.annotations().readOnlyHint()).isFalse();
        assertThat(pay.annotations().idempotentHint()).isTrue();
        assertThat(pay.annotations().destructiveHint()).isFalse();
        assertThat(pay.annotations().openWorldHint()).isTrue();
        assertThat(pay.meta()).containsEntry("dev.idem/restartSafe", false);
        @SuppressWarnings("unchecked")
        Map<String, Object> policy = (Map<String, Object>) pay.meta().get("dev.idem/retryPolicy");
        assertThat(policy).containsEntry("source", "executor").containsEntry("maxAttempts", 3)
                .containsEntry("retryOn", List.of("TIMEOUT", "RATE_LIMIT", "CONNECTION_ERROR"));

        McpSchema.Tool effects = listed("effects");
        assertThat(effects.annotations().readOnlyHint()).isTrue();
        assertThat(effects.annotations().idempotentHint()).isTrue();
        assertThat(effects.annotations().destructiveHint()).isFalse();
        assertThat(effects.annotations().openWorldHint()).isFalse();

        McpSchema.Tool notify = listed("notify");
        assertThat(notify.annotations().idempotentHint()).isFalse();
        assertThat(notify.annotations().destructiveHint()).as("MCP's cautious default").isTrue();
        @SuppressWarnings("unchecked")
        Map<String, Object> own = (Map<String, Object>) notify.meta().get("dev.idem/retryPolicy");
        assertThat(own).containsEntry("source", "tool").containsEntry("initialDelayMs", 10);
    }

    @Test
    void callReturnsTheValueAsTextAndAsStructuredContent() {
        McpSchema.CallToolResult result = call("pay", Map.of("to", "ana@example.com", "cents", 700), "call-value");

        assertThat(result.isError()).isFalse();
        assertThat(text(result)).contains("\"to\":\"ana@example.com\"").contains("\"cents\":700");
        assertThat(result.structuredContent()).isInstanceOf(Map.class);
        assertThat(((Map<?, ?>) result.structuredContent()).get("to")).isEqualTo("ana@example.com");
        assertThat(result.meta()).containsEntry("dev.idem/intentId", "call-value").containsEntry("dev.idem/attempts", 1);
    }

    @Test
    void invalidArgumentsAreRefusedByIdemsBinderAndTheToolNeverRuns() {
        int before = effects();

        McpSchema.CallToolResult result = call("pay", Map.of("to", 5, "cents", 0, "memo", "rent"), "call-invalid");

        assertThat(result.isError()).isTrue();
        assertThat(result.meta()).containsEntry("dev.idem/errorType", "INVALID_ARGUMENTS").containsEntry("dev.idem/attempts", 0);
        assertThat(text(result)).contains("NOT executed").contains("'to'").contains("'cents'").contains("'memo'");
        assertThat(effects()).isEqualTo(before);
    }

    @Test
    void missingArgumentsAreTheEmptyObjectAndNamedAsMissing() {
        McpSchema.CallToolResult result = client().callTool(McpSchema.CallToolRequest.builder("pay").build());

        assertThat(result.isError()).isTrue();
        assertThat(text(result)).contains("INVALID_ARGUMENTS").contains("'to'").contains("'cents'");
    }

    @Test
    void decimalsReachTheBinderExactlyAsSent() {
        McpSchema.CallToolResult result = call("exact", Map.of("amount", new BigDecimal("12345678901234567890.123456789")), null);

        assertThat(text(result)).isEqualTo("12345678901234567890.123456789");
    }

    @Test
    void transientFailureIsRetriedAndTheClientSeesOneSuccess() {
        McpSchema.CallToolResult result = call("notify", Map.of("message", "hello"), "call-retry");

        assertThat(result.isError()).isFalse();
        assertThat(text(result)).isEqualTo("sent 'hello' on attempt 2");
        assertThat(result.meta()).containsEntry("dev.idem/attempts", 2);
    }

    @Test
    void sameIntentTwiceHasOneEffectAndAnotherIntentHasItsOwn() {
        int before = effects();
        Map<String, Object> arguments = Map.of("to", "maria@example.com", "cents", 15_000);

        McpSchema.CallToolResult first = call("pay", arguments, "ticket-4711");
        McpSchema.CallToolResult again = call("pay", Map.of("cents", 15_000, "to", "maria@example.com"), "ticket-4711");
        McpSchema.CallToolResult other = call("pay", arguments, "ticket-4712");

        assertThat(again.structuredContent()).isEqualTo(first.structuredContent());
        assertThat(again.meta().get("dev.idem/idempotencyKey")).isEqualTo(first.meta().get("dev.idem/idempotencyKey"));
        assertThat(other.meta().get("dev.idem/idempotencyKey")).isNotEqualTo(first.meta().get("dev.idem/idempotencyKey"));
        assertThat(effects()).isEqualTo(before + 2);
    }

    @Test
    void withoutAnIntentIdTheSessionIsTheIntent() {
        int before = effects();
        Map<String, Object> arguments = Map.of("to", "joao@example.com", "cents", 8_000);

        McpSchema.CallToolResult first = call("pay", arguments, null);
        McpSchema.CallToolResult again = call("pay", arguments, null);

        assertThat((String) first.meta().get("dev.idem/intentId")).startsWith("mcp-session-");
        assertThat(again.structuredContent()).isEqualTo(first.structuredContent());
        assertThat(effects()).isEqualTo(before + 1);
    }

    @Test
    void aToolsBugIsAnErrorResultNotAProtocolError() {
        McpSchema.CallToolResult result = call("broken", Map.of("input", "x"), "call-bug");

        assertThat(result.isError()).isTrue();
        assertThat(result.meta()).containsEntry("dev.idem/errorType", "PROGRAMMING_ERROR");
        assertThat(text(result)).contains("input was mangled").doesNotContain("at dev.idem");
    }

    @Test
    void unknownToolIsRefusedByTheSdkAndNothingRuns() {
        int before = effects();

        assertThatThrownBy(() -> call("pai", Map.of("to", "x", "cents", 1), "call-unknown"))
                .isInstanceOf(McpError.class).hasMessageContaining("Unknown tool");
        assertThat(effects()).isEqualTo(before);
    }
}
