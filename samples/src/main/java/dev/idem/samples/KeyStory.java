package dev.idem.samples;

import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.agent.TraceEvent;
import dev.idem.samples.bank.BankRequest;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Transfer;
import dev.idem.tool.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything known about one ledger line (one idempotency key): the transfer, each tool call
 * that carried the key (one per agent run that asked for it), the executor's retries of that
 * call, and what the bank did with each request. Both sides of the story, so the demo can tell it.
 *
 * @param key      the idempotency key
 * @param label    how the demo names it: {@code trip-1 schedulePix maria@example.com 15000 cents}
 * @param transfer the money that moved for it, or {@code null} when none did
 * @param calls    the tool calls that carried the key, in order
 */
record KeyStory(String key, String label, Transfer transfer, List<Call> calls) {

    /**
     * One tool call and the bank requests its attempts made.
     *
     * @param run      the agent run it belongs to
     * @param result   the executor's result
     * @param retries  the executor's retries of this call, in order
     * @param requests the bank requests of this call's attempts, in order
     */
    record Call(AgentResult run, ToolResult result, List<TraceEvent.ToolRetried> retries, List<BankRequest> requests) {

        /** Whether the run lost the model's answer after this call: the user then had to retry. */
        boolean runEndedUnknown() {
            return run.status() == AgentStatus.OUTCOME_UNKNOWN;
        }
    }

    /** The stories of every key the bank saw, in the order it first saw them. */
    static List<KeyStory> of(List<AgentResult> results, BankServer bank) {
        Map<String, List<Call>> calls = new LinkedHashMap<>();
        for (AgentResult run : results) {
            // A call's retries precede its outcome in the trace; calls of one tool never overlap here.
            Map<String, List<TraceEvent.ToolRetried>> pending = new HashMap<>();
            for (TraceEvent event : run.trace()) {
                if (event instanceof TraceEvent.ToolRetried retried) {
                    pending.computeIfAbsent(retried.toolName(), name -> new ArrayList<>()).add(retried);
                } else if (event instanceof TraceEvent.ToolFinished finished) {
                    ToolResult result = finished.result();
                    List<TraceEvent.ToolRetried> retries = pending.remove(result.toolName());
                    if (result.idempotencyKey() != null) {
                        calls.computeIfAbsent(result.idempotencyKey(), key -> new ArrayList<>())
                                .add(new Call(run, result, retries == null ? List.of() : retries, List.of()));
                    }
                }
            }
        }
        Map<String, Transfer> transfers = new HashMap<>();
        for (Transfer transfer : bank.transfers()) {
            transfers.putIfAbsent(transfer.idempotencyKey(), transfer);
        }
        List<KeyStory> stories = new ArrayList<>();
        for (String key : bank.ledger().keySet()) {
            List<BankRequest> requests = bank.requestsFor(key);
            List<Call> withRequests = new ArrayList<>();
            int next = 0;
            for (Call call : calls.getOrDefault(key, List.of())) {
                // Each attempt of the call sent one request; the last call takes whatever is left.
                int end = withRequests.size() == calls.get(key).size() - 1
                        ? requests.size() : Math.min(requests.size(), next + call.result().attempts());
                withRequests.add(new Call(call.run(), call.result(), call.retries(), requests.subList(next, end)));
                next = end;
            }
            Transfer transfer = transfers.get(key);
            String label = transfer == null ? key
                    : (withRequests.isEmpty() ? "" : withRequests.get(0).run().intentId() + " "
                            + withRequests.get(0).result().toolName() + " ")
                            + transfer.pixKey() + " " + transfer.cents() + " cents";
            stories.add(new KeyStory(key, label, transfer, withRequests));
        }
        return stories;
    }
}
