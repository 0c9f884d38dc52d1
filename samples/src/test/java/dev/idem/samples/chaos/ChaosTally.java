package dev.idem.samples.chaos;

import dev.idem.agent.AgentResult;
import dev.idem.agent.TraceEvent;
import dev.idem.samples.bank.InjectedFault;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.tool.ToolResult;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts what the seeds did and broke, and prints it as the table of the fault-injection suite. */
final class ChaosTally {
    private long seeds;
    private long failedSeeds;
    private long agentRuns;
    private long userReRuns;
    private long toolRetries;
    private long modelRetries;
    private long surfacedUnknownRuns;
    private long unknownToolResults;
    private long effects;
    private long refusedAfterEffect;
    private long crashSeeds;
    private long crashesOnFile;
    private long crashesOnSharedJournal;
    private long crashedCallsRedriven;
    private long replicaSeeds;
    private long replicaCallsInFlight;
    private long replicaRunsRefused;
    private long replayedToolResults;
    private long replayedModelTurns;
    private final Map<String, Long> statuses = new TreeMap<>();
    private final Map<String, Long> modelFaults = new TreeMap<>();
    private final Map<String, Long> toolFaults = new TreeMap<>();
    private final Map<ChaosInvariants.Rule, Long> broken = new TreeMap<>();

    void add(ChaosOutcome outcome, ChaosInvariants.Verdict verdict) {
        List<ChaosInvariants.Violation> violations = verdict.violations();
        refusedAfterEffect += verdict.refusedAfterEffect();
        seeds++;
        if (!violations.isEmpty()) {
            failedSeeds++;
        }
        for (ChaosInvariants.Rule rule : ChaosInvariants.Rule.values()) {
            broken.merge(rule, violations.stream().filter(v -> v.rule() == rule).count(), Long::sum);
        }
        agentRuns += outcome.results().size();
        userReRuns += Math.max(0, outcome.results().size() - 1);
        for (AgentResult result : outcome.results()) {
            statuses.merge(result.status().name(), 1L, Long::sum);
            if (result.status() == dev.idem.agent.AgentStatus.OUTCOME_UNKNOWN) {
                surfacedUnknownRuns++;
            }
            for (TraceEvent event : result.trace()) {
                if (event instanceof TraceEvent.ToolRetried) {
                    toolRetries++;
                } else if (event instanceof TraceEvent.ModelAttemptFailed failed) {
                    String status = failed.failure().status().isPresent()
                            ? "HTTP " + failed.failure().status().getAsInt() + " " : "";
                    modelFaults.merge(status + failed.failure().kind() + " / " + failed.failure().phase(), 1L, Long::sum);
                    if (failed.decision().continues()) {
                        modelRetries++;
                    }
                }
            }
            for (ToolResult tool : result.toolResults()) {
                if (tool.isError() && ChaosInvariants.outcomeUnknown(tool)) {
                    unknownToolResults++;
                }
            }
        }
        for (Timeline.Event event : outcome.events()) {
            if (event.what() == Timeline.What.MISTAKE) {
                modelFaults.merge("answer: " + event.callId(), 1L, Long::sum);
            }
        }
        for (InjectedFault fault : outcome.faults()) {
            toolFaults.merge(fault.fault().name(), 1L, Long::sum);
        }
        for (KeyHistory history : outcome.ledger().values()) {
            effects += history.effects();
        }
        addJournal(outcome);
    }

    private void addJournal(ChaosOutcome outcome) {
        JournalFacts facts = outcome.journal();
        if (facts == null || !facts.journaled()) {
            return;
        }
        List<AgentResult> runs = new java.util.ArrayList<>(outcome.results());
        runs.addAll(facts.replicaResults());
        for (AgentResult run : runs) {
            replayedToolResults += run.toolResults().stream().filter(ToolResult::replayed).count();
            replayedModelTurns += run.trace().stream().filter(TraceEvent.ModelAnswerReplayed.class::isInstance).count();
            replicaCallsInFlight += run.toolResults().stream()
                    .filter(result -> result.errorType() == dev.idem.ErrorType.IN_FLIGHT).count();
        }
        if (facts.durability().kind() == ChaosDurability.Kind.CRASH) {
            crashSeeds++;
            String key = facts.crashKey();
            if (key != null) {
                if (facts.durability().fileJournal()) {
                    crashesOnFile++;
                } else {
                    crashesOnSharedJournal++;
                }
                boolean redriven = outcome.results().stream().flatMap(run -> run.toolResults().stream())
                        .anyMatch(result -> key.equals(result.idempotencyKey()) && result.attempts() > 0);
                crashedCallsRedriven += redriven ? 1 : 0;
            }
        } else if (facts.durability().kind() == ChaosDurability.Kind.SECOND_REPLICA) {
            replicaSeeds++;
            if (JournalInvariants.refusedAsRunningElsewhere(facts.replicaEscaped())) {
                replicaRunsRefused++;
            }
        }
    }

