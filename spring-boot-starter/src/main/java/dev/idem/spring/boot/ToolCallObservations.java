package dev.idem.spring.boot;

import dev.idem.ErrorType;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolResult;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One Micrometer {@link Observation} per tool call, named {@value #NAME} (a timer of that name with
 * Boot's meter handler), its contextual name {@code execute_tool <tool>} as the OpenTelemetry GenAI
 * conventions name the span. Low-cardinality keys: {@code gen_ai.operation.name}
 * ({@code execute_tool}), {@code gen_ai.tool.name}, {@code idem.outcome} ({@code success},
 * {@code error}, {@code outcome_unknown}, {@code replayed}) and {@code error.type} (Idem's
 * {@link ErrorType}, {@code none} on success: a retried error that recovered is no error); high:
 * {@code gen_ai.tool.call.id} and {@code idem.attempts}. Each retry is an event {@code idem.retry}.
 *
 * <p>Built on the executor's listener: a call's start and outcome are paired by call id and tool
 * name, first started first ended, so two calls of one tool under one id at once may swap timings.
 */
final class ToolCallObservations implements ToolExecutionListener {

    /** The observation's (and timer's) name. */
    static final String NAME = "idem.tool.call";

    private record Key(String callId, String toolName) {}

    private final ObservationRegistry registry;
    private final Map<Key, Queue<Observation>> open = new ConcurrentHashMap<>();

    ToolCallObservations(ObservationRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public void onStart(ToolCall call) {
        Observation observation = Observation.createNotStarted(NAME, registry)
                .contextualName("execute_tool " + call.name())
                .lowCardinalityKeyValue("gen_ai.operation.name", "execute_tool")
                .lowCardinalityKeyValue("gen_ai.tool.name", call.name())
                .highCardinalityKeyValue("gen_ai.tool.call.id", call.id())
                .start();
        open.computeIfAbsent(new Key(call.id(), call.name()), key -> new ConcurrentLinkedQueue<>()).add(observation);
    }

    @Override
    public void onRetry(String toolName, int attempt, int maxAttempts, long delayMs, ErrorType errorType,
            Throwable error) {
        Observation current = registry.getCurrentObservation();
        if (current != null && toolName.equals(current.getContextView().getLowCardinalityKeyValue("gen_ai.tool.name")
                .getValue())) {
            current.event(Observation.Event.of("idem.retry", "attempt " + attempt + "/" + maxAttempts + " failed with "
                    + errorType + ", next in " + delayMs + " ms"));
        }
    }

    @Override
    public void onOutcome(ToolResult result) {
        Key key = new Key(result.callId(), result.toolName());
        Queue<Observation> queue = open.get(key);
        Observation observation = queue == null ? null : queue.poll();
        if (observation == null) {
            return;
        }
        if (queue.isEmpty()) {
            open.remove(key, queue);
        }
        observation.lowCardinalityKeyValues(KeyValues.of(
                "idem.outcome", outcome(result),
                "error.type", result.isError() ? result.errorType().name() : "none"));
        observation.highCardinalityKeyValue("idem.attempts", Integer.toString(result.attempts()));
        observation.stop();
    }

    private static String outcome(ToolResult result) {
        if (result.replayed()) {
            return "replayed";
        }
        if (!result.isError()) {
            return "success";
        }
        return result.outcomeUnknown() ? "outcome_unknown" : "error";
    }
}
