package dev.idem.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

/** The rules every adapter shares (intent bounds, never throwing), seen through Spring AI's callbacks. */
class SpringAiAdapterRulesTest {

    private static final String PAYOUT = "{\"seller\":\"S1\",\"cents\":9900}";

    private final Payouts payouts = new Payouts();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payouts_ToolSet.of(payouts))).build();
    private final IdemToolCallbackProvider tools = IdemToolCallbackProvider.builder(executor).build();
    private final ToolCallback payout = tools.getToolCallbacks()[0];

    private static ToolContext intent(Object intentId) {
        Map<String, Object> context = new HashMap<>();
        context.put(IdemToolCallbackProvider.INTENT_ID, intentId);
        return new ToolContext(context);
    }

    @Test
    void anIntentIdOverTheBoundIsRefusedInEveryAdapter() {
        List<Object> refused = List.of("x".repeat(257), "y".repeat(1 << 20), "", " \t", 42, 4711L, true,
                Map.of("ticket", 1), List.of("a"), new StringBuilder("ticket-1"));
        for (Object intentId : refused) {
            String answer = payout.call(PAYOUT, intent(intentId));

            assertThat(answer).as("refused: %s", intentId.getClass()).startsWith("Error: tool 'payout' failed (REJECTED)")
                    .contains(IdemToolCallbackProvider.INTENT_ID).contains("256").contains("NOT executed");
        }
        assertThat(payout.call(PAYOUT, intent(null))).contains("REJECTED");
        assertThat(payouts.effects.get()).isZero();

        assertThat(payout.call(PAYOUT, intent("z".repeat(256)))).isEqualTo("payout P1 of 9900 to S1");
        assertThat(payouts.effects.get()).isEqualTo(1);
    }

    /** A context map that fails when read, as a broken framework or user code might hand over. */
    private static final class FailingMap extends AbstractMap<String, Object> {
        @Override
        public Set<Entry<String, Object>> entrySet() {
            throw new IllegalStateException("context unavailable");
        }

        @Override
        public Object get(Object key) {
            throw new IllegalStateException("context unavailable");
        }

        @Override
        public boolean containsKey(Object key) {
            throw new IllegalStateException("context unavailable");
        }
    }

    @Test
    void anAdapterCallNeverThrows() {
        Random random = new Random(2211);
        for (int i = 0; i < 40; i++) {
            String input = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> "{\"seller\":";
                case 2 -> "[" + random.nextInt() + "]";
                default -> "{\"cents\":" + random.nextInt() + "}";
            };
            ToolContext context = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> new ToolContext(new FailingMap());
                case 2 -> intent(random.nextDouble());
                default -> new ToolContext(Map.of());
            };

            assertThatCode(() -> assertThat(payout.call(input, context)).startsWith("Error: tool 'payout' failed ("))
                    .as("input %s", input).doesNotThrowAnyException();
        }
        assertThat(payouts.effects.get()).isZero();
    }

    @Test
    void everyAdapterPublishesTheSameSafetyFlags() {
        FrameworkCalls reference = FrameworkCalls.builder(executor, "reference").build();
        List<ToolDescriptor> descriptors = executor.registry().descriptors();
        ToolCallback[] callbacks = tools.getToolCallbacks();
        assertThat(callbacks).hasSameSizeAs(descriptors);
        for (int i = 0; i < callbacks.length; i++) {
            ToolDescriptor descriptor = descriptors.get(i);

            assertThat(callbacks[i].getToolMetadata()).isInstanceOfSatisfying(IdemToolMetadata.class, metadata -> {
                assertThat(metadata.safetyFlags()).as(descriptor.name()).isEqualTo(reference.safetyFlags(descriptor));
                assertThat(metadata.returnDirect()).isFalse();
            });
            assertThat(callbacks[i].getToolDefinition().description()).isEqualTo(descriptor.description());
        }
    }
}
