package dev.idem.tool;

import dev.idem.internal.Mode;
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
    private final RunMemory memory;

    ToolRun(ExecutorSettings settings, String intentId, ToolExecutionListener ownListener) {
        this.settings = settings;
        this.memory = new RunMemory(intentId, settings.listeners(), ownListener);
    }

    /**
     * The id of the intent behind this run; part of every idempotency key derived in it.
     *
     * @return the intent id
     */
    public String intentId() {
        return memory.intentId();
    }

    /**
     * Executes one call, waiting on this thread. Never throws, whatever the argument text: every
     * outcome is a {@link ToolResult} (only a {@link VirtualMachineError} other than a stack
     * overflow passes through). Waits at most for the argument checks (bounded by the tool's
     * timeout) and the body runs the policy allows.
     *
     * @param call the model's call
     * @return the call's result, never {@code null}
     */
    public ToolResult execute(ToolCall call) {
        Objects.requireNonNull(call, "call");
        return Mode.join(CallExecution.start(settings, memory, call, Mode.BLOCKING));
    }

    /**
     * Executes one call without blocking this thread: bodies run on the executor's pool, delays
     * on its scheduler. The same rules as {@link #execute}, to the letter; the stage always
     * completes with a result. Parsing and binding run on the calling thread, within the tool's
     * timeout.
     *
     * @param call the model's call
     * @return the stage of the call's result; it always completes normally
     */
    public CompletionStage<ToolResult> executeAsync(ToolCall call) {
        Objects.requireNonNull(call, "call");
        return CallExecution.start(settings, memory, call, Mode.NON_BLOCKING);
    }
}
