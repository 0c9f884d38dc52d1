package dev.idem.samples.chaos;

import dev.idem.agent.AgentResult;
import dev.idem.journal.CallRecord;
import java.util.List;
import java.util.Map;

/**
 * What the journal of a seed held, for the durability checks: the crash's key, the records just
 * before and just after the restart, the records when every run had ended, the bank's transfer id
 * per key, and the second replica's run.
 *
 * @param durability     the seed's durability fault
 * @param crashKey       the key whose outcome the crash kept from the journal, or {@code null}
 * @param atCrash        records of the keys the bank saw, as the dead process left them
 * @param afterRestart   the same keys' records once the journal was reopened or its leases lapsed
 * @param finalRecords   records of every key after the last run
 * @param transferIds    the bank's transfer id per key that moved money
 * @param replicaResults the second replica's run (empty when none, or when it threw)
 * @param replicaEscaped what the second replica's run threw, or {@code null}
 */
record JournalFacts(ChaosDurability durability, String crashKey, Map<String, CallRecord> atCrash,
        Map<String, CallRecord> afterRestart, Map<String, CallRecord> finalRecords, Map<String, String> transferIds,
        List<AgentResult> replicaResults, Throwable replicaEscaped) {

    static Builder builder(ChaosDurability durability) {
        return new Builder(durability);
    }

    /** Whether the seed ran with a journal at all. */
    boolean journaled() {
        return durability.kind() != ChaosDurability.Kind.NONE;
    }

    @Override
    public String toString() {
        return durability + (crashKey == null ? "" : ", crashed at " + crashKey) + "\n  records at the crash: "
                + atCrash.values() + "\n  after the restart: " + afterRestart.values() + "\n  at the end: "
                + finalRecords.values() + (replicaResults.isEmpty() ? "" : "\n  second replica: "
                        + replicaResults.get(0).status() + " " + replicaResults.get(0).toolResults())
                + (replicaEscaped == null ? "" : "\n  second replica threw: " + replicaEscaped);
    }

    /** Collects the facts while the seed plays. */
    static final class Builder {
        private final ChaosDurability durability;
        private String crashKey;
        private Map<String, CallRecord> atCrash = Map.of();
        private Map<String, CallRecord> afterRestart = Map.of();
        private Map<String, CallRecord> finalRecords = Map.of();
        private Map<String, String> transferIds = Map.of();
        private List<AgentResult> replicaResults = List.of();
        private Throwable replicaEscaped;

        private Builder(ChaosDurability durability) {
            this.durability = durability;
        }

        Builder crashKey(String value) {
            crashKey = value;
            return this;
        }

        Builder acrossRestart(Map<String, CallRecord> before, Map<String, CallRecord> after) {
            atCrash = Map.copyOf(before);
            afterRestart = Map.copyOf(after);
            return this;
        }

        Builder finalRecords(Map<String, CallRecord> value) {
            finalRecords = Map.copyOf(value);
            return this;
        }

        Builder transferIds(Map<String, String> value) {
            transferIds = Map.copyOf(value);
            return this;
        }

        Builder replica(List<AgentResult> results, Throwable escaped) {
            replicaResults = List.copyOf(results);
            replicaEscaped = escaped;
            return this;
        }

        JournalFacts build() {
            return new JournalFacts(durability, crashKey, atCrash, afterRestart, finalRecords, transferIds,
                    replicaResults, replicaEscaped);
        }
    }
}
