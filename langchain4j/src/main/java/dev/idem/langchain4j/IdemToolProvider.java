package dev.idem.langchain4j;

import dev.idem.tool.IntentRuns;
import dev.idem.tool.ToolCall;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plugs Idem tool sets into a LangChain4j {@code AiServices} agent. Every call runs under Idem's
 * rules (binding by the generated code, classified retries, one idempotency key per call intent);
 * all tool calls of one AI-service method call share one {@code ToolRun}, whose intent is the
 * invocation parameter {@value #INTENT_ID} when given, else LangChain4j's invocation id.
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
    public static final String INTENT_ID = "dev.idem/intentId";

    private static final Logger log = LoggerFactory.getLogger(IdemToolProvider.class);

    private final ToolExecutor executor;
    private final IntentRuns runs;
    private final ToolProviderResult tools;

    private IdemToolProvider(Builder builder) {
        this.executor = builder.executor;
        this.runs = new IntentRuns(builder.executor, builder.intentCapacity);
        ToolProviderResult.Builder result = ToolProviderResult.builder();
        IdemToolExecutor runsIdemTools = new IdemToolExecutor();
        for (ToolDescriptor descriptor : executor.registry().descriptors()) {
            result.add(specification(descriptor, builder.strict), runsIdemTools);
        }
        this.tools = result.build();
    }

    /** A builder for a provider of {@code executor}'s tools. */
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
     */
    public Function<ToolExecutionRequest, ToolExecutionResultMessage> unknownToolAnswer() {
        return request -> {
            ToolResult result = executor.execute(new ToolCall(callId(request), request.name(), request.arguments()));
            return ToolExecutionResultMessage.builder()
                    .id(request.id())
                    .toolName(request.name())
                    .text(result.textForModel())
                    .isError(result.isError())
                    .build();
        };
    }

    static ToolSpecification specification(ToolDescriptor descriptor, boolean strict) {
        boolean strictHere = strict && descriptor.ownStrictSchema().isPresent();
        String schema = strictHere ? descriptor.strictSchema() : descriptor.inputSchema();
        ToolSpecification.Builder specification = ToolSpecification.builder()
                .name(descriptor.name())
                .description(descriptor.description())
                .parameters(Langchain4jSchemas.fromIdem(schema))
                .metadata(metadata(descriptor));
        if (strict) {
            // A tool with no strict form (it takes a Map, say) must not be forced into strict mode.
            specification.strict(strictHere);
        }
        return specification.build();
    }

    /** The flags under the keys langchain4j-mcp uses for MCP tool annotations, plus Idem's own. */
    private static Map<String, Object> metadata(ToolDescriptor descriptor) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        descriptor.ownTitle().ifPresent(title -> metadata.put("title", title));
        metadata.put("readOnlyHint", descriptor.readOnly());
        metadata.put("destructiveHint", descriptor.destructive());
        metadata.put("idempotentHint", descriptor.idempotent());
        metadata.put("openWorldHint", descriptor.openWorld());
        metadata.put("dev.idem/restartSafe", descriptor.restartSafe());
        return metadata;
    }

    private static String callId(ToolExecutionRequest request) {
        return request.id() != null ? request.id() : "lc4j-" + UUID.randomUUID();
    }

    /** The intent of an AI-service call: the caller's intent id, else LangChain4j's invocation id. */
    static String intentId(InvocationContext context) {
        if (context == null) {
            return "lc4j-call-" + UUID.randomUUID();
        }
        InvocationParameters parameters = context.invocationParameters();
        Object given = parameters == null ? null : parameters.get(INTENT_ID);
        if (given != null && !given.toString().isBlank()) {
            return given.toString();
        }
        UUID invocation = context.invocationId();
        return invocation != null ? "lc4j-" + invocation : "lc4j-call-" + UUID.randomUUID();
    }

    /** Runs one tool call in the run of its AI-service call; never throws. */
    private final class IdemToolExecutor implements dev.langchain4j.service.tool.ToolExecutor {

        @Override
        public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
            ToolCall call = new ToolCall(callId(request), request.name(), request.arguments());
            ToolResult result;
            try {
                result = runs.forIntent(intentId(context)).execute(call);
            } catch (RuntimeException e) {
                log.warn("tool call {} to '{}' failed inside the LangChain4j adapter", call.id(), call.name(), e);
                // Whether the body ran is not known here: never report a plain failure.
                result = ToolResult.error(call.id(), call.name(), dev.idem.ErrorType.UNKNOWN,
                        "the tool call failed inside the adapter (" + e.getClass().getSimpleName() + ")", 0, false,
                        true, null);
            }
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
        private final ToolExecutor executor;
        private boolean strict;
        private int intentCapacity = 10_000;

        private Builder(ToolExecutor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
        }

        /**
         * Set when the chat model is strict about tools (OpenAI's {@code strictTools(true)}):
         * tools then carry Idem's strict-dialect schema and {@code strict = true}; a tool that has
         * no strict form keeps its standard schema and {@code strict = false}. Default false.
         */
        public Builder strict(boolean value) {
            this.strict = value;
            return this;
        }

        /** How many intents keep their {@code ToolRun}, least recently used forgotten first; default 10,000. */
        public Builder intentCapacity(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("intentCapacity must be at least 1, was " + value);
            }
            this.intentCapacity = value;
            return this;
        }

        public IdemToolProvider build() {
            return new IdemToolProvider(this);
        }
    }
}
