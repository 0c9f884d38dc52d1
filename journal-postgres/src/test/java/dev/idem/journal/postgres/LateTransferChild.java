package dev.idem.journal.postgres;

import dev.idem.journal.JournalSettings;
import dev.idem.journal.crash.VerifiedEffectTools;
import dev.idem.journal.crash.VerifiedEffectTools_ToolSet;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.io.PrintStream;
import java.time.Duration;

/**
 * One replica that sends one e-mail through the PostgreSQL journal with a 300 ms timeout, prints
 * {@code done <key> <errorType> <outcomeUnknown>} and then stays up until killed. Arguments:
 * {@code url user password table port leaseMs}.
 */
public final class LateTransferChild {

    private LateTransferChild() {
    }

    public static void main(String[] args) throws InterruptedException {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource(args[0], args[1], args[2]))
                .table(args[3]).build();
        int port = Integer.parseInt(args[4]);
        ToolResult result = LateTransferChild.executor(journal, "child", port, Long.parseLong(args[5]))
                .newRun("intent-1").execute(new ToolCall("c1", VerifiedEffectTools.SEND_EMAIL, "{\"n\":1}"));
        PrintStream out = System.out;
        out.println("done " + result.idempotencyKey() + " " + result.errorType() + " " + result.outcomeUnknown());
        out.flush();
        Thread.sleep(60_000);
        System.exit(0);
    }

    /** The executor each replica builds: the e-mail tool with its verifier, 300 ms per attempt. */
    static ToolExecutor executor(PostgresCallJournal journal, String owner, int port, long leaseMs) {
        return ToolExecutor.builder(ToolRegistry.of(VerifiedEffectTools_ToolSet.of(new VerifiedEffectTools(port, port, owner))))
                .defaultTimeout(Duration.ofMillis(300))
                .journal(JournalSettings.of(journal).withOwner(owner).withLease(Duration.ofMillis(leaseMs)))
                .build();
    }
}
