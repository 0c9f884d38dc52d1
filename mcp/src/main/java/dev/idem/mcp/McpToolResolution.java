package dev.idem.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolRegistry;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpFeature;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;

/**
 * The experimental tool-resolution extension ({@value #EXTENSION}, SEP-1862) on 2026-07-28:
 * {@code tools/resolve} answers a tool's definition for the given arguments, from the tool's
 * compiled flags. The MCP hints are the static ones (Idem's flags do not depend on arguments, so
 * a resolved tool is never looser than the listed one); what does depend on the arguments is the
 * approval condition ({@code @Tool(requiresApproval = true, approvalWhen = ...)}): the resolved
 * {@code _meta} says under {@value #APPROVAL_META_KEY} whether this call needs a person's approval
 * ({@code "required"} or {@code "not required"}), and {@code "invalid arguments"} when the
 * arguments do not bind (then the call would be refused, nothing run). Runs nothing: the arguments
 * are bound and the condition read, as the executor does before a call, no body, no journal.
 */
final class McpToolResolution implements McpFeature {

    /** The extension's id, declared under the server's capabilities. */
    static final String EXTENSION = "io.modelcontextprotocol/tool-resolution";

    /** The method. */
    static final String METHOD = "tools/resolve";

    /** Where the resolved definition says whether this call needs approval. */
    static final String APPROVAL_META_KEY = McpToolServer.META_PREFIX + "requiresApprovalForArguments";

    /** The result: the complete tool definition for these arguments. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ResolveToolResult(@JsonProperty("tool") McpSchema.Tool tool,
            @JsonProperty("resultType") String resultType,
            @JsonProperty("_meta") Map<String, Object> meta) implements McpSchema.Result {}

    private final FrameworkCalls calls;
    private final Map<String, McpSchema.Tool> definitions;

    McpToolResolution(FrameworkCalls calls, Map<String, McpSchema.Tool> definitions) {
        this.calls = calls;
        this.definitions = definitions;
    }

    @Override
    public Set<String> methods() {
        return Set.of(METHOD);
    }

    @Override
    public void capabilities(McpSchema.ServerCapabilities.Builder builder) {
        builder.extension(EXTENSION, Map.of());
    }

    @Override
    public Mono<McpAsyncResponse<McpSchema.Result>> handle(McpRequestContext ctx, Object params) {
        JsonNode request = McpJson.MAPPER.convertValue(params, JsonNode.class);
        String name = request == null ? null : request.path("name").isString() ? request.path("name").asString() : null;
        if (name == null) {
            return Mono.error(McpException.invalidParams(METHOD + " needs the tool's 'name', a string"));
        }
        McpSchema.Tool listed = definitions.get(name);
        if (listed == null) {
            return Mono.error(McpException.invalidParams("Unknown tool: " + name));
        }
        JsonNode arguments = request.path("arguments");
        if (!arguments.isMissingNode() && !arguments.isNull() && !arguments.isObject()) {
            return Mono.error(McpException.invalidParams(METHOD + " needs 'arguments' as an object"));
        }
        return Mono.fromCallable(() -> resolve(listed, arguments.isObject() ? arguments : null))
                .subscribeOn(Schedulers.boundedElastic())
                .map(McpAsyncResponse::result);
    }

    @SuppressWarnings("unchecked")
    private McpSchema.Result resolve(McpSchema.Tool listed, JsonNode arguments) throws IOException {
        ToolRegistry.Entry entry = calls.executor().registry().find(listed.name());
        ToolDescriptor descriptor = entry.descriptor();
        if (!descriptor.requiresApproval()) {
            return new ResolveToolResult(listed, McpSchema.ResultType.COMPLETE, null);
        }
        Map<String, Object> withoutHandle = arguments == null ? new LinkedHashMap<>()
                : new LinkedHashMap<>(McpJson.MAPPER.convertValue(arguments, Map.class));
        withoutHandle.remove(McpModernCalls.HANDLE_ARGUMENT);
        String text = McpJson.MAPPER.writeValueAsString(withoutHandle);
        String answer;
        try {
            entry.toolSet().bind(descriptor.name(), McpJson.MAPPER.convertValue(withoutHandle, JsonNode.class),
                    System.nanoTime() + 1_000_000_000L);
            boolean needed = calls.executor().newRun("mcp-resolve-" + UUID.randomUUID())
                    .approvalNeeded(new ToolCall("mcp-resolve", descriptor.name(), text)).isPresent();
            answer = needed ? "required" : "not required";
        } catch (ArgumentBindingException | IllegalArgumentException e) {
            answer = "invalid arguments";
        }
        Map<String, Object> json = McpJson.MAPPER.convertValue(listed, Map.class);
        Map<String, Object> meta = json.get("_meta") instanceof Map<?, ?> given
                ? new LinkedHashMap<>((Map<String, Object>) given) : new LinkedHashMap<>();
        meta.put(APPROVAL_META_KEY, answer);
        json.put("_meta", meta);
        return new ResolveToolResult(McpJson.MAPPER.convertValue(json, McpSchema.Tool.class),
                McpSchema.ResultType.COMPLETE, null);
    }
}
