package dev.idem.opentelemetry;

import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolExecutor;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.MeterProvider;
import java.util.Objects;

/**
 * Traces Idem's tool calls with OpenTelemetry, as the GenAI semantic conventions define it: one
 * {@code execute_tool {gen_ai.tool.name}} span per call (retries are events on it, not spans or
 * errors), the {@code gen_ai.client.operation.duration} metric, and Idem's own facts under
 * {@code idem.*}. Model calls: {@link TracedChatModel}; agent runs: {@link #agentListener()}. Tool
 * arguments and results are recorded only when {@linkplain Builder#captureContent asked for}, masked
 * as Idem's log masks them.
 *
 * <pre>{@code
 * ToolExecutor executor = IdemTelemetry.install(ToolExecutor.builder(registry), openTelemetry).build();
 * }</pre>
 */
public final class IdemTelemetry {

    /** The instrumentation scope name of every tracer and meter this module uses. */
    public static final String INSTRUMENTATION_NAME = "dev.idem";

    private final OpenTelemetry openTelemetry;
    private final boolean captureContent;

    private IdemTelemetry(Builder builder) {
        this.openTelemetry = builder.openTelemetry;
        this.captureContent = builder.captureContent;
    }

    /**
     * Adds the tracing listener to {@code executor}, unless {@code openTelemetry} is
     * {@link OpenTelemetry#noop()}: then the executor runs exactly as without it.
     *
     * @param executor      the executor being built
     * @param openTelemetry the application's OpenTelemetry (the SDK, or {@code GlobalOpenTelemetry.get()})
     * @return {@code executor}
     */
    public static ToolExecutor.Builder install(ToolExecutor.Builder executor, OpenTelemetry openTelemetry) {
        return create(openTelemetry).install(executor);
    }

    /**
     * Telemetry with the defaults (content capture off).
     *
     * @param openTelemetry the application's OpenTelemetry
     * @return the telemetry
     */
    public static IdemTelemetry create(OpenTelemetry openTelemetry) {
        return builder(openTelemetry).build();
    }

    /**
     * A builder of telemetry writing to {@code openTelemetry}.
     *
     * @param openTelemetry the application's OpenTelemetry
     * @return a builder with the defaults
     */
    public static Builder builder(OpenTelemetry openTelemetry) {
        return new Builder(openTelemetry);
    }

    /**
     * Adds {@link #toolListener()} to {@code executor}, unless this telemetry writes to
     * {@link OpenTelemetry#noop()}.
     *
     * @param executor the executor being built
     * @return {@code executor}
     */
    public ToolExecutor.Builder install(ToolExecutor.Builder executor) {
        Objects.requireNonNull(executor, "executor");
        return openTelemetry == OpenTelemetry.noop() ? executor : executor.listener(toolListener());
    }

    /**
     * The executor listener that writes the spans and the duration metric; for
     * {@code ToolExecutor.Builder.listener} or {@code ToolExecutor.newRun(intentId, listener)}.
     *
     * @return a new listener
     */
    public ToolExecutionListener toolListener() {
        MeterProvider meters = openTelemetry.getMeterProvider();
        return new ToolSpans(openTelemetry.getTracer(INSTRUMENTATION_NAME),
                meters == MeterProvider.noop() ? null : GenAiAttributes.operationDuration(meters.get(INSTRUMENTATION_NAME)),
                captureContent);
    }

    /**
     * The agent listener that writes an {@code invoke_agent {gen_ai.agent.name}} span per run, the
     * parent of the run's {@code chat} spans (a {@link TracedChatModel}) and {@code execute_tool}
     * spans (an executor with {@link #install}), for {@code Agent.builder().listener(...)}. Needs
     * {@code idem-agent}; the rest of this class does not.
     *
     * <pre>{@code
     * Agent agent = Agent.builder()
     *         .model(TracedChatModel.builder(model, openTelemetry).build())
     *         .toolExecutor(telemetry.install(ToolExecutor.builder(registry)).build())
     *         .listener(telemetry.agentListener())
     *         .build();
     * }</pre>
     *
     * @return a new listener
     */
    public dev.idem.agent.AgentListener agentListener() {
        // AgentSpans.create is declared to return the listener type itself, so verifying this class
        // loads no agent class: a tool server without idem-agent uses the rest of it.
        return AgentSpans.create(openTelemetry.getTracer(INSTRUMENTATION_NAME));
    }

    /**
     * Whether tool arguments and results are recorded on spans.
     *
     * @return whether content is captured
     */
    public boolean capturesContent() {
        return captureContent;
    }

    /** Configures {@link IdemTelemetry}. */
    public static final class Builder {
        private final OpenTelemetry openTelemetry;
        private boolean captureContent;

        private Builder(OpenTelemetry openTelemetry) {
            this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
        }

        /**
         * Records {@code gen_ai.tool.call.arguments} and {@code gen_ai.tool.call.result} (opt-in in
         * the conventions; default off), each masked as Idem's log masks free text. They may still
         * hold personal data: turn it on where the trace backend may hold it.
         *
         * @param value whether to record content
         * @return this builder
         */
        public Builder captureContent(boolean value) {
            this.captureContent = value;
            return this;
        }

        /**
         * Builds the telemetry.
         *
         * @return the telemetry
         */
        public IdemTelemetry build() {
            return new IdemTelemetry(this);
        }
    }
}
