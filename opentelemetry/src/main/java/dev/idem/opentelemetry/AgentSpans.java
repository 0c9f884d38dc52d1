package dev.idem.opentelemetry;

import static dev.idem.opentelemetry.GenAiAttributes.*;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentListener;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentRunObservation;
import dev.idem.agent.AgentStatus;
import dev.idem.agent.TraceEvent;
import dev.idem.llm.ModelDescription;
import dev.idem.tool.LogRedaction;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Optional;

/**
 * The agent listener that writes an {@code invoke_agent {gen_ai.agent.name}} span (kind INTERNAL:
 * the agent runs in this process) per run, the parent of the run's {@code chat} and
 * {@code execute_tool} spans: its context is made current wherever a model request or a tool call
 * of the run starts. Its parent is the context current when the run was asked for. Status ERROR only
 * when the run ended FAILED or OUTCOME_UNKNOWN (a surfaced model failure) or threw.
 */
final class AgentSpans implements AgentListener {

    private final Tracer tracer;

    private AgentSpans(Tracer tracer) {
        this.tracer = tracer;
    }

    /** Declared as the listener, so that {@link IdemTelemetry} links without the agent on the class path. */
    static AgentListener create(Tracer tracer) {
        return new AgentSpans(tracer);
    }

    @Override
    public void onEvent(String intentId, TraceEvent event) {
        // the run's events are on its chat and execute_tool spans
    }

    @Override
    public AgentRunObservation onRunStarted(Agent agent, String intentId) {
        Optional<ModelDescription> model = agent.model().description();
        Context parent = Context.current();
        SpanBuilder builder = tracer.spanBuilder(INVOKE_AGENT + " " + agent.name()).setParent(parent)
                .setSpanKind(SpanKind.INTERNAL).setAttribute(OPERATION_NAME, INVOKE_AGENT)
                .setAttribute(PROVIDER_NAME, model.map(ModelDescription::provider).orElse("openai"))
                .setAttribute(AGENT_NAME, agent.name()).setAttribute(CONVERSATION_ID, intentId);
        model.ifPresent(described -> {
            builder.setAttribute(REQUEST_MODEL, described.model());
            if (described.server().getHost() != null) {
                builder.setAttribute(SERVER_ADDRESS, described.server().getHost());
                builder.setAttribute(SERVER_PORT, serverPort(described.server()));
            }
        });
        Span span = builder.startSpan();
        if (!span.getSpanContext().isValid()) {
            return AgentRunObservation.NONE; // nothing traces: nothing to make current
        }
        Context context = parent.with(span);
        return new AgentRunObservation() {
            @Override
            public Scope enter() {
                io.opentelemetry.context.Scope scope = context.makeCurrent();
                return scope::close;
            }

            @Override
            public void finished(AgentResult result) {
                if (span.isRecording()) {
                    span.setAttribute(IDEM_AGENT_STATUS, name(result.status()));
                    span.setAttribute(USAGE_INPUT_TOKENS, result.usage().promptTokens());
                    span.setAttribute(USAGE_OUTPUT_TOKENS, result.usage().completionTokens());
                    if (result.status() == AgentStatus.FAILED || result.status() == AgentStatus.OUTCOME_UNKNOWN) {
                        span.setAttribute(ERROR_TYPE, name(result.error().kind()));
                        span.setStatus(StatusCode.ERROR, LogRedaction.redact(String.valueOf(result.error().getMessage())));
                    }
                }
                span.end();
            }

            @Override
            public void failed(Throwable error) {
                span.setAttribute(ERROR_TYPE, error.getClass().getName());
                span.setStatus(StatusCode.ERROR, LogRedaction.redact(String.valueOf(error.getMessage())));
                span.end();
            }
        };
    }
}
