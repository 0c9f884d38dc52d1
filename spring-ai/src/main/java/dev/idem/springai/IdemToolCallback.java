package dev.idem.springai;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolResult;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One Idem tool as a Spring AI {@link ToolCallback}: Idem's generated schema text as the input
 * schema, the call run in its intent's {@code ToolRun}, the tool's safety flags in its
 * {@link IdemToolMetadata}. Made by {@link IdemToolCallbackProvider}.
 */
public final class IdemToolCallback implements ToolCallback {

    private final ToolDefinition definition;
    private final IdemToolMetadata metadata;
    private final FrameworkCalls calls;

    IdemToolCallback(ToolDescriptor descriptor, FrameworkCalls calls) {
        this.definition = ToolDefinition.builder()
                .name(descriptor.name())
                .description(descriptor.description())
                .inputSchema(descriptor.inputSchema())
                .build();
        this.metadata = new IdemToolMetadata(calls.safetyFlags(descriptor));
        this.calls = calls;
    }

    @Override
    public ToolDefinition getToolDefinition() {
        return definition;
    }

    /** Spring AI's metadata (the tool's answer goes back to the model) with Idem's safety flags. */
    @Override
    public IdemToolMetadata getToolMetadata() {
        return metadata;
    }

    @Override
    public String call(String toolInput) {
        return call(toolInput, null);
    }

    /**
     * Runs the call in the intent of the {@code ToolContext} entry
     * {@value IdemToolCallbackProvider#INTENT_ID} (without one, the call is an intent of its own);
     * returns the text for the model, an error sentence included. Never throws.
     */
    @Override
    public String call(String toolInput, ToolContext toolContext) {
        FrameworkCalls.Intent intent = calls.intent(toolContext == null ? null : toolContext.getContext(), null);
        ToolResult result = calls.execute(intent, null, definition.name(), toolInput);
        return result.textForModel();
    }

    @Override
    public String toString() {
        return "IdemToolCallback[" + definition.name() + "]";
    }
}
