package dev.idem.samples;

import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import dev.idem.samples.tools.PixTransfers;
import dev.idem.samples.tools.PixTransfers_ToolSet;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The demo's last act: a payment that is not idempotent loses its answer after the bank made the
 * transfer (an unknown outcome), and the tool's verifier, which looks the key up in the bank's
 * ledger, resolves it: the transfer is replayed, never sent again.
 */
final class VerifierStory {

    /** What the act came to. */
    record Outcome(ToolResult result, int effects, int requests) {}

    private VerifierStory() {}

    static Outcome play(PrintStream out) {
        try (BankServer bank = BankServer.builder().lostResponseHold(Duration.ofMillis(2300)).start()) {
            ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(
                    PixTransfers_ToolSet.of(new PixTransfers(bank.baseUri(), HttpClient.newHttpClient())))).build();
            out.println();
            out.println("== an unknown outcome resolved by a verifier: payPix is not idempotent (2 s timeout); the bank"
                    + " makes the transfer and loses its answer");
            bank.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT);
            ToolResult result = executor.newRun("pix-now-1").execute(new ToolCall("c1", "payPix",
                    "{\"key\":\"ana@example.com\",\"cents\":5000,\"date\":\"2026-12-01\"}"));
            out.println("  tool payPix timed out after 1 attempt; its verifier found the key in the bank's ledger: "
                    + (result.success() && result.replayed() ? "APPLIED, answered as a replay: " + result.value()
                            : result.errorType() + " [" + result.message() + "]"));
            int effects = bank.effectsFor(result.idempotencyKey());
            out.println("  Bank ledger for this key: requests=" + bank.requests() + " effects=" + effects
                    + " (sent once, never again; the model gets the receipt, not \"outcome unknown\")");
            return new Outcome(result, effects, (int) bank.requests());
        }
    }
}
