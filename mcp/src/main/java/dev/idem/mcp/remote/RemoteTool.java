package dev.idem.mcp.remote;

import dev.idem.ApprovalCondition;
import dev.idem.tool.ToolDescriptor;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One remote tool as Idem runs it: its descriptor (flags from the operator's policy alone), the
 * validator of the server's input schema, and the argument that receives the idempotency key.
 *
 * @param remoteName  the tool's name on the server
 * @param descriptor  what the model and the executor know
 * @param validator   the server's input schema, checked before anything is sent
 * @param keyArgument the argument the key is written into, or {@code null}
 */
record RemoteTool(String remoteName, ToolDescriptor descriptor, SchemaValidator validator, String keyArgument) {

    /** The tool of a {@code tools/list} entry under {@code policy}; problems of the policy are added. */
    static RemoteTool of(String server, JsonNode listed, RemoteToolPolicy policy, List<String> problems) {
        String name = listed.path("name").asString();
        JsonNode schema = listed.path("inputSchema");
        if (!schema.isObject()) {
            schema = RemoteJson.MAPPER.createObjectNode().put("type", "object");
        }
        RemoteToolPolicy.Rule rule = policy.rule(server, name).orElse(null);
        boolean trusted = policy.trustsAnnotations(server, name);
        JsonNode hints = listed.path("annotations");
        boolean readOnly = flag(rule == null ? null : rule.readOnly().orElse(null), trusted, hints, "readOnlyHint");
        boolean idempotent = flag(rule == null ? null : rule.idempotent().orElse(null), trusted, hints, "idempotentHint");
        // MCP has no hint for restart-safety: only the operator says it (or read-only implies it)
        boolean restartSafe = rule != null && rule.restartSafe().orElse(false);
        String keyArgument = rule == null ? null : rule.keyArgument().orElse(null);
        ObjectNode listedSchema = ((ObjectNode) schema).deepCopy();
        if (keyArgument != null) {
            if (!schema.path("properties").has(keyArgument)) {
                problems.add("server '" + server + "', tool '" + name + "': the key argument '" + keyArgument
                        + "' is not a property of its input schema" + didYouMean(keyArgument, schema.path("properties")));
            } else {
                withoutProperty(listedSchema, keyArgument);
            }
        }
        ToolDescriptor.Builder descriptor = ToolDescriptor.builder(name)
                .description(listed.path("description").asString(""))
                .inputSchema(listedSchema.toString())
                .requiredParameters(names(listedSchema.path("required")))
                .optionalParameters(optional(listedSchema))
                .readOnly(readOnly)
                .idempotent(idempotent)
                .restartSafe(restartSafe)
                .title(listed.path("title").isString() ? listed.path("title").asString()
                        : hints.path("title").isString() ? hints.path("title").asString() : null)
                // descriptive hints, passed on only when trusted; else MCP's cautious defaults
                .destructive(!trusted || hints.path("destructiveHint").asBoolean(true))
                .openWorld(!trusted || hints.path("openWorldHint").asBoolean(true));
        if (listed.path("outputSchema").isObject()) {
            descriptor.outputSchema(listed.path("outputSchema").toString());
        }
        if (rule != null) {
            rule.retryPolicy().ifPresent(descriptor::retryPolicy);
            rule.timeoutMs().ifPresent(descriptor::timeoutMs);
            if (rule.requiresApproval()) {
                descriptor.requiresApproval(ApprovalCondition.ALWAYS);
            }
        }
        return new RemoteTool(name, descriptor.build(), new SchemaValidator(schema), keyArgument);
    }

    /** The operator's statement, else the trusted hint, else false. */
    private static boolean flag(Boolean stated, boolean trusted, JsonNode hints, String hint) {
        if (stated != null) {
            return stated;
        }
        return trusted && hints.path(hint).asBoolean(false);
    }

    private static void withoutProperty(ObjectNode schema, String name) {
        if (schema.path("properties").isObject()) {
            ((ObjectNode) schema.get("properties")).remove(name);
        }
        if (schema.path("required").isArray()) {
            ArrayNode kept = schema.arrayNode();
            schema.get("required").forEach(required -> {
                if (!required.asString().equals(name)) {
                    kept.add(required);
                }
            });
            schema.set("required", kept);
        }
    }

    private static String[] names(JsonNode required) {
        List<String> names = new ArrayList<>();
        required.forEach(name -> names.add(name.asString()));
        return names.toArray(String[]::new);
    }

    private static String[] optional(JsonNode schema) {
        List<String> required = List.of(names(schema.path("required")));
        List<String> names = new ArrayList<>();
        schema.path("properties").propertyNames().forEach(name -> {
            if (!required.contains(name)) {
                names.add(name);
            }
        });
        return names.toArray(String[]::new);
    }

    private static String didYouMean(String wanted, JsonNode properties) {
        List<String> close = RemotePolicyFiles.closeTo(wanted, new ArrayList<>(properties.propertyNames()));
        return close.isEmpty() ? "" : "; did you mean '" + String.join("' or '", close) + "'?";
    }
}
