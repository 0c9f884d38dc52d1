package dev.idem.tool;

import dev.idem.generated.Binding;
import dev.idem.internal.call.ToolArguments;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A hand-written {@link ToolSet} whose bodies count their runs and record the context each run
 * saw, standing in for generated sets. Binding checks required and unknown parameters like a
 * generated binder would.
 */
final class CountingTools implements ToolSet {

    /** A tool body: gets the 1-based number of this run and the context. */
    @FunctionalInterface
    interface Body {
        Object run(int run, ToolContext context, JsonNode arguments) throws Exception;
    }

    /** One counting tool. */
    static final class CountingTool {
        final ToolDescriptor descriptor;
        final Body body;
        final AtomicInteger runs = new AtomicInteger();
        final List<ToolContext> contexts = Collections.synchronizedList(new ArrayList<>());

        CountingTool(ToolDescriptor descriptor, Body body) {
            this.descriptor = descriptor;
            this.body = body;
        }

        int runs() {
            return runs.get();
        }

        List<String> keys() {
            List<String> keys = new ArrayList<>();
            synchronized (contexts) {
                for (ToolContext context : contexts) {
                    keys.add(context.idempotencyKey());
                }
            }
            return keys;
        }
    }

    private final Map<String, CountingTool> tools = new LinkedHashMap<>();

    CountingTool add(UnaryOperator<ToolDescriptor.Builder> descriptor, String name, Body body) {
        CountingTool tool = new CountingTool(descriptor.apply(ToolDescriptor.builder(name)).build(), body);
        tools.put(name, tool);
        return tool;
    }

    CountingTool add(String name, Body body) {
        return add(d -> d, name, body);
    }

    int runsOf(String name) {
        return tools.get(name).runs();
    }

    @Override
    public List<ToolDescriptor> descriptors() {
        List<ToolDescriptor> descriptors = new ArrayList<>();
        for (CountingTool tool : tools.values()) {
            descriptors.add(tool.descriptor);
        }
        return descriptors;
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        JsonNode arguments = Binding.tree(parser);
        CountingTool tool = tools.get(toolName);
        if (tool == null) {
            throw new IllegalArgumentException("no tool " + toolName);
        }
        List<String> problems = new ArrayList<>();
        for (String required : tool.descriptor.requiredParameters()) {
            if (!arguments.has(required)) {
                problems.add("missing required parameter '" + required + "'");
            }
        }
        if (!tool.descriptor.requiredParameters().isEmpty() || !tool.descriptor.optionalParameters().isEmpty()) {
            for (String name : arguments.propertyNames()) {
                if (!tool.descriptor.requiredParameters().contains(name)
                        && !tool.descriptor.optionalParameters().contains(name)) {
                    problems.add("unknown parameter '" + name + "'");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ArgumentBindingException(problems);
        }
        return context -> {
            int run = tool.runs.incrementAndGet();
            tool.contexts.add(context);
            Object result = tool.body.run(run, context, arguments);
            if (result instanceof CompletionStage<?> stage) {
                return stage.thenApply(CountingTools::json);
            }
            return CompletableFuture.completedFuture(json(result));
        };
    }

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
        return ToolArguments.MAPPER.readTree(value.toString());
    }
}
