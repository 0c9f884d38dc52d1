package dev.idem.samples;

import dev.idem.journal.CallRecord;
import dev.idem.samples.bank.BankRequest;
import dev.idem.tool.ToolResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Tells one ledger line of the crash request by request: what the bank did, what the killed
 * process had journaled, and what the restarted run did with the journal's record. Built from the
 * bank's request log, the restarted run's results and the journal, so it stays true when the
 * crash point moves.
 */
final class CrashNarration {

    private CrashNarration() {}

    static List<String> lines(String key, CrashResume.Result crash, List<BankRequest> requests, boolean idempotent) {
        ToolResult resumed = crash.resumed().toolResults().stream()
                .filter(result -> key.equals(result.idempotencyKey())).findFirst().orElse(null);
        CallRecord record = crash.records().get(key);
        // The restarted run's attempts sent the last requests; the killed process sent the ones before.
        int fromRestart = resumed == null ? 0 : Math.min(resumed.attempts(), requests.size());
        int beforeKill = requests.size() - fromRestart;
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            StringBuilder line = new StringBuilder((i + 1) + ". ");
            if (i == beforeKill) {
                line.append("after the restart: ");
                if (key.equals(crash.crashKey())) {
                    line.append("the journal held the call STARTED with no outcome (its process died), and ")
                            .append(RentAgent.TOOL).append(" is idempotent, so Idem drove it again with the same key: ");
                }
            }
            line.append(LedgerNarration.bankSide(requests.get(i)));
            if (i == beforeKill - 1) {
                line.append(key.equals(crash.crashKey())
                        ? " -> the agent process was killed (SIGKILL) before it journaled the outcome"
                        : " -> the agent process journaled the outcome");
            }
            lines.add(line.toString());
        }
        if (resumed != null && resumed.replayed()) {
            lines.add((requests.size() + 1) + ". after the restart: the journal replayed the recorded "
                    + (resumed.success() ? "result" : resumed.errorType() + " result") + ", no request sent");
        } else if (resumed != null && !resumed.success() && fromRestart == 0) {
            lines.add((requests.size() + 1) + ". after the restart: the journal held the call STARTED with no outcome,"
                    + " and " + resumed.toolName() + " is " + (idempotent ? "" : "not ") + "idempotent: "
                    + resumed.errorType() + ", not run again");
        }
        if (record != null) {
            lines.add("   journal now: " + record.status() + (record.epoch() > 1
                    ? ", epoch " + record.epoch() + " (the restarted run took the call over from the killed process)"
                    : ", epoch 1 (recorded by the process before it was killed)"));
        }
        return lines;
    }
}
