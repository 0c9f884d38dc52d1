package com.example;

import dev.idem.agent.AgentResult;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.ToolCall;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Written by OpenTelemetryProjectTest into the docs page's OpenTelemetry project: runs the page's
 * agent once with run and once with runAsync on the real OpenTelemetry SDK, then prints each run's
 * span and the spans whose parent it is.
 */
public class ReadmeToolCall {

    public static void main(String[] args) {
        List<SpanData> spans = new CopyOnWriteArrayList<>();
        SpanExporter collecting = new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> batch) {
                spans.addAll(batch);
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
        };
        SdkTracerProvider tracing = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(collecting))
                .build();
        try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(tracing).build()) {
            Payments payments = new Payments();
            AgentResult sync = TracedPayments.agent(script(), payments, sdk).run("Pay ACC-1 42.00", "ticket-1");
            AgentResult async = TracedPayments.agent(script(), payments, sdk).runAsync("Pay ACC-1 42.00", "ticket-2")
                    .toCompletableFuture().join();
            tracing.forceFlush().join(5, TimeUnit.SECONDS);
            System.out.println("status: " + sync.status() + " " + async.status());
            System.out.println("sent: " + payments.sent());
        }
        for (SpanData run : spans) {
            if (!run.getName().startsWith("invoke_agent")) {
                continue;
            }
            List<String> children = spans.stream()
                    .filter(span -> span.getParentSpanId().equals(run.getSpanId())
                            && span.getTraceId().equals(run.getTraceId()))
                    .sorted((a, b) -> Long.compare(a.getStartEpochNanos(), b.getStartEpochNanos()))
                    .map(SpanData::getName).collect(Collectors.toList());
            System.out.println("run " + run.getAttributes().get(AttributeKey.stringKey("gen_ai.conversation.id")) + ": "
                    + run.getName() + " <- " + children);
        }
        System.out.println("spans: " + spans.size());
    }

    private static ScriptedChatModel script() {
        return ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("call_1", "pay", "{\"account\":\"ACC-1\",\"cents\":4200}"))
                .replyWithText("Paid.")
                .build();
    }
}
