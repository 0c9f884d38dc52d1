package dev.idem.samples.chaos;

import dev.idem.ErrorType;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.agent.TraceEvent;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.tool.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The promises checked on every seed, against the bank's ledger, the agent's results and traces,
 * and the timeline. Each broken promise is one {@link Violation}; a seed passes with none.
 */
final class ChaosInvariants {

    /** The rules, named as the table counts them. */
    enum Rule {
        DUPLICATED_EFFECT,
        EFFECT_REPORTED_AS_FAILED,
        EFFECT_NOT_LISTED,
        PERMANENT_ERROR_RETRIED,
        ATTEMPT_BEFORE_RETRY_AFTER,
        ATTEMPTS_OVER_MAX,
        MAYBE_PROCESSED_REPLAYED,
        ESCAPED_RUN,
        LOST_RECORD
    }

    /** One broken promise. */
    record Violation(Rule rule, String detail) {
        @Override
        public String toString() {
            return rule + ": " + detail;
        }
    }

    private static final Set<ErrorType> RETRIED_TYPES = Set.of(ErrorType.TIMEOUT, ErrorType.CONNECTION_ERROR,
            ErrorType.RATE_LIMIT);

    private final ChaosOutcome outcome;
    private final List<Violation> violations = new ArrayList<>();
    private int refusedAfterEffect;

    private ChaosInvariants(ChaosOutcome outcome) {
        this.outcome = outcome;
    }

    static List<Violation> check(ChaosOutcome outcome) {
        return verify(outcome).violations();
    }

    /**
     * The violations, and how many executed keys got, as their last word, a refusal that ran
     * nothing (the circuit breaker had opened by the time the model re-issued the call).
     */
    record Verdict(List<Violation> violations, int refusedAfterEffect) {}

    static Verdict verify(ChaosOutcome outcome) {
        ChaosInvariants check = new ChaosInvariants(outcome);
        check.nothingEscaped();
        check.effectsOncePerKeyAndNeverReportedAsFailed();
        check.permanentErrorsNotRetried();
        check.noAttemptBeforeItsHint();
        check.attemptsWithinTheirCaps();
        check.maybeProcessedModelCallsSurfaceAsOutcomeUnknown();
        check.violations.addAll(JournalInvariants.check(outcome));
        return new Verdict(List.copyOf(check.violations), check.refusedAfterEffect);
    }

    /** What the user is told when nobody can know whether the effect happened. */
    static boolean outcomeUnknown(ToolResult result) {
        return result.outcomeUnknown();
    }

    /** Whether the last result for {@code key} is a refusal that ran nothing, e.g. CIRCUIT_OPEN. */
    private static boolean refusedLast(List<ToolResult> all, String key) {
        ToolResult last = null;
        for (ToolResult result : all) {
            if (key.equals(result.idempotencyKey())) {
                last = result;
            }
        }
        return last != null && last.isError() && last.attempts() == 0;
    }

    private void fail(Rule rule, String detail) {
        violations.add(new Violation(rule, detail));
    }

    private void nothingEscaped() {
        if (outcome.escaped() != null) {
            fail(Rule.ESCAPED_RUN, String.valueOf(outcome.escaped()));
        }
    }

    private void effectsOncePerKeyAndNeverReportedAsFailed() {
        List<ToolResult> all = outcome.toolResults();
        for (KeyHistory history : outcome.ledger().values()) {
            String key = history.idempotencyKey();
            if (history.effects() > 1) {
                fail(Rule.DUPLICATED_EFFECT, key + " moved money " + history.effects() + " times");
            }
            if (history.effects() == 0) {
                continue;
            }
            // The last word on a key the bank executed: done, or "outcome unknown"; never a failure.
            // A refusal that ran nothing (circuit open) says nothing about the effect: it is
            // counted apart (see refusedAfterEffect) and the word before it is the one checked.
            ToolResult last = null;
            boolean listed = false;
            for (ToolResult result : all) {
                if (key.equals(result.idempotencyKey())) {
                    listed = true;
                    if (result.attempts() > 0 || result.success()) {
                        last = result;
                    }
                }
            }
            // A second replica that ran the same request told its own caller (checked apart).
            listed = listed || outcome.allToolResults().stream().anyMatch(result -> key.equals(result.idempotencyKey()));
            if (listed && refusedLast(all, key)) {
                refusedAfterEffect++;
            }
            if (!listed) {
                fail(Rule.EFFECT_NOT_LISTED, key + " moved money but no run lists a result for it");
            } else if (last != null && last.isError() && !outcomeUnknown(last)) {
                fail(Rule.EFFECT_REPORTED_AS_FAILED, key + " moved money but was reported as " + last.textForModel());
            }
        }
        for (AgentResult result : outcome.results()) {
            long finished = result.trace().stream().filter(TraceEvent.ToolFinished.class::isInstance).count();
            if (finished != result.toolResults().size()) {
                fail(Rule.EFFECT_NOT_LISTED, "a " + result.status() + " run traced " + finished
                        + " finished tool calls but lists " + result.toolResults().size());
            }
        }
    }

