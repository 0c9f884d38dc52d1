package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.CauseChain;
import dev.idem.internal.Mode;
import dev.idem.internal.NameSuggestions;
import dev.idem.internal.Redaction;
import dev.idem.internal.canonical.CanonicalArguments;
import dev.idem.internal.canonical.CanonicalWriter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tool call from the model's request to its {@link ToolResult}: look up, parse, guard,
 * bind, then run attempts until the {@link RetryRule} says stop. The synchronous and the
 * asynchronous entry points both run this code; they differ only in their {@link Mode}.
 * Used once, by one call, so its fields need no synchronization: each step happens-after the
 * previous one through the stage it chains on.
 */
final class CallExecution {

    private static final Logger LOG = LoggerFactory.getLogger(ToolExecutor.class);
    /** How long argument checks (patterns) may take for a tool without a timeout of its own. */
    static final long UNTIMED_CHECK_LIMIT_MS = 10_000;

    private final ExecutorSettings settings;
    private final ToolRun run;
    private final ToolCall call;
    private final Mode mode;

    private ToolDescriptor tool;
    private RetryPolicy policy;
    private BoundCall body;
    private String argumentsHash;
    private String idempotencyKey;
    private int maxBodyRuns;
    private long timeoutMs;
    private CircuitBreaker breaker;
    private boolean abandonedBody;
    private boolean outcomeUnknown;
    private JournaledCall journaled;
    private ToolFailure lastFailure;

    CallExecution(ExecutorSettings settings, ToolRun run, ToolCall call, Mode mode) {
        this.settings = settings;
        this.run = run;
        this.call = call;
        this.mode = mode;
    }

    /**
     * Runs the call to its result. Total: whatever parsing, binding or the executor's own steps
     * throw becomes a result (only a {@link VirtualMachineError} other than a stack overflow is
     * let through: the JVM is in trouble), so neither entry point ever throws or completes
     * exceptionally.
     */
    CompletionStage<ToolResult> start() {
        CompletionStage<ToolResult> outcome;
        try {
            outcome = run();
        } catch (Throwable unexpected) {
            outcome = finish(unexpected(unexpected));
        }
        if (outcome instanceof CompletableFuture<ToolResult> done && done.isDone() && !done.isCompletedExceptionally()) {
            return outcome; // a synchronous call's result: nothing left that could fail, no stage to chain
        }
        return outcome.handle((result, error) -> error == null ? result : unexpected(CauseChain.unwrap(error)));
    }

    private CompletionStage<ToolResult> run() {
        ToolResult refused = prepare();
        if (refused != null) {
            return finish(refused);
        }
        journaled = settings.journalStep().forCall(tool, run, call.id(), argumentsHash, idempotencyKey, timeoutMs, mode);
        if (journaled == null) { // a read-only tool: nothing to protect
            return attempt(1, null);
        }
        // The journal decides whether the body runs at all: a recorded or running intent is answered from it.
        return Mode.thenCompose(journaled.begin(), recorded -> recorded != null ? finish(recorded) : firstAttempt());
    }

    /** The first attempt, fenced like every retry: an owner whose claim went stale confirms it first. */
    private CompletionStage<ToolResult> firstAttempt() {
        CompletionStage<Boolean> confirmed = journaled.confirmIfStale();
        if (confirmed == null) {
            return attempt(1, null);
        }
        return confirmed.thenCompose(held -> held ? attempt(1, null) : finish(journaled.takenOverBeforeStart()));
    }

    /** A result for a failure outside the body: nothing of the tool ran (or the first attempt's outcome stands). */
    private ToolResult unexpected(Throwable error) {
        if (error instanceof VirtualMachineError fatal && !(error instanceof StackOverflowError)) {
            throw fatal;
        }
        LOG.warn("tool call {} ('{}') failed outside its body", call.id(), call.name(), error);
        String toolName = tool != null ? tool.name() : call.name();
        return ToolResult.error(call.id(), toolName, ErrorType.PROGRAMMING_ERROR, "the call could not be carried out ("
                + error.getClass().getSimpleName() + "); the tool was NOT executed", 0, false,
                run.hadUnknownOutcome(idempotencyKey), idempotencyKey);
    }

