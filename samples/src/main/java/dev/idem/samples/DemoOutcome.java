package dev.idem.samples;

import dev.idem.agent.AgentResult;
import dev.idem.samples.bank.KeyHistory;
import java.util.List;
import java.util.Map;

/**
 * What the demo did, for its verdict and its test: the agent results in order, the bank's
 * ledger per idempotency key, and the bookings made.
 *
 * @param results  every agent run, in order
 * @param ledger   per idempotency key: effects, requests, last status
 * @param bookings distinct flight bookings
 * @param naive    the same faults replayed under a naive retry-everything policy
 * @param crash    the agent process killed between effect and journal, and the restarted run
 */
record DemoOutcome(List<AgentResult> results, Map<String, KeyHistory> ledger, int bookings, NaiveReplay.Result naive,
        CrashResume.Result crash) {

    /** This outcome with the crash's. */
    DemoOutcome withCrash(CrashResume.Result value) {
        return new DemoOutcome(results, ledger, bookings, naive, value);
    }

    /** Money moved more than once for one key, summed over keys: must be 0. */
    int duplicatedEffects() {
        return ledger.values().stream().mapToInt(history -> Math.max(0, history.effects() - 1)).sum();
    }
}
