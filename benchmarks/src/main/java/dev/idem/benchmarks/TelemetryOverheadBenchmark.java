package dev.idem.benchmarks;

import dev.idem.opentelemetry.IdemTelemetry;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What tracing costs a tool call: {@code DispatchBenchmark}'s small call through the executor
 * ({@code idemExecutorInRun}'s path: a fresh intent per call) with no listener, with the OpenTelemetry
 * listener on {@link OpenTelemetry#noop()} (forced: {@code IdemTelemetry.install} would add none),
 * and with the SDK recording every span (sampled, exported to a sink that drops it) and the duration
 * metric.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TelemetryOverheadBenchmark {

    private final ToolCall call = new ToolCall("call_1", "book", BookingTools.ARGUMENTS);
    private ToolExecutor plain;
    private ToolExecutor noop;
    private ToolExecutor sdk;
    private OpenTelemetrySdk openTelemetry;
    private long tickets;

    @Setup
    public void setUp() {
        ToolRegistry registry = ToolRegistry.of(BookingTools_ToolSet.of(new BookingTools()));
        plain = ToolExecutor.builder(registry).build();
        noop = ToolExecutor.builder(registry).listener(IdemTelemetry.create(OpenTelemetry.noop()).toolListener())
                .build();
        openTelemetry = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(new Sink()))
                        .build())
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(InMemoryMetricReader.create()).build())
                .build();
        sdk = IdemTelemetry.install(ToolExecutor.builder(registry), openTelemetry).build();
    }

    @TearDown
    public void tearDown() {
        openTelemetry.close();
    }

    /** The executor as it is, nothing observing. */
    @Benchmark
    public String plainExecutor() {
        return plain.newRun(nextTicket()).execute(call).textForModel();
    }

    /** The OpenTelemetry listener installed on a noop OpenTelemetry (nobody configured one). */
    @Benchmark
    public String noopTelemetryExecutor() {
        return noop.newRun(nextTicket()).execute(call).textForModel();
    }

    /** The OpenTelemetry SDK recording every span and the duration metric. */
    @Benchmark
    public String sdkTelemetryExecutor() {
        return sdk.newRun(nextTicket()).execute(call).textForModel();
    }

    private String nextTicket() {
        return "ticket-" + (tickets++);
    }

    /** Exports nothing: the cost measured is the SDK's, not an exporter's. */
    private static final class Sink implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
