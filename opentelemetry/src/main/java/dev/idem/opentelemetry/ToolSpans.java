package dev.idem.opentelemetry;

import static dev.idem.opentelemetry.GenAiAttributes.*;

import dev.idem.ErrorType;
import dev.idem.tool.LogRedaction;
import dev.idem.tool.RetryDecision;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolCallObservation;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

/**
 * The executor listener that writes an {@code execute_tool {gen_ai.tool.name}} span (kind
 * INTERNAL) per tool call and records its duration. The span is a child of the caller's context
 * when the call starts, and is current on every thread an attempt of the body runs on. Status
 * ERROR only when the call's result is an error: a failed attempt that was retried is an
 * {@code idem.tool.retry} event, not an error.
 */
final class ToolSpans implements ToolExecutionListener {

    private final Tracer tracer;
    private final DoubleHistogram duration; // null: metrics are off
    private final boolean captureContent;

    ToolSpans(Tracer tracer, DoubleHistogram duration, boolean captureContent) {
        this.tracer = tracer;
        this.duration = duration;
        this.captureContent = captureContent;
    }

    @Override
    public ToolCallObservation onCallStarted(ToolCall call, ToolDescriptor tool) {
        Context parent = Context.current();
        Span span = tracer.spanBuilder(EXECUTE_TOOL + " " + call.name()).setParent(parent)
                .setSpanKind(SpanKind.INTERNAL).setAttribute(OPERATION_NAME, EXECUTE_TOOL).startSpan();
        if (!span.getSpanContext().isValid() && duration == null) {
            return null; // nothing traces, nothing measures: nothing to follow
        }
        if (span.isRecording()) {
            span.setAttribute(TOOL_NAME, call.name());
            span.setAttribute(TOOL_CALL_ID, call.id());
            span.setAttribute(TOOL_TYPE, "function");
            if (tool != null && !tool.description().isEmpty()) {
                span.setAttribute(TOOL_DESCRIPTION, tool.description());
            }
            if (captureContent) {
                span.setAttribute(TOOL_CALL_ARGUMENTS, LogRedaction.redact(call.argumentsJson()));
            }
        }
        return new Observation(span, parent.with(span), call.name());
    }

    /** One call's span, and what its attributes need to know before the result comes. */
    private final class Observation implements ToolCallObservation {
        private final Span span;
        private final Context context;
        private final String toolName;
        private final long startNanos = System.nanoTime();
        private volatile boolean journaled;
        private volatile RetryDecision.Reason stoppedBy;

        Observation(Span span, Context context, String toolName) {
            this.span = span;
            this.context = context;
            this.toolName = toolName;
        }

        @Override
        public Scope attemptStarted(int attempt) {
            io.opentelemetry.context.Scope scope = context.makeCurrent();
            return scope::close;
        }

        @Override
        public void journaled() {
            journaled = true;
        }

        @Override
        public void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure,
                RetryDecision.Reason rule) {
            if (span.isRecording()) {
                // No error.type: the conventions record it for an operation that ended in an error only.
                span.addEvent(RETRY_EVENT, Attributes.of(IDEM_ATTEMPT, (long) attempt, IDEM_RETRY_ERROR_TYPE,
                        name(failure.type()), IDEM_RULE, name(rule), IDEM_RETRY_DELAY_MS, delayMs));
            }
        }

        @Override
        public void stopped(int attempt, ToolFailure failure, RetryDecision.Reason rule) {
            stoppedBy = rule;
        }

        @Override
        public void finished(ToolResult result) {
            String errorType = result.isError() ? name(result.errorType()) : null;
            if (span.isRecording()) {
                span.setAttribute(IDEM_ATTEMPTS, result.attempts());
                if (result.idempotencyKey() != null) {
                    span.setAttribute(IDEM_KEY, result.idempotencyKey());
                }
                if (journaled) {
                    span.setAttribute(IDEM_JOURNAL_VERDICT, verdict(result));
                }
                if (stoppedBy != null) {
                    span.setAttribute(IDEM_RULE, name(stoppedBy));
                }
                if (result.isError()) {
                    span.setAttribute(ERROR_TYPE, errorType);
                    span.setAttribute(IDEM_OUTCOME_UNKNOWN, result.outcomeUnknown());
                    // the description is the message, error.type already says the type
                    span.setStatus(StatusCode.ERROR, LogRedaction.redact(result.message()));
                } else if (captureContent) {
                    span.setAttribute(TOOL_CALL_RESULT, LogRedaction.redact(result.value().toString()));
                }
            }
            span.end();
            if (duration != null) {
                AttributesBuilder attributes = Attributes.builder().put(OPERATION_NAME, EXECUTE_TOOL)
                        .put(TOOL_NAME, toolName);
                if (errorType != null) {
                    attributes.put(ERROR_TYPE, errorType);
                }
                duration.record((System.nanoTime() - startNanos) / 1e9, attributes.build(), context);
            }
        }
    }

    /** What the journal made of a journaled call: answered from a record, refused, or claimed for this run. */
    static String verdict(ToolResult result) {
        if (result.replayed()) {
            return "replayed";
        }
        if (result.isError() && (result.errorType() == ErrorType.IN_FLIGHT
                || result.errorType() == ErrorType.KEY_CONFLICT)) {
            return "refused";
        }
        return "claimed";
    }
}
