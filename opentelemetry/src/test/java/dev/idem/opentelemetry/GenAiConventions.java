package dev.idem.opentelemetry;

import java.util.List;
import java.util.Optional;

/**
 * The GenAI semantic conventions, transcribed by hand from their model files, so that the spans and
 * metrics are checked against the conventions themselves and not against Idem's docs page (which
 * {@link OpenTelemetrySpansTest} checks separately). Each row names the release and the file it was
 * copied from: the tag v1.41.0 of open-telemetry/semantic-conventions, the release
 * docs/opentelemetry.md targets; its {@code model/} files for levels, types and units, and
 * {@code docs/gen-ai/gen-ai-metrics.md} for the advised bucket boundaries, which the model files do
 * not carry. Change a row only from the file it names.
 */
final class GenAiConventions {

    static final String RELEASE = "v1.41.0";
    static final String SPANS = "model/gen-ai/spans.yaml";
    /** The OpenAI client span is {@code span.openai.inference.client} in the same file. */
    static final String OPENAI_SPANS = "model/gen-ai/spans.yaml#span.openai.inference.client";
    static final String METRICS = "model/gen-ai/metrics.yaml";

    enum Level { REQUIRED, CONDITIONALLY_REQUIRED, RECOMMENDED, OPT_IN }

    /** An attribute's type as the registry defines it. */
    enum Type { STRING, INT, DOUBLE, BOOLEAN, STRING_ARRAY, ANY }

    /** One attribute of one span (by its operation) or metric, with where it was read. */
    record Attribute(String of, String key, Level level, Type type, String release, String file) {}

    /** One metric: instrument, unit and the advised bucket boundaries. */
    record Metric(String name, String instrument, String unit, List<Double> buckets, String release, String file) {}

    private static Attribute row(String of, String key, Level level, Type type, String file) {
        return new Attribute(of, key, level, type, RELEASE, file);
    }

    /** span.gen_ai.inference.client (operation chat), span.gen_ai.execute_tool.internal, span.gen_ai.invoke_agent.*. */
    static final List<Attribute> SPAN_ATTRIBUTES = List.of(
            // chat                                                                                  release  file
            row("chat", "gen_ai.operation.name", Level.REQUIRED, Type.STRING, SPANS),               // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.provider.name", Level.REQUIRED, Type.STRING, SPANS),                // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "error.type", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS),            // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.conversation.id", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS),// v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.output.type", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS),    // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.choice.count", Level.CONDITIONALLY_REQUIRED, Type.INT, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.model", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS),  // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.seed", Level.CONDITIONALLY_REQUIRED, Type.INT, SPANS),      // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.stream", Level.CONDITIONALLY_REQUIRED, Type.BOOLEAN, SPANS),// v1.41.0 model/gen-ai/spans.yaml
            row("chat", "server.port", Level.CONDITIONALLY_REQUIRED, Type.INT, SPANS),              // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.frequency_penalty", Level.RECOMMENDED, Type.DOUBLE, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.max_tokens", Level.RECOMMENDED, Type.INT, SPANS),           // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.presence_penalty", Level.RECOMMENDED, Type.DOUBLE, SPANS),  // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.stop_sequences", Level.RECOMMENDED, Type.STRING_ARRAY, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.temperature", Level.RECOMMENDED, Type.DOUBLE, SPANS),       // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.top_k", Level.RECOMMENDED, Type.DOUBLE, SPANS),             // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.request.top_p", Level.RECOMMENDED, Type.DOUBLE, SPANS),             // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.response.finish_reasons", Level.RECOMMENDED, Type.STRING_ARRAY, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.response.id", Level.RECOMMENDED, Type.STRING, SPANS),               // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.response.model", Level.RECOMMENDED, Type.STRING, SPANS),            // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.usage.input_tokens", Level.RECOMMENDED, Type.INT, SPANS),           // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.usage.output_tokens", Level.RECOMMENDED, Type.INT, SPANS),          // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "server.address", Level.RECOMMENDED, Type.STRING, SPANS),                   // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.input.messages", Level.OPT_IN, Type.ANY, SPANS),                    // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.output.messages", Level.OPT_IN, Type.ANY, SPANS),                   // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.system_instructions", Level.OPT_IN, Type.ANY, SPANS),               // v1.41.0 model/gen-ai/spans.yaml
            row("chat", "gen_ai.tool.definitions", Level.OPT_IN, Type.ANY, SPANS),                  // v1.41.0 model/gen-ai/spans.yaml
            // chat with gen_ai.provider.name=openai: the request model is required
            row("chat openai", "gen_ai.request.model", Level.REQUIRED, Type.STRING, OPENAI_SPANS),  // v1.41.0 model/gen-ai/spans.yaml (span.openai.inference.client)
            // execute_tool
            row("execute_tool", "gen_ai.operation.name", Level.REQUIRED, Type.STRING, SPANS),       // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "gen_ai.tool.name", Level.REQUIRED, Type.STRING, SPANS),            // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "error.type", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS),    // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "gen_ai.tool.call.id", Level.RECOMMENDED, Type.STRING, SPANS),      // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "gen_ai.tool.description", Level.RECOMMENDED, Type.STRING, SPANS),  // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "gen_ai.tool.type", Level.RECOMMENDED, Type.STRING, SPANS),         // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "gen_ai.tool.call.arguments", Level.OPT_IN, Type.ANY, SPANS),       // v1.41.0 model/gen-ai/spans.yaml
            row("execute_tool", "gen_ai.tool.call.result", Level.OPT_IN, Type.ANY, SPANS),          // v1.41.0 model/gen-ai/spans.yaml
            // invoke_agent
            row("invoke_agent", "gen_ai.operation.name", Level.REQUIRED, Type.STRING, SPANS),       // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.provider.name", Level.REQUIRED, Type.STRING, SPANS),        // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "error.type", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS),    // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.agent.description", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.agent.id", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.agent.name", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.conversation.id", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.data_source.id", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.request.model", Level.CONDITIONALLY_REQUIRED, Type.STRING, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "server.port", Level.CONDITIONALLY_REQUIRED, Type.INT, SPANS),      // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.response.finish_reasons", Level.RECOMMENDED, Type.STRING_ARRAY, SPANS), // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.response.id", Level.RECOMMENDED, Type.STRING, SPANS),       // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.response.model", Level.RECOMMENDED, Type.STRING, SPANS),    // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.usage.input_tokens", Level.RECOMMENDED, Type.INT, SPANS),   // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.usage.output_tokens", Level.RECOMMENDED, Type.INT, SPANS),  // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "server.address", Level.RECOMMENDED, Type.STRING, SPANS),           // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.input.messages", Level.OPT_IN, Type.ANY, SPANS),            // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.output.messages", Level.OPT_IN, Type.ANY, SPANS),           // v1.41.0 model/gen-ai/spans.yaml
            row("invoke_agent", "gen_ai.system_instructions", Level.OPT_IN, Type.ANY, SPANS));      // v1.41.0 model/gen-ai/spans.yaml