    /** Steps 1 to 3: the result when the body must not run at all, else {@code null}. */
    private ToolResult prepare() {
        ToolRegistry.Entry entry = settings.registry().find(call.name());
        if (entry == null) {
            return notRun(call.name(), ErrorType.TOOL_NOT_FOUND, unknownToolMessage(), null);
        }
        tool = entry.descriptor();
        String text = call.argumentsJson();
        timeoutMs = settings.timeoutMsFor(tool);
        // Checks are bounded by the tool's own time limit, so a pattern never holds the call longer.
        long checkDeadline = System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(timeoutMs > 0 ? timeoutMs : UNTIMED_CHECK_LIMIT_MS);
        // One binder for every call: the text becomes a tree once, the tree is bound.
        ObjectNode arguments;
        ArgumentBindingException invalid = null;
        Throwable unbindable = null;
        try {
            arguments = ToolArguments.parse(text);
        } catch (ToolArguments.MalformedArgumentsException e) {
            if (LOG.isDebugEnabled()) {
                LOG.debug("tool '{}' call {}: arguments are not one JSON object ({}): {}",
                        tool.name(), call.id(), e.getMessage(), Redaction.redact(text));
            }
            return notRun(tool.name(), ErrorType.MALFORMED_ARGUMENTS, "Arguments for tool '" + tool.name()
                    + "' could not be parsed as JSON; the tool was NOT executed", null);
        } catch (ToolArguments.OversizedArgumentsException e) {
            LOG.debug("tool '{}' call {}: arguments past the parser's limits ({})", tool.name(), call.id(),
                    e.getMessage());
            return notRun(tool.name(), ErrorType.INVALID_ARGUMENTS, "invalid arguments: a value is larger than a"
                    + " tool call may carry (" + e.getMessage() + "); the tool was NOT executed. Required"
                    + " parameters: " + listOrNone(tool.requiredParameters()) + "; optional parameters: "
                    + listOrNone(tool.optionalParameters()), null);
        }
        try {
            body = entry.toolSet().bind(tool.name(), arguments, checkDeadline);
        } catch (ArgumentBindingException e) {
            invalid = e;
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            unbindable = e;
        }
        identify(body, arguments);
        if (run.guard().failedBefore(idempotencyKey)) {
            return notRun(tool.name(), ErrorType.REPEATED_CALL, "this exact call already failed in this run"
                    + " with an error that will not change; it was NOT executed again", idempotencyKey);
        }
        if (invalid != null) {
            run.guard().remember(idempotencyKey);
            return notRun(tool.name(), ErrorType.INVALID_ARGUMENTS, invalidArgumentsMessage(invalid), idempotencyKey);
        }
        if (unbindable != null) {
            // The set declared this tool but cannot bind it: a bug in the set, not in the arguments.
            LOG.debug("tool '{}' could not be bound", tool.name(), unbindable);
            return notRun(tool.name(), ErrorType.PROGRAMMING_ERROR,
                    "the tool could not be prepared (" + unbindable.getClass().getSimpleName() + "); it was NOT executed",
                    idempotencyKey);
        }
        policy = settings.policyFor(tool);
        maxBodyRuns = RetryRule.maxBodyRuns(tool, policy);
        breaker = settings.breakers().forTool(tool.name());
        if (LOG.isDebugEnabled()) { // spares the argument array on every call when debug is off
            LOG.debug("tool '{}' call {} key {} arguments {}", tool.name(), call.id(), idempotencyKey,
                    Redaction.redact(text));
        }
        return null;
    }

