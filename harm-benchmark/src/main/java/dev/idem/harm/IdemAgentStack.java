package dev.idem.harm;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import java.net.URI;
import java.util.List;
import java.util.function.Supplier;

/**
 * Idem's own {@code Agent}: one executor per process, one agent per request, the request id as
 * the run's intent id.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(IdemPayments_ToolSet.of(payments))).build();
 * AgentResult result = Agent.builder().model(model).toolExecutor(executor).build().run(prompt, requestId);
 * }</pre>
 */
public final class IdemAgentStack implements Stack {
    private final Supplier<SharedJournal> journal;

    /**
     * The stack on the default in-memory journal ({@code null}) or on a shared one.
     *
     * @param journal the shared journal, started on first use, or null
     */
    public IdemAgentStack(Supplier<SharedJournal> journal) {
        this.journal = journal;
    }

    @Override
    public String name() {
        return journal == null ? "Idem Agent" : "Idem Agent, PostgreSQL journal";
    }

    @Override
    public StackProcess start(int number, URI payUri) {
        SeveredJournal handle = journal == null ? null : journal.get().handle();
        ToolExecutor executor = IdemExecutors.build(payUri, handle, number);
        return new StackProcess() {
            @Override
            public Report handle(PaymentRequest request, ModelScript script) {
                Agent agent = Agent.builder().model(new IdemScriptedModel(script)).toolExecutor(executor).build();
                return report(agent.run(request.prompt(), request.requestId()));
            }

            @Override
            public void kill() {
                if (handle != null) {
                    handle.sever();
                }
            }
        };
    }

    /** What the application tells its user from a run: the answer, or what the tool results say when the run ended early. */
    static Report report(AgentResult result) {
        if (result.status() == AgentStatus.ANSWERED) {
            return Report.ofAnswer(result.answer());
        }
        List<ToolResult> results = result.toolResults();
        if (results.stream().anyMatch(ToolResult::success)) {
            return Report.DONE;
        }
        return result.status() == AgentStatus.OUTCOME_UNKNOWN
                || results.stream().anyMatch(r -> ResultText.of(r.textForModel()) == ResultText.UNKNOWN)
                ? Report.UNKNOWN : Report.FAILED;
    }
}
