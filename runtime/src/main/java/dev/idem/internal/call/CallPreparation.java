package dev.idem.internal.call;

import dev.idem.ApprovalCondition;
import dev.idem.internal.Redaction;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.internal.canonical.CanonicalWriter.CanonicalArguments;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.RetryRule;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolSet;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.node.ObjectNode;

/**
 * The first stage of a call (DESIGN.md section 3, steps 1 to 3): look the tool up, bind the
 * arguments, derive the idempotency key, ask the repetition guard. Hands on a
 * {@link PreparedCall}, or the refusal when the body must not run at all. Runs on the caller's
 * thread; it keeps nothing between calls.
 */
public final class CallPreparation {

    private static final Logger LOG = LoggerFactory.getLogger(ToolDecisionLog.LOGGER_NAME);
    /** How long argument checks (patterns) may take for a tool without a timeout of its own. */
    public static final long UNTIMED_CHECK_LIMIT_MS = 10_000;

    private CallPreparation() {}

    public static Preparation prepare(ExecutorSettings settings, RunMemory run, ToolCall call) {
        return prepare(settings, run, call, false);
    }

    /**
     * @param probe only to learn whether the call would wait for approval: nothing is remembered
     *              (a refused call is not added to the repetition guard)
     */
    public static Preparation prepare(ExecutorSettings settings, RunMemory run, ToolCall call, boolean probe) {
        ToolRegistry.Entry entry = settings.registry().find(call.name());
        if (entry == null) {
            return new Preparation.Refused(CallRefusals.unknownTool(call, settings.registry()));
        }
        ToolDescriptor tool = entry.descriptor();
        long timeoutMs = settings.timeoutMsFor(tool);
        // Checks are bounded by the tool's own time limit, so a pattern never holds the call longer.
        long checkDeadline = System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(timeoutMs > 0 ? timeoutMs : UNTIMED_CHECK_LIMIT_MS);
        return bound(settings, run, call, entry.toolSet(), tool, checkDeadline, timeoutMs, probe);
    }

