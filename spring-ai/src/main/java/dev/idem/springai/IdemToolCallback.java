package dev.idem.springai;

import dev.idem.ErrorType;
import dev.idem.tool.IntentRuns;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolResult;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One Idem tool as a Spring AI {@link ToolCallback}: Idem's generated schema text as the input
 * schema, the call run in its intent's {@code ToolRun}. Made by {@link IdemToolCallbackProvider}.
 */
public final class IdemToolCallback implements ToolCallback {

    private static final Logger log = LoggerFactory.getLogger(IdemToolCallback.class);

    private final ToolDefinition definition;
    private final IntentRuns runs;

    IdemToolCallback(ToolDescriptor descriptor, IntentRuns runs) {
        this.definition = ToolDefinition.builder()
                .name(descriptor.name())
                .description(descriptor.description())
                .inputSchema(descriptor.inputSchema())
                .build();
        this.runs = runs;
    }

    @Override
    public ToolDefinition getToolDefinition() {
        return definition;
    }

    @Override
    public String call(String toolInput) {
        return call(toolInput, null);
    }

    /** Runs the call; returns the text for the model, an error sentence included. Never throws. */
    @Override
    public String call(String toolInput, ToolContext toolContext) {
        ToolCall call = new ToolCall("spring-" + UUID.randomUUID(), definition.name(), toolInput);
        ToolResult result;
        try {
            result = runs.forIntent(intentId(toolContext)).execute(call);
        } catch (RuntimeException e) {
            log.warn("tool call {} to '{}' failed inside the Spring AI adapter", call.id(), call.name(), e);
            // Whether the body ran is not known here: never report a plain failure.
            result = ToolResult.error(call.id(), call.name(), ErrorType.UNKNOWN,
                    "the tool call failed inside the adapter (" + e.getClass().getSimpleName() + ")", 0, false, true,
                    null);
        }
        return result.textForModel();
    }

    /** The caller's intent id from the tool context, else a new intent for this call alone. */
    static String intentId(ToolContext toolContext) {
        Map<String, Object> context = toolContext == null ? null : toolContext.getContext();
        Object given = context == null ? null : context.get(IdemToolCallbackProvider.INTENT_ID);
        if (given != null && !given.toString().isBlank()) {
            return given.toString();
        }
        return "spring-call-" + UUID.randomUUID();
    }

    @Override
    public String toString() {
        return "IdemToolCallback[" + definition.name() + "]";
    }
}