    private void permanentErrorsNotRetried() {
        // A call may be rejected after a transient failure was retried; the rejecting attempt must be its last.
        for (int run = 0; run < outcome.results().size(); run++) {
            Map<String, Integer> started = attemptsStarted(run + 1);
            for (ToolResult result : outcome.results().get(run).toolResults()) {
                int bodies = started.getOrDefault(result.callId(), result.attempts());
                if (result.errorType() == ErrorType.REJECTED && bodies > result.attempts()) {
                    fail(Rule.PERMANENT_ERROR_RETRIED, "a call rejected on attempt " + result.attempts()
                            + " was started " + bodies + " times: " + result.textForModel());
                }
            }
        }
        for (AgentResult result : outcome.results()) {
            for (TraceEvent event : result.trace()) {
                if (event instanceof TraceEvent.ToolRetried retried && !RETRIED_TYPES.contains(retried.errorType())) {
                    fail(Rule.PERMANENT_ERROR_RETRIED, "tool retried after " + retried);
                }
                if (event instanceof TraceEvent.ModelAttemptFailed failed
                        && FailoverPolicy.isPermanent(failed.failure().kind()) && failed.decision().continues()) {
                    fail(Rule.PERMANENT_ERROR_RETRIED, "model retried after " + failed);
                }
            }
        }
    }

    /** The highest attempt started per tool call id in run {@code run} (1-based), from the timeline. */
    private Map<String, Integer> attemptsStarted(int run) {
        Map<String, Integer> started = new TreeMap<>();
        int current = 0;
        for (Timeline.Event event : outcome.events()) {
            if (event.side() == Timeline.Side.USER) {
                current = event.attempt();
            } else if (current == run && event.side() == Timeline.Side.TOOL && event.what() == Timeline.What.ATTEMPT) {
                started.merge(event.callId(), event.attempt(), Math::max);
            }
        }
        return started;
    }

    /**
     * Both sides: after a failure that carried a hint, the waits recorded before the next attempt
     * of the same call add up to at least the hint; and the trace's own delays honour it too.
     */
    private void noAttemptBeforeItsHint() {
        List<Timeline.Event> events = outcome.events();
        for (int i = 0; i < events.size(); i++) {
            Timeline.Event hint = events.get(i);
            if (hint.what() != Timeline.What.HINT) {
                continue;
            }
            long waited = 0;
            for (int j = i + 1; j < events.size(); j++) {
                Timeline.Event next = events.get(j);
                if (next.side() == Timeline.Side.USER) {
                    break;
                }
                if (next.side() != hint.side()) {
                    continue;
                }
                if (next.what() == Timeline.What.WAIT) {
                    waited += next.millis();
                } else if (next.what() == Timeline.What.ATTEMPT && nextAttemptOf(hint, next)) {
                    if (waited < hint.millis()) {
                        fail(Rule.ATTEMPT_BEFORE_RETRY_AFTER, next + " started after waiting " + waited
                                + " ms, though " + hint + " asked for " + hint.millis() + " ms");
                    }
                    break;
                }
            }
        }
        for (AgentResult result : outcome.results()) {
            for (TraceEvent event : result.trace()) {
                if (event instanceof TraceEvent.ModelAttemptFailed failed && failed.decision().continues()
                        && failed.failure().retryAfterMs().isPresent()
                        && failed.decision().backoffMs() < failed.failure().retryAfterMs().getAsLong()) {
                    fail(Rule.ATTEMPT_BEFORE_RETRY_AFTER, "model retry sooner than its hint: " + failed);
                }
                if (event instanceof TraceEvent.ModelAttemptFailed failed && failed.failure().status().orElse(0) == 429
                        && failed.failure().retryAfterMs().orElse(-1) != ModelFault.RATE_LIMITED_429.hintMs()) {
                    fail(Rule.ATTEMPT_BEFORE_RETRY_AFTER, "the provider's Retry-After was not read: " + failed);
                }
                if (event instanceof TraceEvent.ToolRetried retried && retried.errorType() == ErrorType.RATE_LIMIT
                        && retried.delayMs() < ChaosScenario.BANK_RETRY_AFTER_MS) {
                    fail(Rule.ATTEMPT_BEFORE_RETRY_AFTER, "tool retry sooner than the bank's hint: " + retried);
                }
            }
        }
    }

