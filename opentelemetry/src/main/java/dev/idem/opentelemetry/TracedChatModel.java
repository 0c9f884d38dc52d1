package dev.idem.opentelemetry;

import static dev.idem.opentelemetry.GenAiAttributes.*;

import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.ModelErrorClassifier;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A {@link ChatModel} that writes a {@code chat {gen_ai.request.model}} span (kind CLIENT) per
 * provider request, with the request's settings, the response's model, finish reason and token
 * usage, and records {@code gen_ai.client.operation.duration} and {@code gen_ai.client.token.usage}.
 * Wrap the provider client and give the wrapper to the agent: each request the failover driver sends
 * (a retry, a rotation to another profile) is its own span, as each is its own HTTP request; a
 * failed one carries {@code error.type}, Idem's {@link dev.idem.llm.ErrorKind} in lower case.
 *
 * <pre>{@code
 * ChatModel model = TracedChatModel.builder(openAi, openTelemetry)
 *         .provider("openai").requestModel("gpt-4o-mini").server(URI.create("https://api.openai.com"))
 *         .build();
 * }</pre>
 */
public final class TracedChatModel implements ChatModel {

    private static final ModelErrorClassifier CLASSIFIER = new ModelErrorClassifier();

    private final ChatModel delegate;
    private final Tracer tracer;
    private final DoubleHistogram duration;
    private final LongHistogram tokens;
    private final String provider;
    private final String requestModel;
    private final String serverAddress;
    private final long serverPort;

