package dev.idem.springai;

import dev.idem.tool.FrameworkCalls;
import java.util.Map;
import org.springframework.ai.tool.metadata.ToolMetadata;

/**
 * The metadata of an {@link IdemToolCallback}: Spring AI's (the tool's answer goes back to the
 * model, never straight to the user) and the tool's safety flags, the same map every Idem adapter
 * publishes ({@link FrameworkCalls#safetyFlags}). Spring AI's {@code ToolDefinition} has no slot
 * for them, and the description stays the tool's own words.
 *
 * <pre>{@code
 * for (ToolCallback callback : provider.getToolCallbacks()) {
 *     if (callback.getToolMetadata() instanceof IdemToolMetadata idem
 *             && Boolean.TRUE.equals(idem.safetyFlags().get("readOnlyHint"))) {
 *         readOnlyTools.add(callback);
 *     }
 * }
 * }</pre>
 */
public final class IdemToolMetadata implements ToolMetadata {

    private final Map<String, Object> safetyFlags;

    IdemToolMetadata(Map<String, Object> safetyFlags) {
        this.safetyFlags = safetyFlags;
    }

    /** The tool's answer goes back to the model. */
    @Override
    public boolean returnDirect() {
        return false;
    }

    /**
     * The tool's safety flags: {@code readOnlyHint}, {@code destructiveHint},
     * {@code idempotentHint}, {@code openWorldHint}, {@code title} when it has one, and Idem's
     * {@code dev.idem/} entries (restart-safety, the retry policy, an own timeout). Unmodifiable.
     *
     * @return the flags by name
     */
    public Map<String, Object> safetyFlags() {
        return safetyFlags;
    }

    @Override
    public String toString() {
        return "IdemToolMetadata" + safetyFlags;
    }
}
