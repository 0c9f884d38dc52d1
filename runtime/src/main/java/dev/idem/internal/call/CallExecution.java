package dev.idem.internal.call;

import dev.idem.internal.CauseChain;
import dev.idem.internal.Mode;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import dev.idem.tool.exchange.ToolExchange;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One tool call's route from the model's request to its {@link ToolResult}, as values handed from
 * stage to stage: {@link CallPreparation} makes a {@link PreparedCall} (or refuses the call), the
 * {@link JournalStep} gives it a {@link CallClaim} when its tool is journaled, and
 * {@link CallAttempts} runs and records it; its {@link CallEvents} tell what happened on the way. The
 * synchronous and the asynchronous entry points both take this route; they differ only in their
 * {@link Mode}. No stage knows the run or the stage that called it.
 */
public final class CallExecution {

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);

    private CallExecution() {}

    /**
     * Runs the call to its result. Total: whatever parsing, binding or the executor's own steps
     * throw becomes a result (only a {@link VirtualMachineError} other than a stack overflow is
     * let through: the JVM is in trouble), so neither entry point ever throws or completes
     * exceptionally.
     */
    public static CompletionStage<ToolResult> start(ExecutorSettings settings, RunMemory run, ToolCall call,
            ToolExchange exchange, Mode mode) {
        PreparedCall prepared = null;
        CompletionStage<ToolResult> outcome;
        CallEvents events = CallEvents.start(run.listeners(), call, settings.registry());
        try {
            Preparation preparation = CallPreparation.prepare(settings, run, call);
            if (preparation instanceof Preparation.Refused refused) {
                outcome = CompletableFuture.completedFuture(refused.result());
            } else {
                prepared = (PreparedCall) preparation;
                CallClaim claim = settings.journalStep().forCall(prepared, run, mode);
                if (claim != null) {
                    events.journaled();
                }
                outcome = new CallAttempts(settings, run, prepared, claim, mode, events, exchange).start();
            }
        } catch (Throwable unexpected) {
            ToolResult result = unexpected(call, prepared, run, unexpected);
            outcome = CompletableFuture.completedFuture(result);
        }
        outcome = announced(outcome, events);
        if (outcome instanceof CompletableFuture<ToolResult> done && done.isDone() && !done.isCompletedExceptionally()) {
            return outcome; // a synchronous call's result: nothing left that could fail, no stage to chain
        }
        PreparedCall route = prepared;
        return outcome.handle((result, error) -> error == null ? result
                : unexpected(call, route, run, CauseChain.unwrap(error)));
    }

    /** A result for a failure outside the body: nothing of the tool ran (or the first attempt's outcome stands). */
    private static ToolResult unexpected(ToolCall call, PreparedCall prepared, RunMemory run, Throwable error) {
        if (error instanceof VirtualMachineError fatal && !(error instanceof StackOverflowError)) {
            throw fatal;
        }
        LOG.warn("tool call {} ('{}') failed outside its body", call.id(), call.name(), error);
        return CallRefusals.unexpected(call, prepared, error, run);
    }

    /** {@code outcome}, once its events told it; a stage that fails tells nothing. */
    private static CompletionStage<ToolResult> announced(CompletionStage<ToolResult> outcome, CallEvents events) {
        if (outcome instanceof CompletableFuture<ToolResult> done && done.isDone() && !done.isCompletedExceptionally()) {
            events.finished(done.join());
            return outcome;
        }
        return outcome.thenApply(result -> {
            events.finished(result);
            return result;
        });
    }
}
