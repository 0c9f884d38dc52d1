package dev.idem.tool;

import dev.idem.internal.call.ToolArguments;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The base of the tool classes the runtime's behaviour tests call: plain {@code @Tool} classes the
 * processor generates tool sets for, whose methods hand the call to the {@link Script} a test gave
 * the tool. Flags, retry policies and timeouts are the annotations' own, so a test runs on the
 * descriptor and binder the processor generated; the script only decides what the body does.
 */
public abstract class ScriptedTools {

    private final Map<String, ScriptedTool> tools = new ConcurrentHashMap<>();

    /**
     * Gives this class's tool {@code name} its body.
     *
     * @param name   the tool's name
     * @param script what its body does
     * @return the tool, to count its runs
     */
    public ScriptedTool script(String name, Script script) {
        ScriptedTool tool = new ScriptedTool(script);
        tools.put(name, tool);
        return tool;
    }

    /**
     * Runs the script of the context's tool.
     *
     * @param context   the call's context
     * @param arguments the bound arguments as name, value pairs (null values left out)
     * @return the script's result as JSON
     * @throws Exception whatever the script throws
     */
    protected final JsonNode run(ToolContext context, Object... arguments) throws Exception {
        Object result = start(context, arguments);
        if (result instanceof CompletionStage<?>) {
            throw new IllegalStateException("tool '" + context.toolName() + "' is synchronous; its script returned a stage");
        }
        return json(result);
    }

    /**
     * Runs the script of the context's asynchronous tool.
     *
     * @param context   the call's context
     * @param arguments the bound arguments as name, value pairs (null values left out)
     * @return the script's stage, or a completed one of its value, as JSON
     * @throws Exception whatever the script throws
     */
    protected final CompletionStage<JsonNode> runAsync(ToolContext context, Object... arguments) throws Exception {
        Object result = start(context, arguments);
        if (result instanceof CompletionStage<?> stage) {
            return stage.thenApply(ScriptedTools::json);
        }
        return CompletableFuture.completedFuture(json(result));
    }

    private Object start(ToolContext context, Object[] arguments) throws Exception {
        ScriptedTool tool = tools.get(context.toolName());
        if (tool == null) {
            throw new IllegalStateException("the test gave tool '" + context.toolName() + "' no script");
        }
        int run = tool.runs.incrementAndGet();
        tool.contexts.add(context);
        return tool.script.run(run, context, object(arguments));
    }

    private static ObjectNode object(Object[] arguments) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < arguments.length; i += 2) {
            if (arguments[i + 1] != null) {
                object.set((String) arguments[i], ToolArguments.MAPPER.valueToTree(arguments[i + 1]));
            }
        }
        return object;
    }

    /** A script's result as the tool's JSON result. */
    static JsonNode json(Object value) {
        if (value == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node;
        }
        if (value instanceof String text) {
            return JsonNodeFactory.instance.stringNode(text);
        }
        if (value instanceof Integer number) {
            return JsonNodeFactory.instance.numberNode(number);
        }
        if (value instanceof Boolean flag) {
            return JsonNodeFactory.instance.booleanNode(flag);
        }
        throw new IllegalArgumentException("a script returns JSON, a string, an integer or a boolean, not " + value.getClass());
    }
}
