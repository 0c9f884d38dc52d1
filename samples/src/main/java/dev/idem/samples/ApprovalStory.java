package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import dev.idem.samples.bank.BankServer;
import dev.idem.testkit.OpenAiWireServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The demo's approval act: a supplier payment above the limit stops its run for a person's
 * approval in an agent process, which then ends; the service restarts, ana approves, and the run
 * resumes from the file journal: the payment is made once, and the model is not asked again for
 * the turn that ordered it.
 */
final class ApprovalStory {

    /**
     * What the act came to.
     *
     * @param exitStatus       how the first process ended (0: by itself, after it stopped)
     * @param requestsWhileWaiting requests that reached the bank before the approval (must be 0)
     * @param request          the request of record, as the restarted service read it
     * @param resumed          the resumed run
     * @param requests         requests for the payment's key that reached the bank in the end
     * @param effects          transfers the bank made for it
     */
    record Outcome(int exitStatus, long requestsWhileWaiting, ApprovalRequest request, AgentResult resumed,
            int requests, int effects) {}

    private ApprovalStory() {}

    static Outcome play(PrintStream out) {
        Path journalDir = null;
        Path stderr = null;
        try (BankServer bank = BankServer.start(); OpenAiWireServer wire = OpenAiWireServer.start(SupplierAgent.model())) {
            journalDir = Files.createTempDirectory("idem-demo-approval");
            stderr = journalDir.resolveSibling(journalDir.getFileName() + ".child-stderr");
            out.println();
            out.println("== a payment above R$ 1,000.00 waits for a person: run " + SupplierAgent.INTENT
                    + " in a separate agent process, journaled in " + journalDir + ": " + SupplierAgent.PROMPT);
            String key;
            int exitStatus;
            try (SupplierProcess first = SupplierProcess.start(stderr, out, bank.baseUri().toString(), wire.baseUrl(),
                    journalDir.toString(), "run")) {
                key = first.awaitLine(SupplierChild.PENDING);
                String finished = first.awaitLine(SupplierChild.FINISHED);
                exitStatus = first.awaitExit();
                out.println("  " + finished.split(" ", 2)[0] + "; the process ended (pid " + first.pid() + ", exit status "
                        + exitStatus + "); requests that reached the bank: " + bank.requests());
            }
            long requestsWhileWaiting = bank.requests();

            out.println();
            out.println("== the service restarts; ana approves, and the run resumes from the journal");
            AgentResult resumed;
            ApprovalRequest request;
            try (CallJournal journal = CallJournal.file(journalDir)) {
                request = Approvals.over(journal).request(key).orElseThrow(() -> new IllegalStateException(
                        "the journal has no approval request for key " + key));
                out.println("  the request of record: " + request.tool() + " " + request.argumentsJson() + ", approvers "
                        + request.approvers() + ", expires " + request.expiresAt());
                Agent agent = SupplierAgent.build(bank.baseUri(), wire.baseUrl(), journal,
                        (intentId, event) -> out.println("  " + Demo.describe(event)));
                resumed = agent.resume(SupplierAgent.INTENT,
                        ApprovalDecision.approve(key, SupplierAgent.APPROVER, SupplierAgent.WHY));
            }
            out.println("  " + resumed.status() + ": " + (resumed.answer() != null ? resumed.answer() : resumed.error()));
            int requests = bank.requestsFor(key).size();
            int effects = bank.effectsFor(key);
            out.println("  Bank ledger for the approved payment: requests=" + requests + " effects=" + effects
                    + " (none while it waited, one after the approval)");
            return new Outcome(exitStatus, requestsWhileWaiting, request, resumed, requests, effects);
        } catch (IOException e) {
            throw new UncheckedIOException("the approval act could not run", e);
        } finally {
            deleteQuietly(journalDir);
            deleteQuietly(stderr);
        }
    }

    private static void deleteQuietly(Path path) {
        if (path == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            paths.sorted(Comparator.reverseOrder()).forEach(each -> each.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind harms nothing
        }
    }
}