    /**
     * One binder for every call: the set's binder reads the text as it is parsed, in one pass. A call
     * it refuses, or text that is not one well-formed object, is parsed again into a tree, which
     * tells malformed from oversized text as before and gives a refused call its key.
     */
    private static Preparation bound(ExecutorSettings settings, RunMemory run, ToolCall call, ToolSet set,
            ToolDescriptor tool, long checkDeadline, long timeoutMs, boolean probe) {
        String text = call.argumentsJson();
        BoundCall body = null;
        Throwable refused = null;
        boolean unread = false;
        try (JsonParser parser = ToolArguments.parser(text)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                body = set.bind(tool.name(), parser, checkDeadline);
            }
            unread = body == null || parser.nextToken() != null; // not an object, or text after it
        } catch (JacksonException | NumberFormatException | ArithmeticException notRead) {
            unread = true; // not well-formed, or past a limit: the tree below says which
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            refused = e; // invalid arguments, or a set that cannot bind a tool it declares
        }
        if (body != null && !unread) {
            return identified(settings, run, call, tool, body, null, null, timeoutMs, probe);
        }
        ObjectNode arguments;
        try {
            arguments = ToolArguments.parse(text);
        } catch (ToolArguments.MalformedArgumentsException e) {
            if (LOG.isDebugEnabled()) {
                LOG.debug("tool '{}' call {}: arguments are not one JSON object ({}): {}",
                        tool.name(), call.id(), e.getMessage(), Redaction.redact(text));
            }
            return new Preparation.Refused(CallRefusals.malformed(call, tool));
        } catch (ToolArguments.OversizedArgumentsException e) {
            LOG.debug("tool '{}' call {}: arguments past the parser's limits ({})", tool.name(), call.id(),
                    e.getMessage());
            return new Preparation.Refused(CallRefusals.oversized(call, tool, e.getMessage()));
        }
        if (refused == null) { // the parser stopped where the tree did not: the tree is bound
            body = null;
            try {
                body = set.bind(tool.name(), arguments, checkDeadline);
            } catch (RuntimeException | LinkageError | StackOverflowError e) {
                refused = e;
            }
        }
        return identified(settings, run, call, tool, body, arguments, refused, timeoutMs, probe);
    }

    /**
     * Derives the call's key (and the hash the journal keeps) from its canonical arguments, then
     * refuses a call that failed for good before in the run, or whose binding was {@code refused};
     * else the prepared call. {@code arguments} is the parsed tree, or null when the text was bound
     * without one (it is parsed then only if the bound values cannot write the canonical form).
     */
    private static Preparation identified(ExecutorSettings settings, RunMemory run, ToolCall call, ToolDescriptor tool,
            BoundCall body, ObjectNode arguments, Throwable refused, long timeoutMs, boolean probe) {
        String key;
        String argumentsHash = null;
        CanonicalWriter canonical = ToolArguments.borrowWriter();
        try {
            writeCanonical(canonical, call, tool, body, arguments);
            key = IdempotencyKey.derive(run.intentId(), tool.name(), canonical);
            JournalStep journal = settings.journalStep();
            if (journal.journals(tool) && !journal.inProcess()) {
                argumentsHash = JournalStep.argumentsHash(canonical);
            }
        } finally {
            ToolArguments.release(canonical);
        }
        if (run.failedBefore(key)) {
            return new Preparation.Refused(CallRefusals.repeated(call, tool, key, run));
        }
        if (refused instanceof ArgumentBindingException invalid) {
            if (!probe) {
                run.rememberFailure(key);
            }
            return new Preparation.Refused(CallRefusals.invalid(call, tool, invalid, key, run));
        }
        if (refused != null) {
            LOG.debug("tool '{}' could not be bound", tool.name(), refused);
            return new Preparation.Refused(CallRefusals.unprepared(call, tool, refused, key, run));
        }
        if (LOG.isDebugEnabled()) { // spares the argument array on every call when debug is off
            LOG.debug("tool '{}' call {} key {} arguments {}", tool.name(), call.id(), key,
                    Redaction.redact(call.argumentsJson()));
        }
        // Bound and checked, so bad arguments never wait for a person: only now is approval asked for.
        if (tool.requiresApproval() && !run.approved(key) && approvalHolds(tool, body)) {
            return new Preparation.Refused(CallRefusals.awaitingApproval(call, tool, key, run),
                    new ApprovalNeeded(call.id(), tool.name(), key, canonicalText(call, tool, body, arguments),
                            tool.approvers()));
        }
        RetryPolicy policy = settings.policyFor(tool);
        return new PreparedCall(call, tool, policy, body, key, argumentsHash, timeoutMs,
                RetryRule.maxBodyRuns(tool, policy));
    }

    private static void writeCanonical(CanonicalWriter canonical, ToolCall call, ToolDescriptor tool, BoundCall body,
            ObjectNode arguments) {
        if (!(body instanceof CanonicalArguments typed) || !wroteTyped(call, tool, typed, canonical)) {
            canonical.json(arguments != null ? arguments : ToolArguments.parse(call.argumentsJson()));
        }
    }

    /** The canonical arguments as text, for a call that waits for approval: what the person is shown and the journal keeps. */
    private static String canonicalText(ToolCall call, ToolDescriptor tool, BoundCall body, ObjectNode arguments) {
        CanonicalWriter canonical = ToolArguments.borrowWriter();
        try {
            writeCanonical(canonical, call, tool, body, arguments);
            return canonical.toString();
        } finally {
            ToolArguments.release(canonical);
        }
    }

    /** Whether the bound values were written; a value's own accessor that throws leaves it to the tree. */
    private static boolean wroteTyped(ToolCall call, ToolDescriptor tool, CanonicalArguments typed,
            CanonicalWriter canonical) {
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

    /**
     * Whether the tool's condition asks for approval of these bound arguments. A condition that
     * cannot be asked (a hand-written set's bound call exposes no arguments) or that fails asks for
     * it: the cautious answer.
     */
    private static boolean approvalHolds(ToolDescriptor tool, BoundCall body) {
        ApprovalCondition condition = tool.approval();
        if (condition == ApprovalCondition.ALWAYS) {
            return true;
        }
        if (!(body instanceof ApprovalCondition.Arguments arguments)) {
            return true;
        }
        try {
            return condition.requiresApproval(arguments);
        } catch (RuntimeException e) {
            LOG.warn("tool '{}': its approval condition {} failed; the call waits for approval", tool.name(),
                    condition.getClass().getName(), e);
            return true;
        }
    }
}
