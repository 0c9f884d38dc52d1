package dev.idem.samples.chaos;

import dev.idem.agent.AgentResult;
import dev.idem.agent.TraceEvent;
import dev.idem.samples.bank.InjectedFault;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.tool.ToolResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

/**
 * What one seed did: the agent's results (one per run, re-runs included), the bank's ledger and
 * the faults it played, the timeline, and whatever escaped {@code run}.
 *
 * @param schedule the seed's schedule
 * @param results  the agent's results, in run order
 * @param ledger   the bank's history per idempotency key
 * @param faults   the bank faults played
 * @param events   the timeline
 * @param escaped  what {@code run} threw, or {@code null}
 * @param journal  what the journal held, when the seed played a durability fault
 */
record ChaosOutcome(ChaosSchedule schedule, List<AgentResult> results, Map<String, KeyHistory> ledger,
        List<InjectedFault> faults, List<Timeline.Event> events, Throwable escaped, JournalFacts journal) {

    /** Every tool result of every run, in order. */
    List<ToolResult> toolResults() {
        return results.stream().flatMap(result -> result.toolResults().stream()).toList();
    }

    /** Every tool result of every run, the second replica's too. */
    List<ToolResult> allToolResults() {
        java.util.List<ToolResult> all = new java.util.ArrayList<>(toolResults());
        if (journal != null) {
            journal.replicaResults().forEach(result -> all.addAll(result.toolResults()));
        }
        return all;
    }

    /** The seed, its schedule, each run's trace, the ledger and the timeline: enough to read what happened. */
    String describe() {
        StringBuilder text = new StringBuilder(schedule.toString()).append('\n');
        text.append("  durability: ").append(journal).append('\n');
        for (int run = 0; run < results.size(); run++) {
            AgentResult result = results.get(run);
            text.append("  run ").append(run + 1).append(": ").append(result.status())
                    .append(result.error() == null ? "" : " " + result.error().getMessage()).append('\n');
            for (TraceEvent event : result.trace()) {
                text.append("    ").append(event).append('\n');
            }
        }
        text.append("  bank faults played: ").append(faults).append('\n');
        text.append("  ledger: ").append(ledger.values()).append('\n');
        text.append("  timeline: ").append(events).append('\n');
        if (escaped != null) {
            StringWriter trace = new StringWriter();
            escaped.printStackTrace(new PrintWriter(trace));
            text.append("  escaped run: ").append(trace).append('\n');
        }
        return text.toString();
    }
}
