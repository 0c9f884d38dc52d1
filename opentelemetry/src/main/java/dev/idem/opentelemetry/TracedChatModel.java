package dev.idem.opentelemetry;

import static dev.idem.opentelemetry.GenAiAttributes.*;

import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.ModelDescription;
import dev.idem.llm.StreamListener;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@link ChatModel} that writes a {@code chat {gen_ai.request.model}} span (kind CLIENT) per
 * provider request, with the request's settings, the response's id, model, finish reason and token
 * usage, and records {@code gen_ai.client.operation.duration}, {@code gen_ai.client.token.usage}
 * and, for streamed answers, {@code gen_ai.client.operation.time_to_first_chunk}. Wrap the provider
 * client and give the wrapper to the agent: each request the failover driver sends (a retry, a
 * rotation to another profile) is its own span, as each is its own HTTP request; a failed one
 * carries {@code error.type}, Idem's {@link dev.idem.llm.ErrorKind} in lower case.
 *
 * <p>The provider, the model and the server come from the client's
 * {@link ChatModel#description()} (Idem's {@code OpenAiChatModel} gives all three) unless the
 * builder names them; they are on the span from its creation, where samplers read them.
 *
 * <pre>{@code
 * ChatModel model = TracedChatModel.builder(OpenAiChatModel.fromEnvironment().build(), openTelemetry).build();
 * }</pre>
 */
public final class TracedChatModel implements ChatModel {

    private final ChatModel delegate;
    private final Tracer tracer;
    private final DoubleHistogram duration;
    private final DoubleHistogram timeToFirstChunk;
    private final LongHistogram tokens;
    private final ModelDescription described; // null: the model or the server is unknown
    private final String spanName;
    /** What is known before any request: on every span from its creation, and on every metric point. */
    private final Attributes known;

    private TracedChatModel(Builder builder) {
        this.delegate = builder.delegate;
        this.tracer = builder.openTelemetry.getTracer(IdemTelemetry.INSTRUMENTATION_NAME);
        Meter meter = builder.openTelemetry.getMeter(IdemTelemetry.INSTRUMENTATION_NAME);
        this.duration = operationDuration(meter);
        this.timeToFirstChunk = GenAiAttributes.timeToFirstChunk(meter);
        this.tokens = meter.histogramBuilder("gen_ai.client.token.usage").ofLongs().setUnit("{token}")
                .setDescription("Number of input and output tokens used.")
                .setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS).build();
        Optional<ModelDescription> client = delegate.description();
        String provider = builder.provider != null ? builder.provider
                : client.map(ModelDescription::provider).orElse("openai");
        String requestModel = builder.requestModel != null ? builder.requestModel
                : client.map(ModelDescription::model).orElse(null);
        URI server = builder.server != null ? builder.server : client.map(ModelDescription::server).orElse(null);
        this.described = requestModel == null || server == null ? null
                : new ModelDescription(provider, requestModel, server);
        this.spanName = requestModel == null ? CHAT : CHAT + " " + requestModel;
        AttributesBuilder attributes = Attributes.builder().put(OPERATION_NAME, CHAT).put(PROVIDER_NAME, provider);
        if (requestModel != null) {
            attributes.put(REQUEST_MODEL, requestModel);
        }
        if (server != null && server.getHost() != null) {
            attributes.put(SERVER_ADDRESS, server.getHost()).put(SERVER_PORT, serverPort(server));
        }
        this.known = attributes.build();
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
        ChatSpan span = start(request, false);
        try (Scope ignored = span.context().makeCurrent()) {
            return span.answered(delegate.chat(request));
        } catch (RuntimeException | Error failure) {
            span.failed(failure);
            throw failure;
        }
    }

    @Override
    public ChatResponse stream(ChatRequest request, StreamListener listener) {
        ChatSpan span = start(request, true);
        try (Scope ignored = span.context().makeCurrent()) {
            return span.answered(delegate.stream(request, span.watching(listener)));
        } catch (RuntimeException | Error failure) {
            span.failed(failure);
            throw failure;
        }
    }

    /** The client's own asynchronous request, still one span: ended when the answer or the failure arrives. */
    @Override
    public CompletionStage<ChatResponse> chatAsync(ChatRequest request) {
        ChatSpan span = start(request, false);
        CompletionStage<ChatResponse> answer;
        try (Scope ignored = span.context().makeCurrent()) {
            answer = delegate.chatAsync(request);
        } catch (RuntimeException | Error failure) {
            span.failed(failure);
            return CompletableFuture.failedFuture(failure);
        }
        CompletableFuture<ChatResponse> traced = new CompletableFuture<>();
        answer.whenComplete((response, error) -> {
            if (error == null) {
                traced.complete(span.answered(response));
            } else {
                span.failed(ChatSpan.cause(error));
                traced.completeExceptionally(error);
            }
        });
        return traced;
    }

    /**
     * The described client with the builder's names in place of its own: what this wrapper asks for
     * and where, or the client's own description when the model or the server is unknown.
     */
    @Override
    public Optional<ModelDescription> description() {
        return described != null ? Optional.of(described) : delegate.description();
    }

    /** Starts the request's span with everything samplers read already on it. */
    private ChatSpan start(ChatRequest request, boolean streaming) {
        SpanBuilder builder = tracer.spanBuilder(spanName).setSpanKind(SpanKind.CLIENT).setAllAttributes(known);
        if (streaming) {
            builder.setAttribute(REQUEST_STREAM, true);
        }
        if (request.maxTokens() != null) {
            builder.setAttribute(REQUEST_MAX_TOKENS, request.maxTokens().longValue());
        }
        if (request.temperature() != null) {
            builder.setAttribute(REQUEST_TEMPERATURE, request.temperature());
        }
        Span span = builder.startSpan();
        return new ChatSpan(span, known, duration, tokens, streaming ? timeToFirstChunk : null);
    }

    /** Configures a {@link TracedChatModel}. */
    public static final class Builder {
        private final ChatModel delegate;
        private final OpenTelemetry openTelemetry;
        private String provider;
        private String requestModel;
        private URI server;

        private Builder(ChatModel delegate, OpenTelemetry openTelemetry) {
            this.delegate = Objects.requireNonNull(delegate, "model");
            this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
        }

        /**
         * {@code gen_ai.provider.name}, one of the conventions' values ({@code openai}, {@code anthropic},
         * {@code gcp.gemini} ...); default the client's {@linkplain ChatModel#description() description},
         * else {@code openai}, the protocol Idem's client speaks.
         *
         * @param value the provider's name
         * @return this builder
         */
        public Builder provider(String value) {
            this.provider = Objects.requireNonNull(value, "provider");
            return this;
        }

        /**
         * {@code gen_ai.request.model}: the model the client asks for (the span is named after it);
         * default the client's {@linkplain ChatModel#description() description}.
         *
         * @param value the model's name
         * @return this builder
         */
        public Builder requestModel(String value) {
            this.requestModel = Objects.requireNonNull(value, "requestModel");
            return this;
        }

        /**
         * The provider's base address: {@code server.address} and {@code server.port}; default the
         * client's {@linkplain ChatModel#description() description}.
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
