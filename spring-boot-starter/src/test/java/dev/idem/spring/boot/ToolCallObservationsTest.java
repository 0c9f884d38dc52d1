package dev.idem.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.opentelemetry.IdemTelemetry;
import dev.idem.springai.IdemToolCallbackProvider;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolExecutor;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.DefaultToolCallingManager;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The {@code idem.tool.call} observation speaks the spans' vocabulary: {@code error.type} has the
 * values idem-opentelemetry writes, and only when the call failed; and a call a Spring AI
 * {@code ChatClient} runs is one Idem observation inside Spring AI's own, not a second call.
 */
class ToolCallObservationsTest {

    private static final String ERROR_TYPE = "error.type";

    @TempDir
    Path journalDirectory;

    /** Every observation stopped, in order. */
    private final List<Observation.Context> stopped = Collections.synchronizedList(new ArrayList<>());
    private final ObservationRegistry observations = ObservationRegistry.create();

    ToolCallObservationsTest() {
        observations.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context);
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
    }

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdemAutoConfiguration.class,
                        IdemObservationAutoConfiguration.class, IdemSpringAiAutoConfiguration.class))
                .withBean(Ledger.class).withBean(Transfers.class)
                .withBean(ObservationRegistry.class, () -> observations)
                .withPropertyValues("idem.journal.directory=" + journalDirectory);
    }

    @Test
    void errorTypeHasTheSpansValuesAndIsWrittenOnlyWhenTheCallFailed() {
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        OpenTelemetrySdk openTelemetry = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
        ToolExecutionListener spanListener = IdemTelemetry.create(openTelemetry).toolListener();
        Map<String, String> calls = new LinkedHashMap<>();
        calls.put("c-balance", "{\"account\":\"ACC-1\"}"); // rate-limited once, then recovers: no error
        calls.put("c-book", "{\"account\":"); // malformed arguments
        calls.put("c-sendPix", "{\"account\":\"ACC-2\",\"cents\":100}"); // times out, outcome unknown

        runner().withBean(ToolExecutionListener.class, () -> spanListener).run(context -> {
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            calls.forEach((id, arguments) -> executor.newRun("intent-" + id)
                    .execute(new ToolCall(id, id.substring(2), arguments)));
        });

        Map<String, String> observed = new LinkedHashMap<>();
        Map<String, String> spanned = new LinkedHashMap<>();
        for (Observation.Context call : stopped) {
            var errorType = call.getLowCardinalityKeyValue(ERROR_TYPE);
            observed.put(call.getHighCardinalityKeyValue("gen_ai.tool.call.id").getValue(),
                    errorType == null ? "(absent)" : errorType.getValue());
        }
        for (SpanData span : spans.getFinishedSpanItems()) {
            String errorType = span.getAttributes().get(AttributeKey.stringKey(ERROR_TYPE));
            spanned.put(span.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id")),
                    errorType == null ? "(absent)" : errorType);
        }

        assertThat(observed).as("the observations' error.type by call").containsExactlyInAnyOrderEntriesOf(Map.of(
                "c-balance", "(absent)", "c-book", "malformed_arguments", "c-sendPix", "timeout"));
        assertThat(observed).as("the same as the spans'").containsExactlyInAnyOrderEntriesOf(spanned);
        assertThat(stopped).extracting(context -> context.getLowCardinalityKeyValue(
                "idem.outcome").getValue()).containsExactlyInAnyOrder("success", "error", "outcome_unknown");
    }

    @Test
    void aToolCallThroughSpringAiIsOneIdemObservationInsideSpringAisToolObservation() {
        runner().run(context -> {
            var callbacks = context.getBean(IdemToolCallbackProvider.class).getToolCallbacks();
            Prompt prompt = new Prompt(List.of(new UserMessage("book 42 on ACC-1")), ToolCallingChatOptions.builder()
                    .toolCallbacks(callbacks).toolContext(Map.of(IdemToolCallbackProvider.INTENT_ID, "ticket-7"))
                    .build());
            ChatResponse asksForBook = new ChatResponse(List.of(new Generation(AssistantMessage.builder()
                    .toolCalls(List.of(new AssistantMessage.ToolCall("c1", "function", "book",
                            "{\"account\":\"ACC-1\",\"cents\":42}"))).build())));

            DefaultToolCallingManager.builder().observationRegistry(observations).build()
                    .executeToolCalls(prompt, asksForBook);
        });

        List<Observation.Context> idem = stopped.stream()
                .filter(context -> context.getName().equals(ToolCallObservations.NAME)).toList();
        assertThat(idem).as("one idem.tool.call observation").hasSize(1);
        assertThat(idem.get(0).getParentObservation()).as("its parent").isNotNull();
        assertThat(idem.get(0).getParentObservation().getContextView().getName()).isEqualTo("spring.ai.tool");
        assertThat(stopped).extracting(Observation.Context::getName)
                .containsExactlyInAnyOrder("spring.ai.tool", ToolCallObservations.NAME);
    }
}
