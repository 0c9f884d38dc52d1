package dev.idem.spring.boot;

import dev.idem.ErrorType;
import dev.idem.tool.RetryDecision;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolCallObservation;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import java.util.Objects;

/**
 * One Micrometer {@link Observation} per tool call, named {@value #NAME} (a timer of that name with
 * Boot's meter handler), its contextual name {@code execute_tool <tool>} as the OpenTelemetry GenAI
 * conventions name the span. Low-cardinality keys: {@code gen_ai.operation.name}
 * ({@code execute_tool}), {@code gen_ai.tool.name}, {@code idem.outcome} ({@code success},
 * {@code error}, {@code outcome_unknown}, {@code replayed}) and, only when the call failed,
 * {@code error.type}: Idem's {@link ErrorType} in lower case ({@code timeout}), the values
 * idem-opentelemetry's spans write, absent on success as the OpenTelemetry semantic conventions
 * want (a retried error that recovered is no error); high: {@code gen_ai.tool.call.id} and
 * {@code idem.attempts}. Each retry is an event {@code idem.retry}.
 *
 * <p>Each call has its own observation ({@link ToolExecutionListener#onCallStarted}), opened as the
 * current observation on whatever thread runs an attempt. Its parent is the observation current
 * when the call starts: Spring AI's {@code spring.ai.tool} when a {@code ChatClient} runs the tool,
 * so a trace shows the two nested, one call (docs/spring-boot.md says which one to count).
 */
final class ToolCallObservations implements ToolExecutionListener {

    /** The observation's (and timer's) name. */
    static final String NAME = "idem.tool.call";

    private final ObservationRegistry registry;

    ToolCallObservations(ObservationRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public ToolCallObservation onCallStarted(ToolCall call, ToolDescriptor tool) {
        Observation observation = Observation.createNotStarted(NAME, registry)
                .contextualName("execute_tool " + call.name())
                .lowCardinalityKeyValue("gen_ai.operation.name", "execute_tool")
                .lowCardinalityKeyValue("gen_ai.tool.name", call.name())
                .highCardinalityKeyValue("gen_ai.tool.call.id", call.id())
                .start();
        return new ToolCallObservation() {
            @Override
            public Scope attemptStarted(int attempt) {
                return observation.openScope()::close;
            }

            @Override
            public void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure,
                    RetryDecision.Reason rule) {
                observation.event(Observation.Event.of("idem.retry", "attempt " + attempt + " failed with "
                        + name(failure.type()) + " (" + name(rule) + "), next in " + delayMs + " ms"));
            }

            @Override
            public void finished(ToolResult result) {
                observation.lowCardinalityKeyValue("idem.outcome", outcome(result));
                if (result.isError()) {
                    observation.lowCardinalityKeyValue("error.type", name(result.errorType()));
                }
                observation.highCardinalityKeyValue("idem.attempts", Integer.toString(result.attempts()));
                observation.stop();
            }
        };
    }

    /** An enum value as the OpenTelemetry spans write it: {@code TIMEOUT} is {@code timeout}. */
    static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
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
