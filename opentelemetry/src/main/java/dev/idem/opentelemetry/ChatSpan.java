package dev.idem.opentelemetry;

import static dev.idem.opentelemetry.GenAiAttributes.*;

import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.ModelErrorClassifier;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.tool.LogRedaction;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * One model request's {@code chat} span and metric points, from its start to its answer or failure,
 * on whichever thread each arrives. Ends once.
 */
final class ChatSpan {

    private static final ModelErrorClassifier CLASSIFIER = new ModelErrorClassifier();

    private final Span span;
    private final Context context;
    private final Attributes known;
    private final DoubleHistogram duration;
    private final LongHistogram tokens;
    private final DoubleHistogram timeToFirstChunk; // null: not streamed
    private final long startNanos = System.nanoTime();
    // Written by the stream's reader thread, read when the answer or the failure arrives on it.
    private volatile long firstChunkNanos;

    ChatSpan(Span span, Attributes known, DoubleHistogram duration, LongHistogram tokens,
            DoubleHistogram timeToFirstChunk) {
        this.span = span;
        this.context = Context.current().with(span);
        this.known = known;
        this.duration = duration;
        this.tokens = tokens;
        this.timeToFirstChunk = timeToFirstChunk;
    }

    Context context() {
        return context;
    }

    /** Records the answer's facts and ends the span; returns {@code response}. */
    ChatResponse answered(ChatResponse response) {
        String responseModel = response.model().isEmpty() ? null : response.model();
        if (span.isRecording()) {
            if (!response.id().isEmpty()) {
                span.setAttribute(RESPONSE_ID, response.id());
            }
            if (responseModel != null) {
                span.setAttribute(RESPONSE_MODEL, responseModel);
            }
            if (response.finishReason() != null) {
                span.setAttribute(RESPONSE_FINISH_REASONS, List.of(response.finishReason()));
            }
            span.setAttribute(USAGE_INPUT_TOKENS, response.usage().promptTokens());
            span.setAttribute(USAGE_OUTPUT_TOKENS, response.usage().completionTokens());
        }
        span.end();
        Attributes metric = metricAttributes(responseModel, null);
        record(metric);
        tokens.record(response.usage().promptTokens(), metric.toBuilder().put(TOKEN_TYPE, "input").build(), context);
        tokens.record(response.usage().completionTokens(), metric.toBuilder().put(TOKEN_TYPE, "output").build(),
                context);
        return response;
    }

    /**
     * Records the failure ({@code error.type} the classifier's kind, the status's description its
     * message, masked as the log masks it) and ends the span.
     */
    void failed(Throwable failure) {
        String errorType;
        String description;
        if (failure instanceof RuntimeException) {
            ModelFailure classified = CLASSIFIER.classify(failure);
            errorType = name(classified.kind());
            description = classified.message().isEmpty() ? failure.getMessage() : classified.message();
        } else {
            errorType = failure.getClass().getName();
            description = failure.getMessage();
        }
        span.setAttribute(ERROR_TYPE, errorType);
        span.setStatus(StatusCode.ERROR, description == null ? errorType : LogRedaction.redact(description));
        span.end();
        record(metricAttributes(null, errorType));
    }

    /** {@code listener}, telling this span when the first piece of the answer arrived. */
    StreamListener watching(StreamListener listener) {
        return new StreamListener() {
            @Override
            public void onText(String delta) {
                chunk();
                listener.onText(delta);
            }

            @Override
            public void onRefusal(String delta) {
                chunk();
                listener.onRefusal(delta);
            }

            @Override
            public void onToolCallStart(int index, String id, String name) {
                chunk();
                listener.onToolCallStart(index, id, name);
            }

            @Override
            public void onToolCallArguments(int index, String fragment) {
                chunk();
                listener.onToolCallArguments(index, fragment);
            }
        };
    }

    /** The failure a stage completed with, without the stage's wrapper. */
    static Throwable cause(Throwable error) {
        return (error instanceof CompletionException || error instanceof ExecutionException) && error.getCause() != null
                ? error.getCause() : error;
    }

    private void chunk() {
        if (firstChunkNanos == 0) {
            firstChunkNanos = Math.max(1, System.nanoTime() - startNanos);
        }
    }

    private void record(Attributes metric) {
        duration.record((System.nanoTime() - startNanos) / 1e9, metric, context);
        long firstChunk = firstChunkNanos;
        if (timeToFirstChunk != null && firstChunk != 0) {
            timeToFirstChunk.record(firstChunk / 1e9, metric, context);
        }
    }

    private Attributes metricAttributes(String responseModel, String errorType) {
        AttributesBuilder attributes = known.toBuilder();
        if (responseModel != null) {
            attributes.put(RESPONSE_MODEL, responseModel);
        }
        if (errorType != null) {
            attributes.put(ERROR_TYPE, errorType);
        }
        return attributes.build();
    }
}
