package dev.idem.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The {@code invoke_agent} span of an agent run, and the run's model and tool spans under it. */
class AgentSpansTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    private final Payments payments = new Payments();

    private Agent agent(ScriptedChatModel.Builder script) {
        IdemTelemetry telemetry = IdemTelemetry.create(OTEL.getOpenTelemetry());
        ChatModel model = TracedChatModel.builder(script.build(), OTEL.getOpenTelemetry()).requestModel("gpt-4o-mini")
                .server(URI.create("https://api.openai.com")).build();
        return Agent.builder()
                .name("payments")
                .model(model)
                .toolExecutor(telemetry.install(ToolExecutor.builder(ToolRegistry.of(Payments_ToolSet.of(payments))))
                        .build())
                .listener(telemetry.agentListener())
                .build();
    }

    private static ScriptedChatModel.Builder payThenAnswer() {
        return ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("call_1", "pay", "{\"account\":\"acc-1\",\"cents\":500}"),
                        new ToolCall("call_2", "balance", "{\"account\":\"acc-1\"}"))
                .replyWithText("Paid.");
    }

    @Test
    void anAgentRunIsAnInvokeAgentSpanWithTheConventionsAttributes() {
        AgentResult result = agent(payThenAnswer()).run("Pay acc-1 five dollars", "ticket-4711");

        assertThat(result.status()).isEqualTo(AgentStatus.ANSWERED);
        SpanData run = only("invoke_agent payments");
        assertThat(run.getKind()).isEqualTo(SpanKind.INTERNAL);
        assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(attr(run, "gen_ai.operation.name")).isEqualTo("invoke_agent");
        assertThat(attr(run, "gen_ai.agent.name")).isEqualTo("payments");
        assertThat(attr(run, "gen_ai.conversation.id")).isEqualTo("ticket-4711");
        assertThat(attr(run, "gen_ai.provider.name")).isEqualTo("openai");
        assertThat(attr(run, "gen_ai.request.model")).isEqualTo("gpt-4o-mini");
        assertThat(attr(run, "server.address")).isEqualTo("api.openai.com");
        assertThat(run.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")))
                .isEqualTo(result.usage().promptTokens());
        assertThat(attr(run, "idem.agent.status")).isEqualTo("answered");
    }

    @Test
    void aRunsChatAndExecuteToolSpansAreChildrenOfItsInvokeAgentSpan() {
        agent(payThenAnswer()).run("Pay acc-1 five dollars", "ticket-4711");

        assertChildrenOfTheRun(null);
    }

    @Test
    void anAsynchronousRunKeepsItsSpansUnderItsInvokeAgentSpanOnEveryThread() {
        Span request = OTEL.getOpenTelemetry().getTracer("test").spanBuilder("request").startSpan();
        AgentResult result;
        try (Scope ignored = request.makeCurrent()) {
            // balance runs under a timeout (a pool thread) and is retried after a delay (another thread)
            result = agent(payThenAnswer()).runAsync("Pay acc-1 five dollars", "ticket-4712").toCompletableFuture()
                    .join();
        } finally {
            request.end();
        }

        assertThat(result.status()).isEqualTo(AgentStatus.ANSWERED);
        assertChildrenOfTheRun(request);
        assertThat(payments.bodyContexts).hasSize(2).allSatisfy(context -> assertThat(context.getSpanId())
                .isEqualTo(only("execute_tool balance").getSpanId()));
    }

    @Test
    void aRunThatEndsWithASurfacedModelFailureIsAnErrorWithItsKind() {
        AgentResult result = agent(ScriptedChatModel.builder().fail(new ProviderHttpException(401,
                "{\"error\":{\"message\":\"Incorrect API key provided\",\"code\":\"invalid_api_key\"}}", Map.of())))
                .run("Pay acc-1", "ticket-4713");

        assertThat(result.status()).isEqualTo(AgentStatus.FAILED);
        SpanData run = only("invoke_agent payments");
        assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(attr(run, "error.type")).isEqualTo(result.error().kind().name().toLowerCase(java.util.Locale.ROOT));
        assertThat(run.getStatus().getDescription()).isNotEqualTo(attr(run, "error.type"));
    }

    /** One trace: the run's span under {@code caller} (or a root), every chat and execute_tool span under the run's. */
    private static void assertChildrenOfTheRun(Span caller) {
        SpanData run = only("invoke_agent payments");
        if (caller == null) {
            assertThat(run.getParentSpanContext().isValid()).isFalse();
        } else {
            assertThat(run.getParentSpanId()).isEqualTo(caller.getSpanContext().getSpanId());
        }
        List<SpanData> children = OTEL.getSpans().stream()
                .filter(span -> span.getName().startsWith("chat") || span.getName().startsWith("execute_tool")).toList();
        assertThat(children).extracting(SpanData::getName).containsExactlyInAnyOrder("chat gpt-4o-mini",
                "chat gpt-4o-mini", "execute_tool pay", "execute_tool balance");
        assertThat(children).allSatisfy(span -> {
            assertThat(span.getTraceId()).as(span.getName()).isEqualTo(run.getTraceId());
            assertThat(span.getParentSpanId()).as(span.getName()).isEqualTo(run.getSpanId());
        });
    }

    private static SpanData only(String name) {
        List<SpanData> named = OTEL.getSpans().stream().filter(span -> span.getName().equals(name)).toList();
        assertThat(named).as("spans named " + name + " among " + OTEL.getSpans()).hasSize(1);
        return named.get(0);
    }

    private static String attr(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }
}
