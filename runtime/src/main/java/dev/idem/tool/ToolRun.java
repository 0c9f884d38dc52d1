package dev.idem.tool;

import dev.idem.internal.Mode;
import dev.idem.internal.call.CallExecution;
import dev.idem.internal.call.CallPreparation;
import dev.idem.internal.call.CallRefusals;
import dev.idem.internal.call.ExecutorSettings;
import dev.idem.internal.call.Preparation;
import dev.idem.internal.call.RunMemory;
import dev.idem.tool.exchange.ToolExchange;
import java.util.Objects;
import java.util.Optional;
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
        return execute(call, ToolExchange.none());
    }

    /**
     * As {@link #execute(ToolCall)}, for a call from a client the body can reach through
     * {@link ToolContext#exchange()} (log, progress, sampling, elicitation over MCP).
     *
     * @param call     the model's call
     * @param exchange the exchange with the client that sent the call
     * @return the call's result, never {@code null}
     */
    public ToolResult execute(ToolCall call, ToolExchange exchange) {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(exchange, "exchange");
        return Mode.join(CallExecution.start(settings, memory, call, exchange, Mode.BLOCKING));
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
        return executeAsync(call, ToolExchange.none());
    }

    /**
     * As {@link #executeAsync(ToolCall)}, for a call from a client the body can reach through
     * {@link ToolContext#exchange()}.
     *
     * @param call     the model's call
     * @param exchange the exchange with the client that sent the call
     * @return the stage of the call's result; it always completes normally
     */
    public CompletionStage<ToolResult> executeAsync(ToolCall call, ToolExchange exchange) {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(exchange, "exchange");
        return CallExecution.start(settings, memory, call, exchange, Mode.NON_BLOCKING);
    }

    /**
     * Whether {@code call} would wait for a person's approval: its tool requires approval, its
     * arguments are bound and valid, its condition holds, and it was not approved in this run.
     * Runs nothing and remembers nothing; a call with bad arguments never needs approval (executing
     * it refuses it at once). Executing a call that needs approval does not run it either: the
     * result is a PERMISSION_DENIED error saying that it waits.
     *
     * <pre>{@code
     * Optional<ApprovalNeeded> pending = run.approvalNeeded(call);
     * if (pending.isEmpty()) result = run.execute(call);
     * }</pre>
     *
     * @param call the model's call
     * @return what a person must approve, or empty when the call may run now
     */
    public Optional<ApprovalNeeded> approvalNeeded(ToolCall call) {
        Objects.requireNonNull(call, "call");
        ToolRegistry.Entry entry = settings.registry().find(call.name());
        if (entry == null || !entry.descriptor().requiresApproval()) {
            return Optional.empty();
        }
        Preparation preparation = CallPreparation.prepare(settings, memory, call, true);
        return preparation instanceof Preparation.Refused refused ? Optional.ofNullable(refused.awaiting())
                : Optional.empty();
    }

    /**
     * Records that a person approved the call with {@code idempotencyKey} for this run: it runs when
     * executed, once, under that key. The decision itself belongs in the journal
     * ({@code dev.idem.approvals.Approvals}, in idem-approvals); this only lets the run act on it.
     *
     * @param idempotencyKey the approved call's key
     */
    public void approve(String idempotencyKey) {
        memory.approve(Objects.requireNonNull(idempotencyKey, "idempotencyKey"));
    }

    /**
     * The result of a call a person declined: "declined by {@code by}: {@code reason}; the tool was
     * NOT executed" (PERMISSION_DENIED). The same call is not executed later in this run either.
     *
     * @param call           the model's call
     * @param idempotencyKey the call's key
     * @param by             who declined
     * @param reason         why
     * @return the result to give the model
     */
    public ToolResult declined(ToolCall call, String idempotencyKey, String by, String reason) {
        memory.rememberFailure(idempotencyKey);
        return CallRefusals.declined(call, call.name(), idempotencyKey, by, reason);
    }
}
