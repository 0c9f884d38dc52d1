package dev.idem.springai;

import dev.idem.tool.IntentRuns;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * Idem tool sets as Spring AI tool callbacks, one per tool. Every call runs under Idem's rules
 * (binding by the generated code, classified retries, one idempotency key per call intent); calls
 * that carry the same intent id in Spring AI's {@code ToolContext} under {@value #INTENT_ID}
 * share one {@code ToolRun}.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(PixBank_ToolSet.of(bank))).build();
 * IdemToolCallbackProvider tools = IdemToolCallbackProvider.builder(executor).build();
 * String answer = ChatClient.create(chatModel).prompt()
 *         .user("Pay Maria R$ 150")
 *         .tools(tools)
 *         .toolContext(Map.of(IdemToolCallbackProvider.INTENT_ID, ticketId))
 *         .call().content();
 * }</pre>
 *
 * <p>A call without an intent id is an intent of its own. Callbacks never throw: failures come
 * back as Idem's one sentence pattern for the model ("Error: tool 'x' failed (TYPE) ...").
 */
public final class IdemToolCallbackProvider implements ToolCallbackProvider {

    /** The {@code ToolContext} entry that carries the caller's intent id (the ticket, the click). */
    public static final String INTENT_ID = "dev.idem/intentId";

    private final ToolCallback[] callbacks;

    private IdemToolCallbackProvider(Builder builder) {
        IntentRuns runs = new IntentRuns(builder.executor, builder.intentCapacity);
        List<ToolDescriptor> descriptors = builder.executor.registry().descriptors();
        this.callbacks = new ToolCallback[descriptors.size()];
        for (int i = 0; i < callbacks.length; i++) {
            callbacks[i] = new IdemToolCallback(descriptors.get(i), runs);
        }
    }

    /** A builder for callbacks of {@code executor}'s tools. */
    public static Builder builder(ToolExecutor executor) {
        return new Builder(executor);
    }

    @Override
    public ToolCallback[] getToolCallbacks() {
        return callbacks.clone();
    }

    /** Configures an {@link IdemToolCallbackProvider}. */
    public static final class Builder {
        private final ToolExecutor executor;
        private int intentCapacity = 10_000;

        private Builder(ToolExecutor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
        }

        /** How many intents keep their {@code ToolRun}, least recently used forgotten first; default 10,000. */
        public Builder intentCapacity(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("intentCapacity must be at least 1, was " + value);
            }
            this.intentCapacity = value;
            return this;
        }

        public IdemToolCallbackProvider build() {
            return new IdemToolCallbackProvider(this);
        }
    }
}
