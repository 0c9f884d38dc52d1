package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.TraceEvent;
import dev.idem.journal.CallJournal;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The agent process the demo kills: runs the rent intent on a file journal and stops just before
 * it journals the outcome of its second transfer, after the bank moved the money. It tells its
 * parent on stdout, one line each: {@code event <trace event>}, then {@code crash-point <key>}.
 *
 * <p>Arguments: the bank's base URI, the model's base URL, the journal directory. It halts when its
 * stdin closes: a parent that died cannot leave it waiting at the crash point forever.
 */
public final class RentChild {

    static final String EVENT = "event ";
    static final String CRASH_POINT = "crash-point ";

    private RentChild() {}

    public static void main(String[] args) {
        haltWhenParentGoes(System.in);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        CallJournal journal = new CrashPointJournal(CallJournal.file(Path.of(args[2])), RentAgent.TOOL, 2,
                key -> out.println(CRASH_POINT + key));
        Agent agent = RentAgent.build(URI.create(args[0]), args[1], journal,
                (intentId, event) -> out.println(EVENT + describe(event)));
        AgentResult result = agent.run(DemoScript.RENT_PROMPT, RentAgent.INTENT);
        // Reached only if nobody killed this process at the crash point.
        out.println("finished " + result.status());
        journal.close();
    }

    private static String describe(TraceEvent event) {
        return Demo.describe(event).replace('\n', ' ');
    }

    private static void haltWhenParentGoes(InputStream parent) {
        Thread watcher = new Thread(() -> {
            try {
                while (parent.read() >= 0) {
                    // the parent writes nothing; end of stream means it is gone
                }
            } catch (IOException gone) {
                // the same
            }
            Runtime.getRuntime().halt(3);
        }, "parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }
}
