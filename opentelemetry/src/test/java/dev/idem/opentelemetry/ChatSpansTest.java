package dev.idem.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.openai.OpenAiChatModel;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The {@code chat} span of a request through Idem's real OpenAI client and through test models. */
class ChatSpansTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    private static final String ANSWER = "{\"id\":\"chatcmpl-42\",\"object\":\"chat.completion\",\"model\":\"llama3.1-0725\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":2,\"total_tokens\":9}}";
    private static final String STREAMED = "data: {\"id\":\"chatcmpl-43\",\"model\":\"llama3.1-0725\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"role\":\"assistant\",\"content\":\"hi\"}}]}\n\n"
            + "data: {\"id\":\"chatcmpl-43\",\"model\":\"llama3.1-0725\",\"choices\":[{\"index\":0,\"delta\":{},"
            + "\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";

    private static HttpServer provider;

    @BeforeAll
    static void startProvider() throws IOException {
        provider = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        provider.createContext("/v1/chat/completions", exchange -> {
            String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean stream = request.contains("\"stream\":true");
            byte[] body = (stream ? STREAMED : ANSWER).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", stream ? "text/event-stream" : "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        provider.start();
    }

    @AfterAll
    static void stopProvider() {
        provider.stop(0);
    }

    private static OpenAiChatModel openAi() {
        return OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + provider.getAddress().getPort() + "/v1")
                .model("llama3.1").apiKey("sk-test").build();
    }

    @Test
    void aChatSpanWithoutExplicitNamesTakesTheModelAndTheServerFromTheClient() {
        ChatModel traced = TracedChatModel.builder(openAi(), OTEL.getOpenTelemetry()).build();

        traced.chat(ChatRequest.of(List.of(ChatMessage.user("hello"))));

        SpanData span = OTEL.getSpans().get(0);
        assertThat(span.getName()).isEqualTo("chat llama3.1");
        assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name"))).isEqualTo("openai");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.request.model"))).isEqualTo("llama3.1");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("server.address"))).isEqualTo("127.0.0.1");
        assertThat(span.getAttributes().get(AttributeKey.longKey("server.port")))
                .isEqualTo(provider.getAddress().getPort());
        assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.response.model"))).isEqualTo("llama3.1-0725");
    }

    @Test
    void theResponseIdIsOnTheSpanWhenTheProviderGaveOne() {
        ChatModel traced = TracedChatModel.builder(openAi(), OTEL.getOpenTelemetry()).build();

        traced.chat(ChatRequest.of(List.of(ChatMessage.user("hello"))));
        traced.stream(ChatRequest.of(List.of(ChatMessage.user("hello"))), StreamListener.NONE);

        assertThat(OTEL.getSpans()).extracting(span -> span.getAttributes().get(AttributeKey.stringKey("gen_ai.response.id")))
                .containsExactly("chatcmpl-42", "chatcmpl-43");
    }

    @Test
    void samplersSeeTheOperationTheProviderTheModelAndTheServerAtSpanCreation() {
        List<Attributes> seen = new CopyOnWriteArrayList<>();
        Sampler recording = new Sampler() {
            @Override
            public SamplingResult shouldSample(Context parent, String traceId, String name, SpanKind kind,
                    Attributes attributes, List<LinkData> links) {
                seen.add(attributes);
                return SamplingResult.recordAndSample();
            }

            @Override
            public String getDescription() {
                return "recording";
            }
        };
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        OpenTelemetry openTelemetry = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .setSampler(recording).addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();

        TracedChatModel.builder(openAi(), openTelemetry).build().chat(ChatRequest.of(List.of(ChatMessage.user("hi"))));

        assertThat(seen).hasSize(1);
        Attributes atCreation = seen.get(0);
        assertThat(atCreation.get(AttributeKey.stringKey("gen_ai.operation.name"))).isEqualTo("chat");
        assertThat(atCreation.get(AttributeKey.stringKey("gen_ai.provider.name"))).isEqualTo("openai");
        assertThat(atCreation.get(AttributeKey.stringKey("gen_ai.request.model"))).isEqualTo("llama3.1");
        assertThat(atCreation.get(AttributeKey.stringKey("server.address"))).isEqualTo("127.0.0.1");
        assertThat(atCreation.get(AttributeKey.longKey("server.port"))).isEqualTo(provider.getAddress().getPort());
    }

    @Test
    void aFailedRequestsStatusDescriptionIsTheProvidersMessageNotTheErrorType() {
        ChatModel traced = TracedChatModel.builder(failing(new ProviderHttpException(429,
                "{\"error\":{\"message\":\"Rate limit reached for sk-abcdefghijklmnop1234\",\"code\":\"rate_limit_exceeded\"}}",
                Map.of())), OTEL.getOpenTelemetry()).requestModel("gpt-4o-mini").build();

        assertThatThrownBy(() -> traced.chat(ChatRequest.of(List.of(ChatMessage.user("hello")))))
                .isInstanceOf(ProviderHttpException.class);

        SpanData span = OTEL.getSpans().get(0);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("rate_limit");
        assertThat(span.getStatus().getDescription()).containsIgnoringCase("rate limit reached").doesNotContain("abcdefghijklmnop")
                .isNotEqualTo("rate_limit");
    }

    @Test
    void aStreamedAnswerRecordsTheTimeToItsFirstChunk() {
        ChatModel slowFirstChunk = new ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                return answer();
            }

            @Override
            public ChatResponse stream(ChatRequest request, StreamListener listener) {
                pause(30);
                listener.onText("h");
                pause(300);
                listener.onText("i");
                return answer();
            }
        };
        ChatModel traced = TracedChatModel.builder(slowFirstChunk, OTEL.getOpenTelemetry()).requestModel("m").build();

        traced.chat(ChatRequest.of(List.of(ChatMessage.user("not streamed"))));
        long start = System.nanoTime();
        traced.stream(ChatRequest.of(List.of(ChatMessage.user("streamed"))), StreamListener.NONE);
        double whole = (System.nanoTime() - start) / 1e9;

        MetricData firstChunk = OTEL.getMetrics().stream()
                .filter(m -> m.getName().equals("gen_ai.client.operation.time_to_first_chunk")).findFirst()
                .orElseThrow(() -> new AssertionError("no gen_ai.client.operation.time_to_first_chunk"));
        assertThat(firstChunk.getUnit()).isEqualTo("s");
        List<HistogramPointData> points = List.copyOf(firstChunk.getHistogramData().getPoints());
        assertThat(points).hasSize(1);
        assertThat(points.get(0).getCount()).as("only the streamed request").isEqualTo(1);
        // the first piece came after 30 ms, the last 300 ms later: the time is the first's, not the whole answer's
        assertThat(points.get(0).getSum()).isGreaterThanOrEqualTo(0.03).isLessThan(whole - 0.29);
        assertThat(points.get(0).getAttributes().get(AttributeKey.stringKey("gen_ai.request.model"))).isEqualTo("m");
    }

    @Test
    void anAsynchronousRequestIsOneSpanEndedWhenItsAnswerArrives() {
        ChatModel traced = TracedChatModel.builder(openAi(), OTEL.getOpenTelemetry()).build();

        ChatResponse response = traced.chatAsync(ChatRequest.of(List.of(ChatMessage.user("hello"))))
                .toCompletableFuture().join();

        assertThat(response.id()).isEqualTo("chatcmpl-42");
        assertThat(OTEL.getSpans()).hasSize(1);
        assertThat(OTEL.getSpans().get(0).getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")))
                .isEqualTo(7);
    }

    private static ChatResponse answer() {
        return new ChatResponse(ChatMessage.assistant("hi"), Usage.of(1, 1), "stop", "m");
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
