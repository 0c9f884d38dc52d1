package dev.idem.journal.crash;

import dev.idem.journal.CallJournal;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * A process that sends the e-mails of intents {@code from..to} through {@link VerifiedEffectTools}
 * on the file journal and prints {@code done <n> <key> <SUCCEEDED|errorType> <replayed>} per
 * intent once its result is back. {@code VerifierCrashTest} SIGKILLs it mid-call, then starts
 * another one on the same directory: the restart takes the dead owner's call over.
 */
public final class VerifierWorkerChild {

    private VerifierWorkerChild() {
    }

    /**
     * {@code <journal dir> <port> <from> <to> [<blind port> <n>,<n>...]}: the verifiers of the
     * listed intents ask the blind port (nothing listens there), the others ask the service.
     */
    public static void main(String[] args) {
        String owner = "pid-" + ProcessHandle.current().pid();
        int port = Integer.parseInt(args[1]);
        int blindPort = args.length > 4 ? Integer.parseInt(args[4]) : port;
        Set<String> blind = args.length > 5 ? Set.of(args[5].split(",")) : Set.of();
        try (CallJournal journal = FileCallJournal.builder(Path.of(args[0])).open()) {
            PrintStream out = System.out;
            for (int n = Integer.parseInt(args[2]); n <= Integer.parseInt(args[3]); n++) {
                int lookupPort = blind.contains(Integer.toString(n)) ? blindPort : port;
                ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(VerifiedEffectTools_ToolSet.of(new VerifiedEffectTools(port, lookupPort, owner))))
                        .journal(JournalSettings.of(journal).withOwner(owner).withLease(Duration.ofSeconds(30)))
                        .build();
                ToolResult result = executor.newRun("intent-" + n)
                        .execute(new ToolCall("call-" + n, VerifiedEffectTools.SEND_EMAIL, "{\"n\":" + n + "}"));
                out.println("done " + n + " " + result.idempotencyKey() + " "
                        + (result.success() ? "SUCCEEDED" : result.errorType()) + " " + result.replayed());
                out.flush();
            }
        }
        System.exit(0);
    }
}
