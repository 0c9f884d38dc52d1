package dev.idem.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.agent.Agent;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.ModelDescription;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.opentelemetry.GenAiConventions.Attribute;
import dev.idem.opentelemetry.GenAiConventions.Level;
import dev.idem.opentelemetry.GenAiConventions.Metric;
import dev.idem.opentelemetry.GenAiConventions.Type;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.AttributeType;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.MetricDataType;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every span and metric of many scenarios held to {@link GenAiConventions}, the conventions' own
 * requirement levels, names, types and units: a change of docs/opentelemetry.md cannot make these
 * pass. Idem's own attributes ({@code idem.*}) are outside the conventions and not checked here.
 */
class ConventionsTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    /**
     * Where the tool duration departs from {@code gen_ai.client.operation.duration} on purpose
     * (docs/opentelemetry.md, "Metrics"): a tool the application runs has no provider, and its name
     * is what makes the duration useful.
     */
    private static final Set<String> TOOL_DURATION_ADDS = Set.of("gen_ai.tool.name");
    private static final Set<String> TOOL_DURATION_LACKS = Set.of("gen_ai.provider.name");

    private final Payments payments = new Payments();

    private ToolExecutor executor(boolean captureContent) {
        return IdemTelemetry.builder(OTEL.getOpenTelemetry()).captureContent(captureContent).build()
                .install(ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments)))).build();
    }

    private void toolScenarios() {
        executor(false).execute(new ToolCall("call_1", "pay", "{\"account\":\"acc-1\",\"cents\":500}"));
        executor(false).execute(new ToolCall("call_2", "close", "{\"account\":\"acc-1\"}"));
        executor(false).execute(new ToolCall("call_3", "balance", "{\"account\":\"acc-1\"}")); // retried, recovers
        executor(false).execute(new ToolCall("call_4", "wire", "{\"account\":\"acc-1\"}"));
        executor(false).execute(new ToolCall("call_5", "pay", "{\"account\":\"acc-1\",\"cents\":\"lots\"}"));
        executor(false).execute(new ToolCall("call_6", "nope", "{}"));
        executor(true).execute(new ToolCall("call_7", "pay", "{\"account\":\"acc-1\",\"cents\":5}"));
    }

    private void chatScenarios() {
        ChatModel described = TracedChatModel.builder(describedModel(), OTEL.getOpenTelemetry()).build();
        described.chat(ChatRequest.of(List.of(ChatMessage.user("hi"))).withMaxTokens(10).withTemperature(0.5));
        described.stream(ChatRequest.of(List.of(ChatMessage.user("hi"))), StreamListener.NONE);
        described.chatAsync(ChatRequest.of(List.of(ChatMessage.user("hi")))).toCompletableFuture().join();
        ChatModel failing = TracedChatModel.builder(failingModel(), OTEL.getOpenTelemetry()).requestModel("gpt-4o")
                .server(URI.create("http://localhost:8080")).build();
        assertThatThrownBy(() -> failing.chat(ChatRequest.of(List.of(ChatMessage.user("hi")))))
                .isInstanceOf(ProviderHttpException.class);
        assertThatThrownBy(() -> failing.stream(ChatRequest.of(List.of(ChatMessage.user("hi"))), StreamListener.NONE))
                .isInstanceOf(ProviderHttpException.class);
    }

    private void agentScenarios() {
        IdemTelemetry telemetry = IdemTelemetry.create(OTEL.getOpenTelemetry());
        for (ScriptedChatModel.Builder script : List.of(
                ScriptedChatModel.builder().replyWithToolCalls(new ToolCall("c1", "pay", "{\"account\":\"a\",\"cents\":1}"))
                        .replyWithText("Paid."),
                ScriptedChatModel.builder().fail(new ProviderHttpException(401,
                        "{\"error\":{\"message\":\"Incorrect API key\",\"code\":\"invalid_api_key\"}}", Map.of())))) {
            Agent agent = Agent.builder().name("payments")
                    .model(TracedChatModel.builder(script.build(), OTEL.getOpenTelemetry()).requestModel("gpt-4o-mini")
                            .build())
                    .toolExecutor(telemetry.install(ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))))
                            .build())
                    .listener(telemetry.agentListener()).build();
            agent.run("Pay a one cent");
        }
    }

    @Test
    void everyExecuteToolSpanHoldsToTheConventions() {
        toolScenarios();

        assertThat(OTEL.getSpans()).hasSize(7).allSatisfy(ConventionsTest::holdsToTheConventions);
    }

    @Test
    void everyChatSpanHoldsToTheConventions() {
        chatScenarios();

        assertThat(OTEL.getSpans()).hasSize(5).allSatisfy(ConventionsTest::holdsToTheConventions);
    }

    @Test
    void everyInvokeAgentSpanAndItsChildrenHoldToTheConventions() {
        agentScenarios();

        assertThat(OTEL.getSpans()).extracting(SpanData::getName).contains("invoke_agent payments");
        assertThat(OTEL.getSpans()).allSatisfy(ConventionsTest::holdsToTheConventions);
    }

    @Test
    void aRetriedAttemptIsNotRecordedAsAnError() {
        executor(false).execute(new ToolCall("call_1", "balance", "{\"account\":\"acc-1\"}"));

        SpanData span = OTEL.getSpans().get(0);
        assertThat(span.getEvents()).isNotEmpty();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type"))).isNull();
        assertThat(span.getEvents()).extracting(EventData::getAttributes)
                .allSatisfy(attributes -> assertThat(attributes.get(AttributeKey.stringKey("error.type"))).isNull());
    }

    @Test
    void aFailedSpansStatusDescriptionIsTheErrorsMessageNotItsType() {
        toolScenarios();
        chatScenarios();

        List<SpanData> failed = OTEL.getSpans().stream()
                .filter(span -> span.getStatus().getStatusCode() == StatusCode.ERROR).toList();
        assertThat(failed).isNotEmpty().allSatisfy(span -> assertThat(span.getStatus().getDescription())
                .as(span.getName()).isNotBlank()
                .isNotEqualToIgnoringCase(span.getAttributes().get(AttributeKey.stringKey("error.type"))));
    }

    @Test
    void everyMetricHoldsToTheConventions() {
        toolScenarios();
        chatScenarios();

        List<MetricData> metrics = List.copyOf(OTEL.getMetrics());
        assertThat(metrics).extracting(MetricData::getName).contains("gen_ai.client.operation.duration",
                "gen_ai.client.token.usage", "gen_ai.client.operation.time_to_first_chunk");
        for (MetricData data : metrics) {
            Metric metric = GenAiConventions.metric(data.getName())
                    .orElseThrow(() -> new AssertionError(data.getName() + " is not a metric of the conventions"));
            assertThat(data.getUnit()).as(metric.name() + " unit").isEqualTo(metric.unit());
            assertThat(data.getType()).as(metric.name() + " instrument")
                    .isIn(MetricDataType.HISTOGRAM, MetricDataType.EXPONENTIAL_HISTOGRAM);
            List<Attribute> rows = GenAiConventions.metricAttributes(metric.name());
            for (HistogramPointData point : data.getHistogramData().getPoints()) {
                assertThat(point.getBoundaries()).as(metric.name() + " buckets").isEqualTo(metric.buckets());
                boolean tool = "execute_tool".equals(point.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")));
                holds(metric.name() + " " + point.getAttributes(), point.getAttributes(), rows,
                        tool ? TOOL_DURATION_ADDS : Set.of(), tool ? TOOL_DURATION_LACKS : Set.of());
            }
        }
    }

    @Test
    void theDocsPageGivesEachConventionsAttributeItsLevelInTheConventions() {
        for (SpanTable.Row row : SpanTable.attributes()) {
            if (row.level().equals("Idem")) {
                continue;
            }
            Attribute defined = GenAiConventions.span(row.span(), null).stream()
                    .filter(attribute -> attribute.key().equals(row.attribute())).findFirst()
                    .orElseThrow(() -> new AssertionError("docs row " + row + " is not in the conventions"));
            assertThat(row.level()).as(row.span() + " " + row.attribute() + " (" + defined.release() + " "
                    + defined.file() + ")").isEqualTo(docsName(defined.level()));
        }
    }

    /** The span's name, kind and attributes are those the conventions define for its operation. */
    private static void holdsToTheConventions(SpanData span) {
        String operation = span.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name"));
        if (operation == null) {
            return; // not a GenAI span (a test's own)
        }
        String provider = span.getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name"));
        List<Attribute> rows = GenAiConventions.span(operation, provider);
        assertThat(rows).as("conventions rows for " + operation).isNotEmpty();
        String nameAttribute = switch (operation) {
            case "chat" -> "gen_ai.request.model";
            case "execute_tool" -> "gen_ai.tool.name";
            default -> "gen_ai.agent.name";
        };
        String named = span.getAttributes().get(AttributeKey.stringKey(nameAttribute));
        assertThat(span.getName()).as("span name").isEqualTo(named == null ? operation : operation + " " + named);
        switch (operation) {
            case "chat" -> assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
            case "execute_tool" -> assertThat(span.getKind()).isEqualTo(SpanKind.INTERNAL);
            default -> assertThat(span.getKind()).isIn(SpanKind.CLIENT, SpanKind.INTERNAL);
        }
        holds(span.getName(), span.getAttributes(), rows, Set.of(), Set.of());
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type")) != null)
                .as(span.getName() + ": error.type exactly when the operation ended in an error")
                .isEqualTo(span.getStatus().getStatusCode() == StatusCode.ERROR);
        for (EventData event : span.getEvents()) {
            assertThat(event.getAttributes().get(AttributeKey.stringKey("error.type")))
                    .as(span.getName() + " event " + event.getName() + ": error.type is for the operation's end only")
                    .isNull();
        }
    }

    /** Each attribute is one of {@code rows} (or idem.*), of its type; the Required ones and server.port's pair are there. */
    private static void holds(String what, Attributes attributes, List<Attribute> rows, Set<String> adds,
            Set<String> lacks) {
        Map<String, Attribute> byKey = rows.stream().collect(Collectors.toMap(Attribute::key, row -> row));
        attributes.forEach((key, value) -> {
            if (key.getKey().startsWith("idem.") || adds.contains(key.getKey())) {
                return;
            }
            Attribute row = byKey.get(key.getKey());
            assertThat(row).as(what + ": " + key.getKey() + " is not defined for it by the conventions").isNotNull();
            if (row.type() != Type.ANY) {
                assertThat(key.getType()).as(what + ": type of " + key.getKey() + " (" + row.release() + " "
                        + row.file() + ")").isEqualTo(otelType(row.type()));
            }
        });
        for (Attribute row : rows) {
            if (row.level() == Level.REQUIRED && !lacks.contains(row.key())) {
                assertThat(attributes.asMap().keySet()).extracting(AttributeKey::getKey)
                        .as(what + ": Required " + row.key() + " (" + row.release() + " " + row.file() + ")")
                        .contains(row.key());
            }
        }
        boolean address = attributes.get(AttributeKey.stringKey("server.address")) != null;
        boolean port = attributes.get(AttributeKey.longKey("server.port")) != null;
        assertThat(port).as(what + ": server.port is Conditionally Required when server.address is set").isEqualTo(address);
    }

    private static AttributeType otelType(Type type) {
        return switch (type) {
            case STRING -> AttributeType.STRING;
            case INT -> AttributeType.LONG;
            case DOUBLE -> AttributeType.DOUBLE;
            case BOOLEAN -> AttributeType.BOOLEAN;
            case STRING_ARRAY -> AttributeType.STRING_ARRAY;
            case ANY -> throw new IllegalArgumentException("any");
        };
    }

    private static String docsName(Level level) {
        return switch (level) {
            case REQUIRED -> "Required";
            case CONDITIONALLY_REQUIRED -> "Conditionally Required";
            case RECOMMENDED -> "Recommended";
            case OPT_IN -> "Opt-In";
        };
    }

    private static ChatModel describedModel() {
        return new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                return new ChatResponse(ChatMessage.assistant("hi"), Usage.of(3, 1), "stop", "gpt-4o-mini-2024-07-18",
                        "", "chatcmpl-1");
            }

            @Override
            public ChatResponse stream(ChatRequest request, StreamListener listener) {
                listener.onText("hi");
                return chat(request);
            }

            @Override
            public java.util.Optional<ModelDescription> description() {
                return java.util.Optional.of(new ModelDescription("openai", "gpt-4o-mini",
                        URI.create("https://api.openai.com/v1")));
            }
        };
    }

    private static ChatModel failingModel() {
        ProviderHttpException error = new ProviderHttpException(503,
                "{\"error\":{\"message\":\"The server is overloaded\",\"type\":\"server_error\"}}", Map.of());
        return new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                throw error;
            }

            @Override
            public ChatResponse stream(ChatRequest request, StreamListener listener) {
                throw error;
            }
        };
    }
}