    long failedSeeds() {
        return failedSeeds;
    }

    /** Crashes that struck between a body's end and its journal record. */
    long crashesReached() {
        return crashesOnFile + crashesOnSharedJournal;
    }

    /** Crashed calls the restarted run drove again under their key. */
    long crashedCallsRedriven() {
        return crashedCallsRedriven;
    }

    /** Calls that were not run because the same call was in flight on the other replica. */
    long callsInFlightElsewhere() {
        return replicaCallsInFlight;
    }

    /** Seeds that played each durability fault: crash, second replica. */
    long crashSeeds() {
        return crashSeeds;
    }

    long replicaSeeds() {
        return replicaSeeds;
    }

    /** The table, one row per line. */
    String table(long elapsedMs) {
        StringBuilder text = new StringBuilder();
        row(text, "runs (seeds)", seeds);
        row(text, "agent runs (incl. user re-runs)", agentRuns);
        row(text, "user re-runs after OUTCOME_UNKNOWN", userReRuns);
        statuses.forEach((status, count) -> row(text, "run status " + status, count));
        text.append("faults injected, model side (kind / dispatch phase):\n");
        modelFaults.forEach((kind, count) -> row(text, "  " + kind, count));
        text.append("faults injected, tool side (bank fault):\n");
        toolFaults.forEach((kind, count) -> row(text, "  " + kind, count));
        text.append("durability faults (call journal):\n");
        row(text, "  seeds with a crash between effect and journal", crashSeeds);
        row(text, "    crashed on a file journal, reopened", crashesOnFile);
        row(text, "    crashed on a shared journal, leases lapsed", crashesOnSharedJournal);
        row(text, "    crash point not reached (fewer calls)", crashSeeds - crashesOnFile - crashesOnSharedJournal);
        row(text, "    crashed calls re-driven under the same key", crashedCallsRedriven);
        row(text, "  seeds with a second replica racing the intent", replicaSeeds);
        row(text, "    runs refused: the intent was running elsewhere", replicaRunsRefused);
        row(text, "  calls not run: the same call was in flight elsewhere", replicaCallsInFlight);
        row(text, "  tool results replayed from the journal", replayedToolResults);
        row(text, "  model turns replayed from the journal", replayedModelTurns);
        row(text, "tool retries", toolRetries);
        row(text, "model retries", modelRetries);
        row(text, "surfaced outcome-unknown runs", surfacedUnknownRuns);
        row(text, "tool results with outcome unknown", unknownToolResults);
        row(text, "effects (money moved)", effects);
        row(text, "duplicated effects", broken.get(ChaosInvariants.Rule.DUPLICATED_EFFECT));
        row(text, "effects reported as failed", broken.get(ChaosInvariants.Rule.EFFECT_REPORTED_AS_FAILED));
        row(text, "lost records (journal)", broken.get(ChaosInvariants.Rule.LOST_RECORD));
        row(text, "executed keys last told CIRCUIT_OPEN (ran nothing)", refusedAfterEffect);
        row(text, "effects not listed", broken.get(ChaosInvariants.Rule.EFFECT_NOT_LISTED));
        row(text, "permanent errors retried", broken.get(ChaosInvariants.Rule.PERMANENT_ERROR_RETRIED));
        row(text, "attempts before Retry-After", broken.get(ChaosInvariants.Rule.ATTEMPT_BEFORE_RETRY_AFTER));
        row(text, "attempts over maxAttempts", broken.get(ChaosInvariants.Rule.ATTEMPTS_OVER_MAX));
        row(text, "maybe-processed model calls replayed", broken.get(ChaosInvariants.Rule.MAYBE_PROCESSED_REPLAYED));
        row(text, "exceptions escaping run", broken.get(ChaosInvariants.Rule.ESCAPED_RUN));
        row(text, "failed seeds", failedSeeds);
        row(text, "elapsed ms", elapsedMs);
        return text.toString();
    }

    private static void row(StringBuilder text, String label, Long count) {
        text.append(String.format("| %-52s | %9d |%n", label, count == null ? 0 : count));
    }
}