    /**
     * Writes the call's canonical arguments (from the bound call's typed values when it can, else
     * from the argument tree) and derives the
     * idempotency key from them, and the hash the journal keeps when the call is journaled.
     */
    private void identify(BoundCall bound, ObjectNode arguments) {
        CanonicalWriter canonical = ToolArguments.borrowWriter();
        try {
            if (!(bound instanceof CanonicalArguments typed) || !wroteTyped(typed, canonical)) {
                canonical.json(arguments);
            }
            idempotencyKey = IdempotencyKey.derive(run.intentId(), tool.name(), canonical);
            JournalStep journal = settings.journalStep();
            if (journal.journals(tool) && !journal.inProcess()) {
                argumentsHash = JournalStep.argumentsHash(canonical);
            }
        } finally {
            ToolArguments.release(canonical);
        }
    }

    /** Whether the bound values were written; a value's own accessor that throws leaves it to the tree. */
    private boolean wroteTyped(CanonicalArguments typed, CanonicalWriter canonical) {
        try {
            typed.writeCanonical(canonical);
            return true;
        } catch (RuntimeException e) {
            LOG.debug("tool '{}' call {}: bound values could not be read back; canonical form from the text",
                    tool.name(), call.id(), e);
            canonical.reset();
            return false;
        }
    }

