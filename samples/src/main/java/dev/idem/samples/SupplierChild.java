package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.journal.CallJournal;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A process of the supplier payment's run, on a file journal. It tells its parent on stdout, one
 * line each: {@code event <trace event>}, {@code pending <key>} for each call awaiting approval,
 * {@code crash-point <key>} where it stops to be killed, {@code finished <status>} at the end.
 *
 * <p>Arguments: the bank's base URI, the model's base URL, the journal directory, then what to do:
 * <ul>
 *   <li>{@code run}: runs the intent; it stops awaiting approval, and the process ends;</li>
 *   <li>{@code approve-and-stop <key> BEFORE_THE_REQUEST|AFTER_THE_BANK_ANSWERED}: resumes the run
 *       with ana's approval of {@code key} and stops, to be killed, once the approval is recorded:
 *       before the payment reaches the bank, or after the bank made it and before its outcome is
 *       recorded ({@link CrashPointHttp});</li>
 *   <li>{@code resume}: resumes the run with the decisions of record.</li>
 * </ul>
 * It halts when its stdin closes: a parent that died cannot leave it waiting at a crash point.
 */
public final class SupplierChild {

    static final String EVENT = "event ";
    static final String PENDING = "pending ";
    static final String CRASH_POINT = "crash-point ";
    static final String FINISHED = "finished ";

    private SupplierChild() {}

    public static void main(String[] args) {
        haltWhenParentGoes(System.in);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        CallJournal journal = CallJournal.file(Path.of(args[2]));
        HttpClient http = HttpClient.newHttpClient();
        if (args[3].equals("approve-and-stop")) {
            http = new CrashPointHttp(http, CrashPointHttp.Moment.valueOf(args[5]), key -> out.println(CRASH_POINT + key));
        }
        Agent agent = SupplierAgent.build(URI.create(args[0]), args[1], journal,
                (intentId, event) -> out.println(EVENT + Demo.describe(event).replace('\n', ' ')), http);
        AgentResult result = switch (args[3]) {
            case "run" -> agent.run(SupplierAgent.PROMPT, SupplierAgent.INTENT);
            case "approve-and-stop" -> agent.resume(SupplierAgent.INTENT,
                    ApprovalDecision.approve(args[4], SupplierAgent.APPROVER, SupplierAgent.WHY));
            case "resume" -> agent.resume(SupplierAgent.INTENT);
            default -> throw new IllegalArgumentException("unknown step " + args[3]);
        };
        for (ApprovalRequest pending : result.pendingApprovals()) {
            out.println(PENDING + pending.idempotencyKey());
        }
        out.println(FINISHED + result.status() + " " + (result.answer() != null ? result.answer() : result.error()));
        journal.close();
        System.exit(0); // the run's client threads must not keep the process after its last line
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
