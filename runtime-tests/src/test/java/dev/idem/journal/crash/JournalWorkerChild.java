package dev.idem.journal.crash;

import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import java.io.PrintStream;
import java.time.Duration;

/**
 * A process that runs intents {@code from..to} against the {@link EffectService}, journaling in
 * the journal {@link #open} gives, and prints one line per intent once its result is back:
 * {@code done <n> <key> <SUCCEEDED|errorType> <replayed>}. The crash tests SIGKILL it.
 */
public final class JournalWorkerChild {

    private JournalWorkerChild() {
    }

    /** Runs intents {@code from..to} (inclusive) with {@code journal}, as {@code owner}, until done. */
    public static void work(CallJournal journal, String owner, Duration lease, Duration inFlightWait, int port,
            String intentPrefix, int from, int to, boolean descending) {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(EffectTools_ToolSet.of(new EffectTools(port, owner))))
                .journal(JournalSettings.of(journal).withOwner(owner).withLease(lease).withInFlightWait(inFlightWait))
                .build();
        PrintStream out = System.out;
        for (int i = 0; i <= to - from; i++) {
            int n = descending ? to - i : from + i;
            ToolRun run = executor.newRun(intentPrefix + n);
            ToolResult result = run.execute(new ToolCall("call-" + n, EffectTools.toolFor(n), "{\"n\":" + n + "}"));
            out.println("done " + n + " " + result.idempotencyKey() + " "
                    + (result.success() ? "SUCCEEDED" : result.errorType()) + " " + result.replayed());
            out.flush();
        }
    }

    /** {@code <journal dir> <port> <from> <to>}: the file journal, compacting every 4 lines. */
    public static void main(String[] args) {
        try (CallJournal journal = dev.idem.journal.FileCallJournal.builder(java.nio.file.Path.of(args[0]))
                .compactAfter(4).open()) {
            work(journal, "pid-" + ProcessHandle.current().pid(), Duration.ofSeconds(30), Duration.ofSeconds(30),
                    Integer.parseInt(args[1]), "intent-", Integer.parseInt(args[2]), Integer.parseInt(args[3]), false);
        }
        System.exit(0);
    }
}
