package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolDescriptor;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns an Idem {@link ToolDescriptor} into an MCP tool: the generated schema unchanged, the
 * safety flags as MCP annotations (hints for people and clients), and what MCP has no word for
 * (restart-safety, the retry policy) under {@code _meta}.
 */
final class McpToolDefinitions {

    private static final TypeRef<LinkedHashMap<String, Object>> OBJECT = new TypeRef<>() {};

    private McpToolDefinitions() {}

    static McpSchema.Tool toMcp(ToolDescriptor descriptor, RetryPolicy executorPolicy) {
        McpSchema.ToolAnnotations annotations = McpSchema.ToolAnnotations.builder()
                .title(descriptor.title())
                .readOnlyHint(descriptor.readOnly())
                // readOnly already forces these in the descriptor: idempotent, not destructive.
                .idempotentHint(descriptor.idempotent())
                .destructiveHint(descriptor.destructive())
                .openWorldHint(descriptor.openWorld())
                .build();
        return McpSchema.Tool.builder(descriptor.name(), parse(descriptor.inputSchema()))
                .title(descriptor.title())
                .description(descriptor.description())
                .annotations(annotations)
                .meta(meta(descriptor, executorPolicy))
                .build();
    }

    private static Map<String, Object> meta(ToolDescriptor descriptor, RetryPolicy executorPolicy) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put(McpToolServer.META_PREFIX + "restartSafe", descriptor.restartSafe());
        meta.put(McpToolServer.META_PREFIX + "idempotent", descriptor.idempotent());
        meta.put(McpToolServer.META_PREFIX + "readOnly", descriptor.readOnly());
        RetryPolicy policy = descriptor.ownRetryPolicy().orElse(executorPolicy);
        Map<String, Object> retry = new LinkedHashMap<>();
        retry.put("source", descriptor.ownRetryPolicy().isPresent() ? "tool" : "executor");
        retry.put("maxAttempts", policy.maxAttempts());
        retry.put("initialDelayMs", policy.initialDelayMs());
        retry.put("backoffFactor", policy.backoffFactor());
        retry.put("maxDelayMs", policy.maxDelayMs());
        retry.put("jitter", policy.jitter());
        retry.put("jitterFactor", policy.jitterFactor());
        List<String> retryOn = new ArrayList<>();
        for (ErrorType type : ErrorType.values()) {
            if (policy.retryOn().contains(type)) {
                retryOn.add(type.name());
            }
        }
        retry.put("retryOn", retryOn);
        meta.put(McpToolServer.META_PREFIX + "retryPolicy", retry);
        if (descriptor.timeoutMs() != ToolDescriptor.INHERIT_TIMEOUT) {
            meta.put(McpToolServer.META_PREFIX + "timeoutMs", descriptor.timeoutMs());
        }
        return meta;
    }

    private static Map<String, Object> parse(String schema) {
        try {
            return McpJson.MAPPER.readValue(schema, OBJECT);
        } catch (IOException e) {
            // Generated schemas are valid JSON; a hand-written descriptor may not be.
            throw new UncheckedIOException("input schema of a tool is not JSON: " + schema, e);
        }
    }
}
