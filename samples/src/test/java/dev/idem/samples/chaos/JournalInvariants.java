package dev.idem.samples.chaos;

import dev.idem.agent.AgentResult;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.samples.chaos.ChaosInvariants.Rule;
import dev.idem.samples.chaos.ChaosInvariants.Violation;
import dev.idem.tool.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The promises of the call journal, checked on seeds that played a durability fault: no record is
 * lost or changed by a crash and a restart; what a user was told succeeded is SUCCEEDED in the
 * journal; every result the journal replays is the bank's own answer for the key; the second
 * replica never reports an effect as a plain failure, and nothing escapes its run.
 */
final class JournalInvariants {

    private final ChaosOutcome outcome;
    private final JournalFacts facts;
    private final List<Violation> violations = new ArrayList<>();

    private JournalInvariants(ChaosOutcome outcome) {
        this.outcome = outcome;
        this.facts = outcome.journal();
    }

    static List<Violation> check(ChaosOutcome outcome) {
        JournalInvariants check = new JournalInvariants(outcome);
        if (outcome.journal() == null || !outcome.journal().journaled()) {
            return List.of();
        }
        check.recordsSurviveTheRestart();
        check.successesAreRecordedAsTheBankAnswered();
        check.crashedCallIsSettledOnceReached();
        check.secondReplicaNeverReportsAnEffectAsFailed();
        return List.copyOf(check.violations);
    }

    /** Whether the second replica's run ended by refusing an intent running elsewhere: by design, not a fault. */
    static boolean refusedAsRunningElsewhere(Throwable escaped) {
        return escaped instanceof IllegalStateException && String.valueOf(escaped.getMessage()).contains("running elsewhere");
    }

    private void recordsSurviveTheRestart() {
        for (Map.Entry<String, CallRecord> entry : facts.atCrash().entrySet()) {
            CallRecord before = entry.getValue();
            CallRecord after = facts.afterRestart().get(entry.getKey());
            if (after == null) {
                violations.add(new Violation(Rule.LOST_RECORD, "the restart lost the record " + before));
            } else if (before.status() != CallStatus.STARTED && (before.status() != after.status()
                    || before.epoch() != after.epoch() || !Objects.equals(before.resultJson(), after.resultJson())
                    || !Objects.equals(before.error(), after.error()))) {
                violations.add(new Violation(Rule.LOST_RECORD, "the restart changed " + before + " into " + after));
            }
        }
    }

    private void successesAreRecordedAsTheBankAnswered() {
        for (AgentResult run : allRuns()) {
            for (ToolResult result : run.toolResults()) {
                if (!result.success() || !result.toolName().equals(ChaosScenario.TRANSFER_TOOL)) {
                    continue;
                }
                String key = result.idempotencyKey();
                CallRecord record = facts.finalRecords().get(key);
                if (record == null || record.status() != CallStatus.SUCCEEDED) {
                    violations.add(new Violation(Rule.LOST_RECORD, key + " succeeded for the user"
                            + (result.replayed() ? " (replayed)" : "") + " but the journal holds " + record));
                }
                String bankId = facts.transferIds().get(key);
                String id = result.value().path("id").asString("");
                if (bankId != null && !bankId.equals(id)) {
                    violations.add(new Violation(Rule.LOST_RECORD, key + " was answered with transfer '" + id
                            + "'" + (result.replayed() ? " from the journal" : "") + " but the bank made '" + bankId + "'"));
                }
            }
        }
    }

    private void crashedCallIsSettledOnceReached() {
        String key = facts.crashKey();
        if (key == null) {
            return;
        }
        boolean reached = outcome.results().stream().flatMap(run -> run.toolResults().stream())
                .anyMatch(result -> key.equals(result.idempotencyKey()));
        CallRecord record = facts.finalRecords().get(key);
        if (reached && (record == null || record.status() == CallStatus.STARTED)) {
            violations.add(new Violation(Rule.LOST_RECORD, "the restarted run answered the crashed call " + key
                    + " but the journal still holds " + record));
        }
    }

    private void secondReplicaNeverReportsAnEffectAsFailed() {
        if (facts.replicaEscaped() != null && !refusedAsRunningElsewhere(facts.replicaEscaped())) {
            violations.add(new Violation(Rule.ESCAPED_RUN, "second replica: " + facts.replicaEscaped()));
        }
        List<ToolResult> results = facts.replicaResults().stream().flatMap(run -> run.toolResults().stream()).toList();
        for (String key : facts.transferIds().keySet()) {
            ToolResult last = null;
            for (ToolResult result : results) {
                if (key.equals(result.idempotencyKey()) && (result.attempts() > 0 || result.success())) {
                    last = result;
                }
            }
            if (last != null && last.isError() && !last.outcomeUnknown()) {
                violations.add(new Violation(Rule.EFFECT_REPORTED_AS_FAILED, "second replica: " + key
                        + " moved money but was reported as " + last.textForModel()));
            }
        }
    }

    private List<AgentResult> allRuns() {
        List<AgentResult> runs = new ArrayList<>(outcome.results());
        runs.addAll(facts.replicaResults());
        return runs;
    }
}
