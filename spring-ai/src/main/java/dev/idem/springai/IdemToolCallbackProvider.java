package dev.idem.springai;

import dev.idem.tool.FrameworkCalls;
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
 * share one {@code ToolRun}. The intent id must be a {@code String} of 1 to
 * {@value FrameworkCalls#MAX_INTENT_ID_LENGTH} characters, not blank, else the call is refused
 * with nothing run ({@link FrameworkCalls}' rule, the same in every adapter).
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
    public static final String INTENT_ID = FrameworkCalls.INTENT_ID_KEY;

    private final ToolCallback[] callbacks;

    private IdemToolCallbackProvider(Builder builder) {
        FrameworkCalls calls = builder.calls.build();
        List<ToolDescriptor> descriptors = calls.executor().registry().descriptors();
        this.callbacks = new ToolCallback[descriptors.size()];
        for (int i = 0; i < callbacks.length; i++) {
            callbacks[i] = new IdemToolCallback(descriptors.get(i), calls);
        }
    }

    /**
     * A builder for callbacks of {@code executor}'s tools.
     *
     * @param executor the executor whose tools are provided, with their policies and journal
     * @return a new builder
     */
    public static Builder builder(ToolExecutor executor) {
        return new Builder(executor);
    }

    @Override
    public ToolCallback[] getToolCallbacks() {
        return callbacks.clone();
    }

    /** Configures an {@link IdemToolCallbackProvider}. */
    public static final class Builder {
        private final FrameworkCalls.Builder calls;

        private Builder(ToolExecutor executor) {
            this.calls = FrameworkCalls.builder(Objects.requireNonNull(executor, "executor"), "spring");
        }

        /**
         * How many intents keep their {@code ToolRun}, least recently used forgotten first; default 10,000.
         *
         * @param value the most intents remembered, at least 1
         * @return this builder
         */
        public Builder intentCapacity(int value) {
            calls.intentCapacity(value);
            return this;
        }

        /**
         * The provider.
         *
         * @return a new provider with this configuration
         */
        public IdemToolCallbackProvider build() {
            return new IdemToolCallbackProvider(this);
        }
    }
}