    /** Step 4: runs body attempt {@code number}; {@code previous} is the failure that led here, if any. */
    private CompletionStage<ToolResult> attempt(int number, ToolFailure previous) {
        if (!breaker.tryAcquire(settings.clock().millis())) {
            // Refused before the first run: nothing ran, CIRCUIT_OPEN. Refused before a retry: the
            // failure that led here is the better answer (it may say the body is still running).
            ToolDecisionLog.circuitOpen(tool.name(), call.id(), idempotencyKey, number - 1);
            return previous == null
                    ? finish(notRun(tool.name(), ErrorType.CIRCUIT_OPEN, "the tool failed repeatedly and its circuit"
                            + " breaker is open; it was NOT executed", idempotencyKey))
                    : finish(failed(number - 1, previous));
        }
        AtomicBoolean cancelled = new AtomicBoolean();
        long deadline = timeoutMs > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs) : Long.MAX_VALUE;
        ToolContext context = new ToolContext(call.id(), tool.name(), idempotencyKey, number, maxBodyRuns, deadline, cancelled);
        CompletionStage<AttemptOutcome> started = settings.bodyRun().start(body, context, cancelled, timeoutMs, mode);
        // A synchronous body run here has its outcome already: go on directly, nothing to chain.
        AttemptOutcome now = BodyRun.ifDone(started);
        return now != null
                ? afterAttempt(number, now)
                : mode.settle(started).thenCompose(outcome -> afterAttempt(number, outcome));
    }

    /** Steps 5 and 6: account for the attempt, then stop or go again. */
    private CompletionStage<ToolResult> afterAttempt(int number, AttemptOutcome outcome) {
        if (outcome.succeeded()) {
            breaker.onSuccess();
            settings.budget().onSuccess();
            return finish(ToolResult.success(call.id(), tool.name(), outcome.value(), number, idempotencyKey));
        }
        ToolFailure failure = outcome.failure();
        lastFailure = failure;
        abandonedBody |= failure.timedOut();
        outcomeUnknown |= failure.leavesOutcomeUnknown();
        if (failure.isTransient()) {
            breaker.onFailure(settings.clock().millis());
            settings.budget().onFailure();
        } else {
            breaker.onSuccess();
        }
        RetryDecision decision = RetryRule.decide(tool, policy, failure, number, settings.budget().allowsRetry());
        String reason = ToolDecisionLog.because(decision, failure, number, maxBodyRuns);
        if (decision.runsAgain()) {
            if (journaled == null) {
                return retry(number, failure, reason);
            }
            // Another attempt only while the claim is still ours: a replica may have taken it over.
            return journaled.confirmClaim().thenCompose(held -> {
                if (held) {
                    return retry(number, failure, reason);
                }
                outcomeUnknown = true; // whoever took the intent over may be running it now
                ToolDecisionLog.stopping(tool.name(), call.id(), idempotencyKey, number, maxBodyRuns, failure,
                        "another owner took the journal claim over", true);
                return finish(failed(number, failure));
            });
        }
        ToolDecisionLog.stopping(tool.name(), call.id(), idempotencyKey, number, maxBodyRuns, failure, reason,
                outcomeUnknown || run.hadUnknownOutcome(idempotencyKey));
        if (RepetitionGuard.guards(failure.type(), failure.retryable())) {
            run.guard().remember(idempotencyKey);
        }
        return finish(failed(number, failure));
    }

    private CompletionStage<ToolResult> retry(int number, ToolFailure failure, String reason) {
        // The service's Retry-After wins over a shorter backoff (it knows its load), within the policy's cap.
        long delayMs = Math.max(policy.delayMs(number, settings.random().getAsDouble()),
                Math.min(failure.retryAfterMs(), policy.maxDelayMs()));
        ToolDecisionLog.retrying(tool.name(), call.id(), idempotencyKey, number, maxBodyRuns, failure, delayMs, reason);
        notifyRetry(number, delayMs, failure);
        return mode.settle(settings.sleeper().sleep(delayMs))
                .handle((ignored, sleepFailed) -> sleepFailed == null
                        ? attempt(number + 1, failure)
                        : finish(failed(number, failure)))
                .thenCompose(next -> next);
    }

    private ToolResult failed(int attempts, ToolFailure failure) {
        if (outcomeUnknown) {
            run.rememberUnknownOutcome(idempotencyKey);
        }
        return ToolResult.error(call.id(), tool.name(), failure.type(), failure.message(), attempts, abandonedBody,
                outcomeUnknown || run.hadUnknownOutcome(idempotencyKey), idempotencyKey);
    }

    /** Nothing ran this time; an earlier attempt of the same intent in this run still may have. */
    private ToolResult notRun(String toolName, ErrorType type, String message, String key) {
        return ToolResult.error(call.id(), toolName, type, message, 0, false, run.hadUnknownOutcome(key), key);
    }

    private CompletionStage<ToolResult> finish(ToolResult result) {
        return journaled == null ? announce(result) : Mode.thenCompose(journaled.end(result, lastFailure), this::announce);
    }

    private CompletionStage<ToolResult> announce(ToolResult result) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("tool '{}' call {} finished: {}", result.toolName(), result.callId(),
                    result.isError() ? result.errorType() + " after " + result.attempts() + " attempt(s)" : "success");
        }
        for (ToolExecutionListener listener : run.listeners()) {
            try {
                listener.onOutcome(result);
            } catch (RuntimeException e) {
                LOG.warn("tool execution listener {} failed on outcome", listener, e);
            }
        }
        return CompletableFuture.completedFuture(result);
    }

    private void notifyRetry(int number, long delayMs, ToolFailure failure) {
        for (ToolExecutionListener listener : run.listeners()) {
            try {
                listener.onRetry(tool.name(), number, maxBodyRuns, delayMs, failure.type(), failure.error());
            } catch (RuntimeException e) {
                LOG.warn("tool execution listener {} failed on retry", listener, e);
            }
        }
    }

    private String unknownToolMessage() {
        List<String> names = settings.registry().names();
        List<String> close = NameSuggestions.closeTo(call.name(), names);
        StringBuilder message = new StringBuilder("there is no tool named '").append(call.name()).append("'");
        if (!close.isEmpty()) {
            message.append("; did you mean ").append(quoted(close, " or ")).append("?");
        }
        message.append(" Available tools: ").append(names.isEmpty() ? "none" : quoted(names, ", "));
        return message.toString();
    }

    private String invalidArgumentsMessage(ArgumentBindingException e) {
        return "invalid arguments: " + String.join("; ", e.problems()) + "; the tool was NOT executed. Required parameters: "
                + listOrNone(tool.requiredParameters()) + "; optional parameters: " + listOrNone(tool.optionalParameters());
    }

    private static String listOrNone(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static String quoted(List<String> names, String separator) {
        StringBuilder text = new StringBuilder();
        for (String name : names) {
            if (text.length() > 0) {
                text.append(separator);
            }
            text.append('\'').append(name).append('\'');
        }
        return text.toString();
    }
}
