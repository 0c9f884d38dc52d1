package dev.idem.langchain4j;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

/**
 * Plugs Idem tool sets into a LangChain4j {@code AiServices} agent. Every call runs under Idem's
 * rules (binding by the generated code, classified retries, one idempotency key per call intent);
 * all tool calls of one AI-service method call share one {@code ToolRun}, whose intent is the
 * invocation parameter {@value #INTENT_ID} when given, else LangChain4j's invocation id. The
 * intent id must be a {@code String} of 1 to {@value FrameworkCalls#MAX_INTENT_ID_LENGTH}
 * characters, not blank, else the call is refused with nothing run ({@link FrameworkCalls}' rule,
 * the same in every adapter).
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(PixBank_ToolSet.of(bank))).build();
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .toolProvider(IdemToolProvider.builder(executor).build())
 *         .build();
 * // interface Assistant { String chat(@UserMessage String text, InvocationParameters parameters); }
 * assistant.chat("Pay Maria R$ 150", InvocationParameters.from(IdemToolProvider.INTENT_ID, ticketId));
 * }</pre>
 *
 * <p>Results carry {@code isError}; the text is Idem's one sentence pattern for the model. A
 * handler never throws. Schemas pass through unchanged (see {@link #builder}'s {@code strict}).
 */
public final class IdemToolProvider implements ToolProvider {

    /** The invocation parameter that carries the caller's intent id (the ticket, the click). */
    public static final String INTENT_ID = FrameworkCalls.INTENT_ID_KEY;

    private final FrameworkCalls calls;
    private final ToolProviderResult tools;

    private IdemToolProvider(Builder builder) {
        this.calls = builder.calls.build();
        ToolProviderResult.Builder result = ToolProviderResult.builder();
        IdemToolExecutor runsIdemTools = new IdemToolExecutor();
        for (ToolDescriptor descriptor : calls.executor().registry().descriptors()) {
            result.add(specification(descriptor, builder.strict, calls.safetyFlags(descriptor)), runsIdemTools);
        }
        this.tools = result.build();
    }

    /**
     * A builder for a provider of {@code executor}'s tools.
     *
     * @param executor the executor whose tools are provided, with their policies and journal
     * @return a new builder
     */
    public static Builder builder(ToolExecutor executor) {
        return new Builder(executor);
    }

    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        return tools;
    }

    /**
     * An answer for tool names the model made up, with Idem's "did you mean" and the list of
     * tools; for {@code AiServices.builder(...).hallucinatedToolNameStrategy(...)}. Nothing runs.
     *
     * @return the answer to a call of an unknown tool
     */
    public Function<ToolExecutionRequest, ToolExecutionResultMessage> unknownToolAnswer() {
        return request -> {
            ToolResult result = calls.execute(calls.intent(null, null), request.id(), request.name(),
                    request.arguments());
            return ToolExecutionResultMessage.builder()
                    .id(request.id())
                    .toolName(request.name())
                    .text(result.textForModel())
                    .isError(result.isError())
                    .build();
        };
    }

    /** The tool for LangChain4j; its safety flags as the metadata, under the keys langchain4j-mcp uses for MCP's. */
    static ToolSpecification specification(ToolDescriptor descriptor, boolean strict, Map<String, Object> safetyFlags) {
        boolean strictHere = strict && descriptor.ownStrictSchema().isPresent();
        String schema = strictHere ? descriptor.strictSchema() : descriptor.inputSchema();
        ToolSpecification.Builder specification = ToolSpecification.builder()
                .name(descriptor.name())
                .description(descriptor.description())
                .parameters(Langchain4jSchemas.fromIdem(schema))
                .metadata(safetyFlags);
        if (strict) {
            // A tool with no strict form (it takes a Map, say) must not be forced into strict mode.
            specification.strict(strictHere);
        }
        return specification.build();
    }

    /** The intent of an AI-service call: the caller's intent id, else LangChain4j's invocation id. */
    private FrameworkCalls.Intent intent(InvocationContext context) {
        if (context == null) {
            return calls.intent(null, null);
        }
        InvocationParameters parameters = context.invocationParameters();
        UUID invocation = context.invocationId();
        return calls.intent(parameters == null ? null : parameters.asMap(),
                invocation == null ? null : "lc4j-" + invocation);
    }

    /** Runs one tool call in the run of its AI-service call; never throws. */
    private final class IdemToolExecutor implements dev.langchain4j.service.tool.ToolExecutor {

        @Override
        public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
            ToolResult result = calls.execute(intent(context), request.id(), request.name(), request.arguments());
            return ToolExecutionResult.builder()
                    .isError(result.isError())
                    .result(result)
                    .resultText(result.textForModel())
                    .build();
        }

        /** Without an invocation context there is no intent to share: each call is its own. */
        @Override
        public String execute(ToolExecutionRequest request, Object memoryId) {
            return executeWithContext(request, null).resultText();
        }
    }

    /** Configures an {@link IdemToolProvider}. */
    public static final class Builder {
        private final FrameworkCalls.Builder calls;
        private boolean strict;

        private Builder(ToolExecutor executor) {
            this.calls = FrameworkCalls.builder(Objects.requireNonNull(executor, "executor"), "lc4j");
        }

        /**
         * Set when the chat model is strict about tools (OpenAI's {@code strictTools(true)}):
         * tools then carry Idem's strict-dialect schema and {@code strict = true}; a tool that has
         * no strict form keeps its standard schema and {@code strict = false}. Default false.
         *
         * @param value true when the chat model is strict about tools
         * @return this builder
         */
        public Builder strict(boolean value) {
            this.strict = value;
            return this;
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
        public IdemToolProvider build() {
            return new IdemToolProvider(this);
        }
    }
}
