package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * The executor's answer to a call does not depend on whether the set binds it in one pass: the
 * same seeded argument texts (valid and invalid) go to an executor over a generated set and to one
 * over the same set with streaming switched off (tree binding only), and every result must be
 * equal, field by field: success and value, or error type and message; attempts; the
 * idempotency key. The streaming binder thus accepts exactly what the tree binder and the schema
 * accept, and refuses (by deferring) exactly what they refuse. Sets are always the tree binder's
 * (the stream defers them), and so is a value its type's constructor refuses, so a set whose tools
 * hold them everywhere, such as {@code Shop}, is compared for equal results without a share bound
 * in one pass.
 */
class StreamingExecutionTest {
    private static final int TEXTS_PER_SET = 2_000;

    @Test
    void everyCallGetsTheSameResultWhetherTheSetStreamsOrNotOnTheKitchenTools() {
        compare(KitchenTools.TOOLS, KitchenTools.VALID_CALLS, new Random(20_261_201L), true);
    }

    @Test
    void everyCallGetsTheSameResultWhetherTheSetStreamsOrNotOnRefusingConstructorsBoundsAndSets() throws Exception {
        Compilation compilation = Compile.compile(JavaFileObjects.forResource("tools/Shop.java"));
        assertThat(compilation).succeeded();
        ClassLoader loader = Compile.loader(compilation);
        Class<?> shop = loader.loadClass("test.Shop");
        ToolSet tools = (ToolSet) loader.loadClass("test.Shop_ToolSet").getMethod("of", shop)
                .invoke(null, shop.getConstructor().newInstance());
        String line = "{\"sku\":\"ABC-1\",\"quantity\":{\"units\":2},\"size\":\"M\",\"price\":12.50}";
        String order = "{\"lines\":[" + line + "," + line + "],\"extras\":{\"bag\":{\"units\":4}},\"gift\":" + line
                + ",\"coupons\":[1.5,2.25],\"ratio\":0.5,\"weight\":1.25,\"grade\":\"A\",\"level\":3,\"shelf\":300,"
                + "\"sizes\":[\"S\",\"L\"]}";
        compare(tools, Map.of("order", order), new Random(20_261_202L), false);
    }

    /**
     * Runs each text through both executors under one intent id and asserts equal results; with
     * {@code mostlyStreamed}, also that most successes were bound in one pass.
     */
    private static void compare(ToolSet tools, Map<String, String> valid, Random random, boolean mostlyStreamed) {
        Observed streaming = new Observed(tools, true);
        ToolExecutor streamed = ToolExecutor.builder(ToolRegistry.of(streaming)).build();
        ToolExecutor treeOnly = ToolExecutor.builder(ToolRegistry.of(new Observed(tools, false))).build();
        List<String> names = new ArrayList<>(valid.keySet());
        int succeeded = 0;
        int refused = 0;
        for (int i = 0; i < TEXTS_PER_SET; i++) {
            String tool = names.get(random.nextInt(names.size()));
            String text = i < names.size() ? valid.get(names.get(i)) : ArgumentTexts.mutate(valid.get(tool), random);
            if (i < names.size()) {
                tool = names.get(i);
            }
            ToolCall call = new ToolCall("call-" + i, tool, text);
            ToolResult fast = streamed.newRun("intent-" + i).execute(call);
            ToolResult tree = treeOnly.newRun("intent-" + i).execute(call);
            assertThat(fast).as("%s %s", tool, text).isEqualTo(tree);
            if (tree.isError()) {
                refused++;
            } else {
                succeeded++;
            }
        }
        // Both sides reached, and most successes bound in one pass, or the comparison proves little.
        assertThat(succeeded).as("calls that succeeded").isGreaterThan(TEXTS_PER_SET / 10);
        assertThat(refused).as("calls that were refused").isGreaterThan(TEXTS_PER_SET / 10);
        if (mostlyStreamed) {
            assertThat(streaming.bound).as("calls bound in one pass").isGreaterThan(succeeded / 2);
        }
    }

    /**
     * The generated set, counting the calls its streaming binder bound itself; with {@code streams}
     * off, its streaming binder is switched off and every call is bound from the tree.
     */
    private static final class Observed implements ToolSet {
        private final ToolSet tools;
        private final boolean streams;
        int bound;

        Observed(ToolSet tools, boolean streams) {
            this.tools = tools;
            this.streams = streams;
        }

        @Override
        public List<ToolDescriptor> descriptors() {
            return tools.descriptors();
        }

        @Override
        public BoundCall bind(String toolName, JsonNode arguments) {
            return tools.bind(toolName, arguments);
        }

        @Override
        public BoundCall bind(String toolName, JsonNode arguments, long deadlineNanos) {
            return tools.bind(toolName, arguments, deadlineNanos);
        }

        @Override
        public BoundCall bindStreaming(String toolName, JsonParser arguments) {
            return counted(streams ? tools.bindStreaming(toolName, arguments) : null);
        }

        @Override
        public BoundCall bindStreaming(String toolName, JsonParser arguments, long deadlineNanos) {
            return counted(streams ? tools.bindStreaming(toolName, arguments, deadlineNanos) : null);
        }

        private BoundCall counted(BoundCall call) {
            if (call != null) {
                bound++;
            }
            return call;
        }
    }
}
