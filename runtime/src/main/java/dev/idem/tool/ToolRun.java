package dev.idem.tool;

import dev.idem.internal.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * The tool calls made for one user request (one click, one ticket, one agent run). Calls in a
 * run share its intent id, from which idempotency keys are derived, and its repetition guard:
 * after a terminal error, the same call is not executed again in this run. The run also remembers
 * which call intents had an unknown outcome, so a later failure of the same intent (a re-issued
 * call refused by the breaker, say) is never reported as a plain failure. Thread-safe: an agent
 * may run a turn's tool calls in parallel.
 *
 * <pre>{@code
 * ToolRun run = executor.newRun("ticket-4711");
 * ToolResult first = run.execute(new ToolCall("c1", "schedulePix", "{\"key\":\"a@b.c\",\"cents\":500}"));
 * // a later turn re-issues the call after an unknown outcome: same idempotency key
 * ToolResult again = run.execute(new ToolCall("c7", "schedulePix", "{\"cents\":500, \"key\":\"a@b.c\"}"));
 * }</pre>
 */
public final class ToolRun {

    private final ExecutorSettings settings;
    private final String intentId;
    private final RepetitionGuard guard = new RepetitionGuard();
    // Written by calls that may run concurrently in one turn.
    private final IntentKeys unknownOutcomes = new IntentKeys();
    private final List<ToolExecutionListener> listeners;

    ToolRun(ExecutorSettings settings, String intentId, ToolExecutionListener ownListener) {
        this.settings = settings;
        this.intentId = Objects.requireNonNull(intentId, "intentId");
        if (ownListener == null) {
            this.listeners = settings.listeners(); // already immutable: no copy per run
        } else {
            List<ToolExecutionListener> all = new ArrayList<>(settings.listeners());
            all.add(ownListener);
            this.listeners = List.copyOf(all);
        }
    }

    /** The id of the intent behind this run; part of every idempotency key derived in it. */
    public String intentId() {
        return intentId;
    }

    /**
     * Executes one call, waiting on this thread. Never throws, whatever the argument text: every
     * outcome is a {@link ToolResult} (only a {@link VirtualMachineError} other than a stack
     * overflow passes through). Waits at most for the argument checks (bounded by the tool's
     * timeout) and the body runs the policy allows.
     */
    public ToolResult execute(ToolCall call) {
        Objects.requireNonNull(call, "call");
        return Mode.join(new CallExecution(settings, this, call, Mode.BLOCKING).start());
    }

    /**
     * Executes one call without blocking this thread: bodies run on the executor's pool, delays
     * on its scheduler. The same rules as {@link #execute}, to the letter; the stage always
     * completes with a result. Parsing and binding run on the calling thread, within the tool's
     * timeout.
     */
    public CompletionStage<ToolResult> executeAsync(ToolCall call) {
        Objects.requireNonNull(call, "call");
        return new CallExecution(settings, this, call, Mode.NON_BLOCKING).start();
    }

    RepetitionGuard guard() {
        return guard;
    }

    /** Records that an attempt of the intent with this key may have taken effect. */
    void rememberUnknownOutcome(String idempotencyKey) {
        unknownOutcomes.add(idempotencyKey);
    }

    /** Whether an earlier attempt of the intent with this key may have taken effect. */
    boolean hadUnknownOutcome(String idempotencyKey) {
        return idempotencyKey != null && unknownOutcomes.contains(idempotencyKey);
    }

    /** The executor's listeners, then this run's own, if any. */
    List<ToolExecutionListener> listeners() {
        return listeners;
    }
}
