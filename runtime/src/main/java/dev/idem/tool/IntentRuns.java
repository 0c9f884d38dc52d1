package dev.idem.tool;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One {@link ToolRun} per intent id, for callers that receive the intent with every tool call
 * rather than holding a run themselves: an MCP request, a LangChain4j AI-service call, a Spring AI
 * prompt. Calls of the same intent share the run, so they share its repetition guard and its
 * memory of unknown outcomes, and derive the same idempotency keys.
 *
 * <pre>{@code
 * IntentRuns runs = new IntentRuns(executor, 10_000);
 * ToolResult result = runs.forIntent("ticket-4711").execute(call);
 * }</pre>
 *
 * <p>Only the {@code capacity} most recently used intents are kept. A forgotten intent that
 * comes back gets a fresh run: its idempotency keys are the same (they derive from the intent
 * id, the tool and the arguments), so services that honour them still deduplicate; only the
 * repetition guard and the outcome-unknown memory of the old run are lost. Thread-safe.
 */
public final class IntentRuns {

    private final ToolExecutor executor;
    private final int capacity;
    // Access-ordered, so the eldest entry is the least recently used; guarded by "this".
    private final Map<String, ToolRun> runs;

    /**
     * @param executor the executor every run belongs to
     * @param capacity how many intents to remember, at least 1
     */
    public IntentRuns(ToolExecutor executor, int capacity) {
        this.executor = Objects.requireNonNull(executor, "executor");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
        this.runs = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, ToolRun> eldest) {
                return size() > IntentRuns.this.capacity;
            }
        };
    }

    /** The run of this intent, created on first use. */
    public synchronized ToolRun forIntent(String intentId) {
        Objects.requireNonNull(intentId, "intentId");
        return runs.computeIfAbsent(intentId, executor::newRun);
    }

    /** The executor the runs belong to. */
    public ToolExecutor executor() {
        return executor;
    }

    /** How many intents are remembered now. */
    public synchronized int size() {
        return runs.size();
    }
}
