package dev.idem.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.tool.ToolExecutionResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The rules every adapter shares (intent bounds, never throwing), seen through LangChain4j's tool executor. */
class Langchain4jAdapterRulesTest {

    private final Orders orders = new Orders();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Orders_ToolSet.of(orders))).build();
    private final IdemToolProvider provider = IdemToolProvider.builder(executor).build();

    private ToolExecutionResult refund(Object intentId) {
        InvocationContext context = InvocationContext.builder()
                .invocationId(UUID.randomUUID())
                .invocationParameters(InvocationParameters.from(IdemToolProvider.INTENT_ID, intentId))
                .build();
        return execute(ToolExecutionRequest.builder().id("c1").name("refund")
                .arguments("{\"order\":\"A1\",\"cents\":500}").build(), context);
    }

    private ToolExecutionResult execute(ToolExecutionRequest request, InvocationContext context) {
        // One executor serves every tool: whatever the request names goes to it.
        return provider.provideTools(null).toolExecutorByName("refund").executeWithContext(request, context);
    }

    @Test
    void anIntentIdOverTheBoundIsRefusedInEveryAdapter() {
        List<Object> refused = List.of("x".repeat(257), "y".repeat(1 << 20), "", " \t", 42, 4711L, true,
                Map.of("ticket", 1), List.of("a"), new StringBuilder("ticket-1"));
        for (Object intentId : refused) {
            ToolExecutionResult result = refund(intentId);

            assertThat(result.isError()).as("refused: %s", intentId.getClass()).isTrue();
            assertThat(result.resultText()).contains("REJECTED").contains(IdemToolProvider.INTENT_ID)
                    .contains("256").contains("NOT executed");
        }
        assertThat(orders.refundEffects.get()).isZero();

        ToolExecutionResult atTheBound = refund("z".repeat(256));
        assertThat(atTheBound.isError()).as(atTheBound.resultText()).isFalse();
        assertThat(orders.refundEffects.get()).isEqualTo(1);
    }

    @Test
    void anAdapterCallNeverThrows() {
        Random random = new Random(1309);
        List<ToolExecutionRequest> requests = new ArrayList<>();
        requests.add(ToolExecutionRequest.builder().build());
        requests.add(ToolExecutionRequest.builder().name("refund").build());
        requests.add(ToolExecutionRequest.builder().id("c2").name(null).arguments("{}").build());
        for (int i = 0; i < 30; i++) {
            requests.add(ToolExecutionRequest.builder()
                    .id(random.nextBoolean() ? null : "c" + i)
                    .name(random.nextBoolean() ? "refund" : random.nextBoolean() ? null : "nope" + i)
                    .arguments(random.nextBoolean() ? null : "{\"order\":" + random.nextInt())
                    .build());
        }
        for (ToolExecutionRequest request : requests) {
            InvocationContext context = random.nextBoolean() ? null : InvocationContext.builder()
                    .invocationId(random.nextBoolean() ? null : UUID.randomUUID())
                    .invocationParameters(random.nextBoolean() ? new InvocationParameters()
                            : InvocationParameters.from(IdemToolProvider.INTENT_ID, random.nextInt()))
                    .build();

            assertThatCode(() -> {
                ToolExecutionResult result = execute(request, context);
                assertThat(result.isError()).isTrue();
                assertThat(result.result()).isInstanceOf(ToolResult.class);
            }).as("request %s", request).doesNotThrowAnyException();
        }
        assertThat(orders.refundEffects.get()).isZero();
    }

    @Test
    void everyAdapterPublishesTheSameSafetyFlags() {
        FrameworkCalls reference = FrameworkCalls.builder(executor, "reference").build();
        IdemToolProvider strict = IdemToolProvider.builder(executor).strict(true).build();
        for (ToolDescriptor descriptor : executor.registry().descriptors()) {
            for (IdemToolProvider each : List.of(provider, strict)) {
                ToolSpecification specification = each.provideTools(null).toolSpecificationByName(descriptor.name());

                assertThat(specification.metadata()).as(descriptor.name()).isEqualTo(reference.safetyFlags(descriptor));
                assertThat(specification.description()).isEqualTo(descriptor.description());
            }
        }
    }
}
