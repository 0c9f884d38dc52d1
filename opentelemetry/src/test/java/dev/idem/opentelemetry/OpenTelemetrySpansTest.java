package dev.idem.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every span of every scenario, held attribute by attribute to the table of docs/opentelemetry.md
 * (written from the GenAI semantic conventions 1.41.0): each attribute its row's condition calls for
 * is on the span, and no other; then the values that matter in the scenario.
 */
class OpenTelemetrySpansTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    private static final List<SpanTable.Row> TABLE = SpanTable.attributes();
    private static final AtomicInteger CHECKED = new AtomicInteger();

    private final Payments payments = new Payments();

    private ToolExecutor executor(OpenTelemetry openTelemetry) {
        ToolRegistry registry = ToolRegistry.of(Payments_ToolSet.of(payments));
        // The docs page's start, to the letter:
        ToolExecutor executor = IdemTelemetry.install(ToolExecutor.builder(registry), openTelemetry).build();
        return executor;
    }

    private ToolResult execute(String tool, String arguments) {
        return executor(OTEL.getOpenTelemetry()).execute(new ToolCall("call_1", tool, arguments));
    }

    @Test
    void aSuccessfulCallIsAnExecuteToolSpanWithTheRequiredAndRecommendedAttributes() {
        execute("pay", "{\"account\":\"acc-1\",\"cents\":500}");

        SpanData span = onlySpan();
        assertThat(span.getName()).isEqualTo("execute_tool pay");
        assertThat(span.getKind()).isEqualTo(SpanKind.INTERNAL);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        holdsToTable(span, "execute_tool", "always", "known tool", "keyed", "journaled");
        assertThat(attr(span, "gen_ai.operation.name")).isEqualTo("execute_tool");
        assertThat(attr(span, "gen_ai.tool.name")).isEqualTo("pay");
        assertThat(attr(span, "gen_ai.tool.call.id")).isEqualTo("call_1");
        assertThat(attr(span, "gen_ai.tool.description")).isEqualTo("Sends a payment.");
        assertThat(attr(span, "gen_ai.tool.type")).isEqualTo("function");
        assertThat(span.getAttributes().get(AttributeKey.longKey("idem.tool.attempts"))).isEqualTo(1);
        assertThat(attr(span, "idem.tool.idempotency_key")).isNotBlank();
        assertThat(attr(span, "idem.journal.verdict")).isEqualTo("claimed");
        assertThat(span.getEvents()).isEmpty();
    }

    @Test
    void aFailedCallIsAnErrorWithItsIdemErrorTypeAndTheRuleThatStoppedIt() {
        execute("close", "{\"account\":\"acc-1\"}");

        SpanData span = onlySpan();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        holdsToTable(span, "execute_tool", "always", "error", "known tool", "keyed", "stopped", "journaled");
        assertThat(attr(span, "error.type")).isEqualTo("programming_error");
        assertThat(attr(span, "idem.tool.rule")).isEqualTo("terminal_error");
        assertThat(span.getAttributes().get(AttributeKey.booleanKey("idem.tool.outcome_unknown"))).isFalse();
        assertThat(payments.runs).hasValue(1);
    }

    @Test
    void aRetriedErrorThatRecoveredIsNotAnErrorButARetryEvent() {
        ToolResult result = execute("balance", "{\"account\":\"acc-1\"}");

        assertThat(result.success()).isTrue();
        SpanData span = onlySpan();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        holdsToTable(span, "execute_tool", "always", "known tool", "keyed", "journaled");
        assertThat(span.getAttributes().get(AttributeKey.longKey("idem.tool.attempts"))).isEqualTo(2);
        assertThat(span.getEvents()).hasSize(1);
        EventData retry = span.getEvents().get(0);
        assertThat(retry.getName()).isEqualTo("idem.tool.retry");
        assertThat(retry.getAttributes().get(AttributeKey.longKey("idem.tool.attempt"))).isEqualTo(1);
        assertThat(retry.getAttributes().get(AttributeKey.stringKey("idem.tool.retry.error_type")))
                .isEqualTo("connection_error");
        assertThat(retry.getAttributes().get(AttributeKey.stringKey("idem.tool.rule"))).isEqualTo("retryable_error");
        assertThat(retry.getAttributes().get(AttributeKey.longKey("idem.tool.retry.delay_ms"))).isNotNull();
    }

    @Test
    void anUnknownOutcomeIsAnErrorThatSaysTheEffectMayHaveHappened() {
        ToolResult result = execute("wire", "{\"account\":\"acc-1\"}");

        assertThat(result.outcomeUnknown()).isTrue();
        SpanData span = onlySpan();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        holdsToTable(span, "execute_tool", "always", "error", "known tool", "keyed", "stopped", "journaled");
        assertThat(attr(span, "error.type")).isEqualTo("timeout");
        assertThat(span.getAttributes().get(AttributeKey.booleanKey("idem.tool.outcome_unknown"))).isTrue();
        assertThat(result.attempts()).isEqualTo(1);
        assertThat(attr(span, "idem.tool.rule")).isEqualTo("not_restart_safe");
    }

    @Test
    void aCallAnsweredFromTheJournalIsAReplayWithNoAttempt() {
        ToolRun run = executor(OTEL.getOpenTelemetry()).newRun("ticket-1");
        run.execute(new ToolCall("call_1", "pay", "{\"account\":\"acc-1\",\"cents\":500}"));
        run.execute(new ToolCall("call_2", "pay", "{\"cents\":500,\"account\":\"acc-1\"}"));

        assertThat(payments.runs).hasValue(1);
        List<SpanData> spans = OTEL.getSpans();
        assertThat(spans).hasSize(2);
        SpanData replay = spans.get(1);
        holdsToTable(replay, "execute_tool", "always", "known tool", "keyed", "journaled");
        assertThat(attr(replay, "idem.journal.verdict")).isEqualTo("replayed");
        assertThat(replay.getAttributes().get(AttributeKey.longKey("idem.tool.attempts"))).isZero();
        assertThat(attr(replay, "idem.tool.idempotency_key")).isEqualTo(attr(spans.get(0), "idem.tool.idempotency_key"));
    }

    @Test
    void aRefusalForBadArgumentsIsAnErrorSpanAndTheToolDidNotRun() {
        execute("pay", "{\"account\":\"acc-1\",\"cents\":\"lots\"}");

        assertThat(payments.runs).hasValue(0);
        SpanData span = onlySpan();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        holdsToTable(span, "execute_tool", "always", "error", "known tool", "keyed");
        assertThat(attr(span, "error.type")).isEqualTo("invalid_arguments");
        assertThat(span.getAttributes().get(AttributeKey.longKey("idem.tool.attempts"))).isZero();
    }

    @Test
    void contentIsNotCapturedByDefault() {
        execute("pay", "{\"account\":\"password=hunter2\",\"cents\":5}");

        SpanData span = onlySpan();
        assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.arguments"))).isNull();
        assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.result"))).isNull();
        assertThat(span.getAttributes().toString()).doesNotContain("hunter2");
    }

    @Test
    void capturedContentIsMaskedAsTheLogMasksIt() {
        IdemTelemetry telemetry = IdemTelemetry.builder(OTEL.getOpenTelemetry()).captureContent(true).build();
        ToolExecutor executor = telemetry.install(ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))))
                .build();
        executor.execute(new ToolCall("call_1", "pay", "{\"account\":\"password=hunter2\",\"cents\":5}"));

        SpanData span = onlySpan();
        holdsToTable(span, "execute_tool", "always", "known tool", "keyed", "journaled", "content",
                "content and success");
        assertThat(attr(span, "gen_ai.tool.call.arguments")).isEqualTo("{\"account\":\"password=[redacted]\",\"cents\":5}");
        assertThat(attr(span, "gen_ai.tool.call.result")).isEqualTo("\"paid 5 to password=[redacted]\"");
        assertThat(span.getAttributes().toString()).doesNotContain("hunter2");
    }

    @Test
    void theCallersSpanIsTheParentAndTheCallsSpanIsCurrentInEveryAttemptOnEveryThread() {
        ToolExecutor executor = executor(OTEL.getOpenTelemetry());
        Span request = OTEL.getOpenTelemetry().getTracer("test").spanBuilder("request").startSpan();
        ToolResult result;
        try (Scope ignored = request.makeCurrent()) {
            // asynchronous, under a timeout, retried once after a delay: three kinds of thread
            result = executor.newRun().executeAsync(new ToolCall("call_1", "balance", "{\"account\":\"acc-1\"}"))
                    .toCompletableFuture().join();
        } finally {
            request.end();
        }

        assertThat(result.attempts()).isEqualTo(2);
        SpanData tool = OTEL.getSpans().stream().filter(s -> s.getName().equals("execute_tool balance")).findFirst()
                .orElseThrow();
        assertThat(tool.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
        assertThat(tool.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
        assertThat(payments.bodyContexts).hasSize(2).allSatisfy(context -> {
            assertThat(context.getSpanId()).isEqualTo(tool.getSpanId());
            assertThat(context.getTraceId()).isEqualTo(tool.getTraceId());
        });
    }

    @Test
    void aModelCallIsAChatClientSpanWithUsageAndFinishReason() {
        ChatModel model = answering(new ChatResponse(ChatMessage.assistant("hi"), Usage.of(10, 5), "stop",
                "gpt-4o-mini-2024-07-18"));
        ChatModel traced = tracedModel(model);
        traced.chat(ChatRequest.of(List.of(ChatMessage.user("hello"))).withMaxTokens(100).withTemperature(0.2));

        SpanData span = onlySpan();
        assertThat(span.getName()).isEqualTo("chat gpt-4o-mini");
        assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        holdsToTable(span, "chat", "always", "model", "server", "max tokens", "temperature", "success");
        assertThat(attr(span, "gen_ai.provider.name")).isEqualTo("openai");
        assertThat(attr(span, "gen_ai.request.model")).isEqualTo("gpt-4o-mini");
        assertThat(attr(span, "gen_ai.response.model")).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(attr(span, "server.address")).isEqualTo("api.openai.com");
        assertThat(span.getAttributes().get(AttributeKey.longKey("server.port"))).isEqualTo(443);
        assertThat(span.getAttributes().get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")))
                .containsExactly("stop");
        assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens"))).isEqualTo(10);
        assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens"))).isEqualTo(5);
        assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.request.max_tokens"))).isEqualTo(100);
        assertThat(span.getAttributes().get(AttributeKey.doubleKey("gen_ai.request.temperature"))).isEqualTo(0.2);

        traced.stream(ChatRequest.of(List.of(ChatMessage.user("again"))), new StreamListener() {});
        SpanData streamed = OTEL.getSpans().get(1);
        holdsToTable(streamed, "chat", "always", "model", "server", "streaming", "success");
    }

    @Test
    void aFailedModelCallIsAnErrorWithItsErrorKind() {
        ChatModel traced = tracedModel(failing(new ProviderHttpException(429,
                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}",
                Map.of())));

        assertThatThrownBy(() -> traced.chat(ChatRequest.of(List.of(ChatMessage.user("hello")))))
                .isInstanceOf(ProviderHttpException.class);
        SpanData span = onlySpan();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        holdsToTable(span, "chat", "always", "error", "model", "server");
        assertThat(attr(span, "error.type")).isEqualTo("rate_limit");
    }

    @Test
    void theMetricsHaveTheUnitsAndBucketsTheConventionsAdvise() {
        execute("close", "{\"account\":\"acc-1\"}");
        ChatModel model = tracedModel(answering(new ChatResponse(ChatMessage.assistant("hi"), Usage.of(10, 5), "stop",
                "m")));
        model.chat(ChatRequest.of(List.of(ChatMessage.user("hello"))));
        model.stream(ChatRequest.of(List.of(ChatMessage.user("hello"))), StreamListener.NONE);

        List<MetricData> metrics = OTEL.getMetrics();
        for (List<String> row : SpanTable.metrics()) {
            String name = SpanTable.unquote(row.get(0));
            MetricData metric = metrics.stream().filter(m -> m.getName().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError("no metric " + name));
            assertThat(metric.getUnit()).isEqualTo(SpanTable.unquote(row.get(2)));
            List<Double> advised = Arrays.stream(row.get(3).split(",")).map(String::trim).map(Double::valueOf)
                    .collect(Collectors.toList());
            for (HistogramPointData point : metric.getHistogramData().getPoints()) {
                assertThat(point.getBoundaries()).isEqualTo(advised);
            }
            CHECKED.addAndGet(2);
        }
        MetricData duration = metrics.stream().filter(m -> m.getName().equals("gen_ai.client.operation.duration"))
                .findFirst().orElseThrow();
        assertThat(duration.getHistogramData().getPoints()).anySatisfy(point -> {
            assertThat(point.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name"))).isEqualTo("execute_tool");
            assertThat(point.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))).isEqualTo("close");
            assertThat(point.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("programming_error");
        });
        assertThat(duration.getHistogramData().getPoints()).anySatisfy(point -> {
            assertThat(point.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name"))).isEqualTo("chat");
            assertThat(point.getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name"))).isEqualTo("openai");
        });
    }

    @Test
    void theDocsPageShowsTheStartTheseTestsRun() {
        assertThat(SpanTable.page())
                .contains("ToolExecutor executor = IdemTelemetry.install(ToolExecutor.builder(registry), openTelemetry).build();")
                .contains("ChatModel traced = TracedChatModel.builder(model, openTelemetry)")
                .contains("<version>" + System.getProperty("opentelemetry.version", "1.68.0") + "</version>");
    }

    @AfterAll
    static void report() {
        System.out.println("OpenTelemetrySpansTest: " + CHECKED.get() + " attribute checks against docs/opentelemetry.md");
    }

    /** The span's attribute keys are exactly the table's rows for {@code kind} whose condition holds. */
    private static void holdsToTable(SpanData span, String kind, String... conditions) {
        Set<String> holding = Set.of(conditions);
        List<SpanTable.Row> rows = TABLE.stream().filter(row -> row.span().equals(kind)).toList();
        assertThat(rows).as("rows for " + kind).isNotEmpty();
        Set<String> expected = rows.stream().filter(row -> holding.contains(row.setWhen()))
                .map(SpanTable.Row::attribute).collect(Collectors.toCollection(TreeSet::new));
        Set<String> actual = span.getAttributes().asMap().keySet().stream().map(AttributeKey::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(actual).as("attributes of " + span.getName() + " when " + holding).isEqualTo(expected);
        CHECKED.addAndGet(rows.size());
    }

    private static String attr(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }

    private static SpanData onlySpan() {
        assertThat(OTEL.getSpans()).hasSize(1);
        return OTEL.getSpans().get(0);
    }

    private static ChatModel tracedModel(ChatModel model) {
        // The docs page's model start, to the letter:
        ChatModel traced = TracedChatModel.builder(model, OTEL.getOpenTelemetry())
                .provider("openai").requestModel("gpt-4o-mini").server(URI.create("https://api.openai.com"))
                .build();
        return traced;
    }

    private static ChatModel answering(ChatResponse response) {
        return new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                return response;
            }

            @Override
            public ChatResponse stream(ChatRequest request, StreamListener listener) {
                listener.onText(response.text());
                return response;
            }
        };
    }

    private static ChatModel failing(RuntimeException error) {
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