    /** Model side: any next model call; tool side: the next attempt of the same call. */
    private static boolean nextAttemptOf(Timeline.Event hint, Timeline.Event attempt) {
        return hint.side() == Timeline.Side.MODEL
                || attempt.callId().equals(hint.callId()) && attempt.attempt() == hint.attempt() + 1;
    }

    private void attemptsWithinTheirCaps() {
        int modelCap = ChaosScenario.failoverPolicy(outcome.schedule().seed()).maxAttempts();
        for (ToolResult result : outcome.toolResults()) {
            if (result.attempts() > ChaosPix.MAX_ATTEMPTS) {
                fail(Rule.ATTEMPTS_OVER_MAX, result.callId() + " ran " + result.attempts() + " times");
            }
        }
        for (AgentResult result : outcome.results()) {
            Map<Integer, Integer> modelAttempts = new TreeMap<>();
            for (TraceEvent event : result.trace()) {
                if (event instanceof TraceEvent.ModelAttemptFailed || event instanceof TraceEvent.ModelAnswered) {
                    modelAttempts.merge(event.turn(), 1, Integer::sum);
                }
                if (event instanceof TraceEvent.ToolRetried retried && (retried.attempt() >= retried.maxAttempts()
                        || retried.maxAttempts() > ChaosPix.MAX_ATTEMPTS)) {
                    fail(Rule.ATTEMPTS_OVER_MAX, String.valueOf(retried));
                }
            }
            modelAttempts.forEach((turn, attempts) -> {
                if (attempts > modelCap) {
                    fail(Rule.ATTEMPTS_OVER_MAX, "model turn " + turn + " took " + attempts + " attempts");
                }
            });
            if (result.error() != null && result.error().attempts() > modelCap) {
                fail(Rule.ATTEMPTS_OVER_MAX, result.error().getMessage());
            }
        }
        // What the bodies saw: never more starts of one call than its cap, per run.
        Map<String, Integer> starts = new TreeMap<>();
        int run = 0;
        for (Timeline.Event event : outcome.events()) {
            if (event.side() == Timeline.Side.USER) {
                run = event.attempt();
            } else if (event.side() == Timeline.Side.TOOL && event.what() == Timeline.What.ATTEMPT) {
                String call = "run " + run + " " + event.callId();
                if (starts.merge(call, 1, Integer::sum) > ChaosPix.MAX_ATTEMPTS) {
                    fail(Rule.ATTEMPTS_OVER_MAX, call + " started more than " + ChaosPix.MAX_ATTEMPTS + " times");
                }
            }
        }
    }

    private void maybeProcessedModelCallsSurfaceAsOutcomeUnknown() {
        for (AgentResult result : outcome.results()) {
            for (TraceEvent event : result.trace()) {
                if (!(event instanceof TraceEvent.ModelAttemptFailed failed)) {
                    continue;
                }
                boolean maybeProcessed = failed.failure().phase() == DispatchPhase.MAYBE_PROCESSED;
                boolean surfacedUnknown = failed.decision().reason() == FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN;
                if (maybeProcessed && (!surfacedUnknown || result.status() != AgentStatus.OUTCOME_UNKNOWN)) {
                    fail(Rule.MAYBE_PROCESSED_REPLAYED, "a call the provider may have processed ended " + result.status()
                            + " after " + failed);
                }
                if (!maybeProcessed && surfacedUnknown) {
                    fail(Rule.MAYBE_PROCESSED_REPLAYED, "a " + failed.failure().phase()
                            + " failure surfaced as outcome unknown: " + failed);
                }
            }
        }
        // Every read timeout the model played must have been classified as one the provider may have processed.
        long timeoutsPlayed = outcome.events().stream().filter(event -> event.side() == Timeline.Side.MODEL
                && event.what() == Timeline.What.ATTEMPT && event.callId().equals(ModelFault.READ_TIMEOUT.name())).count();
        long unknownRuns = outcome.results().stream().filter(result -> result.status() == AgentStatus.OUTCOME_UNKNOWN).count();
        if (timeoutsPlayed != unknownRuns) {
            fail(Rule.MAYBE_PROCESSED_REPLAYED, timeoutsPlayed + " read timeouts played but " + unknownRuns
                    + " runs ended OUTCOME_UNKNOWN");
        }
    }
}
