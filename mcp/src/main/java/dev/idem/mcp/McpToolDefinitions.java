package dev.idem.mcp;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns an Idem {@link ToolDescriptor} into an MCP tool: the generated input schema and, for a tool
 * whose value is an object, its output schema, each with {@code $schema} added, and the
 * tool's safety flags ({@link FrameworkCalls#safetyFlags}) mapped to MCP: the hints MCP has words
 * for as annotations (for people and clients), Idem's own {@code dev.idem/} entries (restart-safety,
 * the retry policy...) under {@code _meta}.
 */
final class McpToolDefinitions {

    private static final TypeRef<LinkedHashMap<String, Object>> OBJECT = new TypeRef<>() {};

    /** The key of a schema's dialect. */
    static final String SCHEMA_KEY = "$schema";

    /** The dialect of every schema Idem generates. */
    static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    private McpToolDefinitions() {}

    static McpSchema.Tool toMcp(ToolDescriptor descriptor, Map<String, Object> safetyFlags) {
        McpSchema.ToolAnnotations annotations = McpSchema.ToolAnnotations.builder()
                .title((String) safetyFlags.get("title"))
                .readOnlyHint((Boolean) safetyFlags.get("readOnlyHint"))
                .idempotentHint((Boolean) safetyFlags.get("idempotentHint"))
                .destructiveHint((Boolean) safetyFlags.get("destructiveHint"))
                .openWorldHint((Boolean) safetyFlags.get("openWorldHint"))
                .build();
        Map<String, Object> meta = new LinkedHashMap<>();
        safetyFlags.forEach((key, value) -> {
            if (key.startsWith(McpToolServer.META_PREFIX)) {
                meta.put(key, value);
            }
        });
        McpSchema.Tool.Builder tool = McpSchema.Tool.builder(descriptor.name(), withDialect(parse(descriptor.inputSchema())));
        descriptor.ownOutputSchema().ifPresent(schema -> tool.outputSchema(withDialect(parse(schema))));
        return tool
                .title(descriptor.title())
                .description(descriptor.description())
                .annotations(annotations)
                .meta(meta)
                .build();
    }

    /**
     * The schema with {@code $schema} first, naming the dialect Idem writes (JSON Schema 2020-12),
     * as MCP asks of a schema whose dialect is not the default: clients then need not guess. One
     * that names its own dialect keeps it.
     */
    static Map<String, Object> withDialect(Map<String, Object> schema) {
        if (schema.containsKey(SCHEMA_KEY)) {
            return schema;
        }
        Map<String, Object> named = new LinkedHashMap<>();
        named.put(SCHEMA_KEY, DIALECT);
        named.putAll(schema);
        return named;
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
