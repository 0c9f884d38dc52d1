package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentListener;
import dev.idem.journal.CallJournal;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.samples.tools.SupplierPayments;
import dev.idem.samples.tools.SupplierPayments_ToolSet;
import dev.idem.tool.ToolCall;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The agent of the demo's approval: it pays a supplier R$ 4,800.00, above the limit, so the run
 * stops for a person's approval. The same agent in every process that runs or resumes it, so the
 * journal's turns belong to one run.
 */
final class SupplierAgent {

    static final String INTENT = "pix-supplier";
    static final String TOOL = "paySupplier";
    static final String PROMPT = "Pay invoice 311 of Acme Ltda by Pix today, 2026-12-01: R$ 4,800.00 to"
            + " acme@example.com.";
    static final String APPROVER = "ana";
    static final String WHY = "invoice 311 checked against the order";
    private static final Duration MODEL_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private SupplierAgent() {}

    /** The agent, journaled in {@code journal}, paying through the bank at {@code bank}. */
    static Agent build(URI bank, String modelUrl, CallJournal journal, AgentListener listener) {
        return build(bank, modelUrl, journal, listener, HttpClient.newHttpClient());
    }

    /** The same, calling the bank with {@code http}. */
    static Agent build(URI bank, String modelUrl, CallJournal journal, AgentListener listener, HttpClient http) {
        return Agent.builder()
                .name("payables")
                .instructions("You pay suppliers' invoices by Pix with paySupplier. Amounts are in cents.")
                .model(OpenAiChatModel.builder().baseUrl(modelUrl).model("idem-scripted")
                        .requestTimeout(MODEL_REQUEST_TIMEOUT).build())
                .tools(SupplierPayments_ToolSet.of(new SupplierPayments(bank, http)))
                .journal(journal)
                .listener(listener)
                .build();
    }

    /**
     * The model's script, played over loopback to every process of the run: the payment, then the
     * answer. The first process asks for the payment; the resumed run finds that turn in the
     * journal and asks only for the answer.
     */
    static ScriptedChatModel model() {
        return ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("call_1", TOOL,
                        "{\"key\":\"acme@example.com\",\"cents\":480000,\"date\":\"2026-12-01\"}"))
                .replyWithText("Paid R$ 4,800.00 to Acme Ltda (invoice 311), approved by ana.")
                .build();
    }
}
