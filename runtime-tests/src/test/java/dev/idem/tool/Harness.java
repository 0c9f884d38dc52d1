package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.journal.TestClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * An executor over the generated tool sets of the {@link ScriptedTools} a test scripted, with a
 * recording sleeper (delays are recorded, never waited), a clock the test moves, a fixed random
 * value and a recording listener.
 */
final class Harness {

    private final List<ScriptedTools> sets = new ArrayList<>();
    private final List<ScriptedTool> scripted = new ArrayList<>();
    final List<Long> delays = Collections.synchronizedList(new ArrayList<>());
    final TestClock clock = new TestClock();
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final List<ToolResult> outcomes = Collections.synchronizedList(new ArrayList<>());
    double random = 0.5;
    private ToolExecutor executor;
    private UnaryOperator<ToolExecutor.Builder> settings = b -> b;

    Harness configure(UnaryOperator<ToolExecutor.Builder> more) {
        UnaryOperator<ToolExecutor.Builder> before = settings;
        settings = b -> more.apply(before.apply(b));
        executor = null;
        return this;
    }

    /**
     * Gives tool {@code name} of {@code tools} its body and registers the tool set the processor
     * generated for {@code tools}' class, found as users find it ({@link ToolRegistry.Builder#discover}).
     */
    ScriptedTool script(ScriptedTools tools, String name, Script script) {
        if (sets.stream().noneMatch(set -> set == tools)) {
            sets.add(tools);
            executor = null;
        }
        ScriptedTool tool = tools.script(name, script);
        scripted.add(tool);
        return tool;
    }

    /** The scripted tools, in the order they were scripted. */
    List<ScriptedTool> scripted() {
        return List.copyOf(scripted);
    }

    /** A registry of the generated sets of every class a tool was scripted in, in that order. */
    ToolRegistry registry() {
        return ToolRegistry.builder().discover(sets.toArray()).build();
    }

    ToolExecutor executor() {
        if (executor == null) {
            ToolExecutor.Builder builder = ToolExecutor.builder(registry())
                    .sleeper(millis -> {
                        delays.add(millis);
                        return CompletableFuture.completedFuture(null);
                    })
                    .clock(clock)
                    .random(() -> random)
                    .listener((call, tool) -> new ToolCallObservation() {
                        @Override
                        public void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure,
                                RetryDecision.Reason rule) {
                            events.add("retry " + call.name() + " " + attempt + "/" + maxAttempts + " after "
                                    + delayMs + " ms: " + failure.type() + " " + failure.error().getMessage());
                        }

                        @Override
                        public void finished(ToolResult result) {
                            outcomes.add(result);
                            events.add("outcome " + result.toolName() + " "
                                    + (result.isError() ? result.errorType().toString() : "success"));
                        }
                    });
            executor = settings.apply(builder).build();
        }
        return executor;
    }

    /**
     * A run of a new intent: one user request. Calls of one intent are answered from the executor's
     * journal once they have an outcome, so tests that call again as another request get another
     * intent ({@link #run(String)} for the same one).
     */
    private final java.util.concurrent.atomic.AtomicInteger intents = new java.util.concurrent.atomic.AtomicInteger();

    ToolRun run() {
        return executor().newRun("intent-" + intents.incrementAndGet());
    }

    /** A run of the intent {@code intentId}. */
    ToolRun run(String intentId) {
        return executor().newRun(intentId);
    }

    static ToolCall call(String name, String arguments) {
        return new ToolCall("call-1", name, arguments);
    }
}
