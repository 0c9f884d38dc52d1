package dev.idem.agent;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.llm.Usage;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.tool.ToolResult;
import java.util.Objects;

/**
 * One thing that happened during an agent run, in the order it happened: each model attempt and
 * what was decided about it, each tool retry with its delay, each tool outcome. {@code toString}
 * is a readable line, so a trace can be printed as it is.
 *
 * <pre>{@code
 * for (TraceEvent event : result.trace()) {
 *     System.out.println(event);
 * }
 * long retries = result.trace().stream().filter(TraceEvent.ToolRetried.class::isInstance).count();
 * }</pre>
 */
public sealed interface TraceEvent {

    /**
     * The model turn (1-based) the event belongs to.
     *
     * @return the turn, from 1
     */
    int turn();

    /**
     * A model attempt failed and the failover policy decided what comes next.
     *
     * @param turn     the model turn
     * @param attempt  the attempt of this turn's call that failed, the first is 1
     * @param failure  its classification: kind, dispatch phase, status, server hints
     * @param decision retry (after {@code backoffMs}), rotate or surface, and why
     */
    record ModelAttemptFailed(int turn, int attempt, ModelFailure failure, FailoverDecision decision)
            implements TraceEvent {
        /**
         * Checks that the failure and the decision are given.
         *
         * @param turn     the model turn
         * @param attempt  the attempt of this turn's call that failed, the first is 1
         * @param failure  its classification: kind, dispatch phase, status, server hints
         * @param decision retry (after {@code backoffMs}), rotate or surface, and why
         */
        public ModelAttemptFailed {
            Objects.requireNonNull(failure, "failure");
            Objects.requireNonNull(decision, "decision");
        }

        @Override
        public String toString() {
            String status = failure.status().isPresent() ? " HTTP " + failure.status().getAsInt() : "";
            String next;
            switch (decision.action()) {
                case RETRY: next = "retry in " + decision.backoffMs() + " ms"; break;
                case ROTATE_PROFILE: next = "rotate to the next profile"; break;
                default: next = "surface"; break;
            }
            return "model turn " + turn + " attempt " + attempt + " failed:" + status + " " + failure.kind()
                    + " (" + failure.phase() + ") -> " + next + " because " + decision.because()
                    + (failure.message().isEmpty() ? "" : " [" + failure.message() + "]");
        }
    }

    /**
     * The model answered.
     *
     * @param turn         the model turn
     * @param attempt      the attempt that succeeded, the first is 1
     * @param toolCalls    how many tool calls the answer asks for (0 for a final answer)
     * @param finishReason as the provider said it, may be {@code null}
     * @param usage        tokens this answer cost
     */
    record ModelAnswered(int turn, int attempt, int toolCalls, String finishReason, Usage usage)
            implements TraceEvent {
        @Override
        public String toString() {
            return "model turn " + turn + " attempt " + attempt + " answered: "
                    + (toolCalls == 0 ? "final answer" : toolCalls + " tool call" + (toolCalls == 1 ? "" : "s"))
                    + " (" + usage.totalTokens() + " tokens)";
        }
    }

    /**
     * The model was not asked: the call journal had this turn's answer, recorded by an earlier run
     * of the same intent (before a crash or a restart, or by another replica).
     *
     * @param turn      the model turn
     * @param toolCalls how many tool calls the answer asks for (0 for a final answer)
     */
    record ModelAnswerReplayed(int turn, int toolCalls) implements TraceEvent {
        @Override
        public String toString() {
            return "model turn " + turn + " replayed from the journal: "
                    + (toolCalls == 0 ? "final answer" : toolCalls + " tool call" + (toolCalls == 1 ? "" : "s"));
        }
    }

    /**
     * A tool body run failed and runs again after {@code delayMs}.
     *
     * @param turn        the model turn whose call this is
     * @param toolName    the tool
     * @param attempt     the attempt that failed, the first is 1
     * @param maxAttempts the most body runs the call may get
     * @param delayMs     the pause before the next attempt
     * @param errorType   how the failure was classified
     * @param error       what went wrong
     */
    record ToolRetried(int turn, String toolName, int attempt, int maxAttempts, long delayMs, ErrorType errorType,
            String error) implements TraceEvent {
        @Override
        public String toString() {
            return "tool " + toolName + " attempt " + attempt + "/" + maxAttempts + " failed: " + errorType
                    + " [" + error + "] -> retry in " + delayMs + " ms";
        }
    }

    /**
     * A tool call finished: its result as the model will read it.
     *
     * @param turn   the model turn whose call this is
     * @param result the executor's result
     */
    record ToolFinished(int turn, ToolResult result) implements TraceEvent {
        /**
         * Checks that the result is given.
         *
         * @param turn   the model turn whose call this is
         * @param result the executor's result
         */
        public ToolFinished {
            Objects.requireNonNull(result, "result");
        }

        @Override
        public String toString() {
            String attempts = result.attempts() + " attempt" + (result.attempts() == 1 ? "" : "s");
            if (result.success()) {
                return "tool " + result.toolName() + " succeeded after " + attempts + ": " + result.value();
            }
            return "tool " + result.toolName() + " failed after " + attempts + ": " + result.errorType() + " ["
                    + result.message() + "]" + (result.mayStillBeRunning() ? " (may still be running)"
                            : result.outcomeUnknown() ? " (outcome unknown)" : "");
        }
    }

    /**
     * A tool call waits for a person's approval; it is recorded in the journal and the run stops
     * after this turn's calls were checked.
     *
     * @param turn    the model turn
     * @param request what the person is asked about
     */
    record ApprovalRequested(int turn, ApprovalRequest request) implements TraceEvent {}

    /**
     * A decision on a call that waited: approved calls run now, once, under their key; declined
     * ones are answered "declined by ...; the tool was NOT executed".
     *
     * @param turn     the model turn
     * @param tool     the tool's name
     * @param decision the decision of record
     */
    record ApprovalDecided(int turn, String tool, ApprovalDecision decision) implements TraceEvent {}
}