    private TracedChatModel(Builder builder) {
        this.delegate = builder.delegate;
        this.tracer = builder.openTelemetry.getTracer(IdemTelemetry.INSTRUMENTATION_NAME);
        Meter meter = builder.openTelemetry.getMeter(IdemTelemetry.INSTRUMENTATION_NAME);
        this.duration = operationDuration(meter);
        this.tokens = meter.histogramBuilder("gen_ai.client.token.usage").ofLongs().setUnit("{token}")
                .setDescription("Number of input and output tokens used.")
                .setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS).build();
        this.provider = builder.provider;
        this.requestModel = builder.requestModel;
        this.serverAddress = builder.server == null ? null : builder.server.getHost();
        this.serverPort = builder.server == null ? -1 : port(builder.server);
    }

    /**
     * A builder of a traced {@code model}.
     *
     * @param model         the provider client
     * @param openTelemetry the application's OpenTelemetry
     * @return a builder
     */
    public static Builder builder(ChatModel model, OpenTelemetry openTelemetry) {
        return new Builder(model, openTelemetry);
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return traced(request, false, () -> delegate.chat(request));
    }

    @Override
    public ChatResponse stream(ChatRequest request, StreamListener listener) {
        return traced(request, true, () -> delegate.stream(request, listener));
    }

    private ChatResponse traced(ChatRequest request, boolean streaming, Supplier<ChatResponse> call) {
        Span span = tracer.spanBuilder(requestModel == null ? CHAT : CHAT + " " + requestModel)
                .setSpanKind(SpanKind.CLIENT).setAttribute(OPERATION_NAME, CHAT).setAttribute(PROVIDER_NAME, provider)
                .startSpan();
        if (span.isRecording()) {
            requestAttributes(span, request, streaming);
        }
        long start = System.nanoTime();
        Context context = Context.current().with(span);
        try (Scope ignored = context.makeCurrent()) {
            ChatResponse response = call.get();
            String responseModel = response.model().isEmpty() ? null : response.model();
            if (span.isRecording()) {
                if (responseModel != null) {
                    span.setAttribute(RESPONSE_MODEL, responseModel);
                }
                if (response.finishReason() != null) {
                    span.setAttribute(RESPONSE_FINISH_REASONS, List.of(response.finishReason()));
                }
                span.setAttribute(USAGE_INPUT_TOKENS, response.usage().promptTokens());
                span.setAttribute(USAGE_OUTPUT_TOKENS, response.usage().completionTokens());
            }
            Attributes metric = metricAttributes(responseModel, null);
            duration.record(seconds(start), metric, context);
            tokens.record(response.usage().promptTokens(), metric.toBuilder().put(TOKEN_TYPE, "input").build(), context);
            tokens.record(response.usage().completionTokens(), metric.toBuilder().put(TOKEN_TYPE, "output").build(),
                    context);
            return response;
        } catch (RuntimeException | Error failure) {
            String errorType = failure instanceof RuntimeException
                    ? name(CLASSIFIER.classify(failure).kind()) : failure.getClass().getName();
            span.setAttribute(ERROR_TYPE, errorType);
            span.setStatus(StatusCode.ERROR, errorType);
            duration.record(seconds(start), metricAttributes(null, errorType), context);
            throw failure;
        } finally {
            span.end();
        }
    }

    private void requestAttributes(Span span, ChatRequest request, boolean streaming) {
        if (requestModel != null) {
            span.setAttribute(REQUEST_MODEL, requestModel);
        }
        if (serverAddress != null) {
            span.setAttribute(SERVER_ADDRESS, serverAddress);
            span.setAttribute(SERVER_PORT, serverPort);
        }
        if (streaming) {
            span.setAttribute(REQUEST_STREAM, true);
        }
        if (request.maxTokens() != null) {
            span.setAttribute(REQUEST_MAX_TOKENS, request.maxTokens().longValue());
        }
        if (request.temperature() != null) {
            span.setAttribute(REQUEST_TEMPERATURE, request.temperature());
        }
    }

    private Attributes metricAttributes(String responseModel, String errorType) {
        AttributesBuilder attributes = Attributes.builder().put(OPERATION_NAME, CHAT).put(PROVIDER_NAME, provider);
        if (requestModel != null) {
            attributes.put(REQUEST_MODEL, requestModel);
        }
        if (responseModel != null) {
            attributes.put(RESPONSE_MODEL, responseModel);
        }
        if (serverAddress != null) {
            attributes.put(SERVER_ADDRESS, serverAddress).put(SERVER_PORT, serverPort);
        }
        if (errorType != null) {
            attributes.put(ERROR_TYPE, errorType);
        }
        return attributes.build();
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static long port(URI server) {
        if (server.getPort() != -1) {
            return server.getPort();
        }
        return "http".equalsIgnoreCase(server.getScheme()) ? 80 : 443;
    }

    /** Configures a {@link TracedChatModel}. */
    public static final class Builder {
        private final ChatModel delegate;
        private final OpenTelemetry openTelemetry;
        private String provider = "openai";
        private String requestModel;
        private URI server;

        private Builder(ChatModel delegate, OpenTelemetry openTelemetry) {
            this.delegate = Objects.requireNonNull(delegate, "model");
            this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
        }

        /**
         * {@code gen_ai.provider.name}, one of the conventions' values ({@code openai}, {@code anthropic},
         * {@code gcp.gemini} ...); default {@code openai}, the protocol Idem's client speaks.
         *
         * @param value the provider's name
         * @return this builder
         */
        public Builder provider(String value) {
            this.provider = Objects.requireNonNull(value, "provider");
            return this;
        }

        /**
         * {@code gen_ai.request.model}: the model the client asks for (the span is named after it).
         *
         * @param value the model's name
         * @return this builder
         */
        public Builder requestModel(String value) {
            this.requestModel = Objects.requireNonNull(value, "requestModel");
            return this;
        }

        /**
         * The provider's base address: {@code server.address} and {@code server.port}.
         *
         * @param value the base URL the client calls
         * @return this builder
         */
        public Builder server(URI value) {
            this.server = Objects.requireNonNull(value, "server");
            return this;
        }

        /**
         * Builds the traced model.
         *
         * @return the traced model
         */
        public TracedChatModel build() {
            return new TracedChatModel(this);
        }
    }
}
