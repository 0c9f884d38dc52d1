package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rules every adapter shares (intent bounds, never throwing, one shape of safety flags), seen
 * through the MCP server's tool specifications and their call handler.
 */
class McpAdapterRulesTest {

    private final Payments payments = new Payments();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))).build();
    private final McpToolServer tools = McpToolServer.builder(executor).intentCapacity(8).build();
    private final FrameworkCalls reference = FrameworkCalls.builder(executor, "reference").build();

    private McpServerFeatures.AsyncToolSpecification specification(String name) {
        return tools.toolSpecifications().stream().filter(s -> s.tool().name().equals(name)).findFirst().orElseThrow();
    }

    private McpSchema.CallToolResult call(String name, Map<String, Object> arguments, Map<String, Object> meta) {
        return specification("pay").callHandler()
                .apply(null, new McpSchema.CallToolRequest(name, arguments, meta))
                .block(Duration.ofSeconds(30));
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    @Test
    void everyAdapterPublishesTheSameSafetyFlags() {
        for (ToolDescriptor descriptor : executor.registry().descriptors()) {
            Map<String, Object> flags = reference.safetyFlags(descriptor);
            McpSchema.Tool tool = specification(descriptor.name()).tool();

            McpSchema.ToolAnnotations annotations = tool.annotations();
            Map<String, Object> published = new LinkedHashMap<>();
            if (annotations.title() != null) {
                published.put("title", annotations.title());
            }
            published.put("readOnlyHint", annotations.readOnlyHint());
            published.put("destructiveHint", annotations.destructiveHint());
            published.put("idempotentHint", annotations.idempotentHint());
            published.put("openWorldHint", annotations.openWorldHint());
            published.putAll(tool.meta());

            assertThat(published).as(descriptor.name()).isEqualTo(flags);
        }
        assertThat(specification("pay").tool().meta()).containsEntry("dev.idem/restartSafe", false)
                .containsKey("dev.idem/retryPolicy");
    }

    @Test
    void anIntentIdOverTheBoundIsRefusedInEveryAdapter() {
        List<Object> refused = List.of("x".repeat(257), "", 42, true, Map.of("a", 1), List.of("a"));
        for (Object intentId : refused) {
            Map<String, Object> meta = new HashMap<>();
            meta.put(McpToolServer.INTENT_ID_META_KEY, intentId);

            McpSchema.CallToolResult result = call("pay", Map.of("to", "ana", "cents", 100), meta);

            assertThat(result.isError()).isTrue();
            assertThat(text(result)).contains("REJECTED").contains(McpToolServer.INTENT_ID_META_KEY).contains("256")
                    .contains("NOT executed");
            assertThat(result.meta()).doesNotContainKey("dev.idem/intentId");
        }
        assertThat(payments.effects()).isZero();
        assertThat(tools.rememberedIntents()).isZero();
        assertThat(McpToolServer.MAX_INTENT_ID_LENGTH).isEqualTo(FrameworkCalls.MAX_INTENT_ID_LENGTH);
    }

    /** A {@code _meta} map that fails when read, as a transport of the user's own might hand over. */
    private static final class FailingMeta extends AbstractMap<String, Object> {
        @Override
        public Set<Entry<String, Object>> entrySet() {
            throw new IllegalStateException("meta unavailable");
        }

        @Override
        public boolean containsKey(Object key) {
            throw new IllegalStateException("meta unavailable");
        }
    }

    @Test
    void anAdapterCallNeverThrows() {
        Random random = new Random(77);
        String[] names = {"", "pay", "nope"};
        for (int i = 0; i < 40; i++) {
            Map<String, Object> meta = switch (random.nextInt(3)) {
                case 0 -> null;
                case 1 -> new FailingMeta();
                default -> Map.of(McpToolServer.INTENT_ID_META_KEY, random.nextLong());
            };
            Map<String, Object> arguments = random.nextBoolean() ? null : Map.of("cents", random.nextInt(5) - 10);
            String name = names[random.nextInt(names.length)];

            McpSchema.CallToolResult result = call(name, arguments, meta);

            assertThat(result).as("%s %s %s", name, arguments, meta).isNotNull();
            assertThat(result.isError()).isTrue();
        }
        assertThat(payments.effects()).isZero();
    }
}