    /** The attributes of both client metrics (the token usage adds gen_ai.token.type, Required). */
    static final List<Attribute> METRIC_ATTRIBUTES = List.of(
            row("metric", "gen_ai.operation.name", Level.REQUIRED, Type.STRING, METRICS),           // v1.41.0 model/gen-ai/metrics.yaml
            row("metric", "gen_ai.provider.name", Level.REQUIRED, Type.STRING, METRICS),            // v1.41.0 model/gen-ai/metrics.yaml
            row("metric", "error.type", Level.CONDITIONALLY_REQUIRED, Type.STRING, METRICS),        // v1.41.0 model/gen-ai/metrics.yaml
            row("metric", "gen_ai.request.model", Level.CONDITIONALLY_REQUIRED, Type.STRING, METRICS), // v1.41.0 model/gen-ai/metrics.yaml
            row("metric", "server.port", Level.CONDITIONALLY_REQUIRED, Type.INT, METRICS),          // v1.41.0 model/gen-ai/metrics.yaml
            row("metric", "gen_ai.response.model", Level.RECOMMENDED, Type.STRING, METRICS),        // v1.41.0 model/gen-ai/metrics.yaml
            row("metric", "server.address", Level.RECOMMENDED, Type.STRING, METRICS),               // v1.41.0 model/gen-ai/metrics.yaml
            row("gen_ai.client.token.usage", "gen_ai.token.type", Level.REQUIRED, Type.STRING, METRICS)); // v1.41.0 model/gen-ai/metrics.yaml

    static final List<Metric> METRICS_DEFINED = List.of(
            new Metric("gen_ai.client.operation.duration", "histogram", "s", List.of(0.01, 0.02, 0.04, 0.08, 0.16,
                    0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92), RELEASE, METRICS), // v1.41.0 model/gen-ai/metrics.yaml
            new Metric("gen_ai.client.token.usage", "histogram", "{token}", List.of(1.0, 4.0, 16.0, 64.0, 256.0,
                    1024.0, 4096.0, 16384.0, 65536.0, 262144.0, 1048576.0, 4194304.0, 16777216.0, 67108864.0),
                    RELEASE, METRICS), // v1.41.0 model/gen-ai/metrics.yaml
            new Metric("gen_ai.client.operation.time_to_first_chunk", "histogram", "s", List.of(0.01, 0.02, 0.04,
                    0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92), RELEASE, METRICS)); // v1.41.0 model/gen-ai/metrics.yaml, buckets docs/gen-ai/gen-ai-metrics.md line 291

    private GenAiConventions() {}

    /** The rows of span {@code operation}; for chat with provider openai, the OpenAI rows override. */
    static List<Attribute> span(String operation, String provider) {
        List<Attribute> rows = SPAN_ATTRIBUTES.stream().filter(row -> row.of().equals(operation)).toList();
        if (!operation.equals("chat") || !"openai".equals(provider)) {
            return rows;
        }
        List<Attribute> openAi = SPAN_ATTRIBUTES.stream().filter(row -> row.of().equals("chat openai")).toList();
        return rows.stream().map(row -> openAi.stream().filter(o -> o.key().equals(row.key())).findFirst().orElse(row))
                .toList();
    }

    static Optional<Metric> metric(String name) {
        return METRICS_DEFINED.stream().filter(metric -> metric.name().equals(name)).findFirst();
    }

    static List<Attribute> metricAttributes(String name) {
        return METRIC_ATTRIBUTES.stream().filter(row -> row.of().equals("metric") || row.of().equals(name)).toList();
    }
}
