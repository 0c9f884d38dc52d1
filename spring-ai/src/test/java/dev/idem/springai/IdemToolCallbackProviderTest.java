package dev.idem.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

/** A real {@code ChatClient}, a scripted Spring AI model, Idem tools compiled by the processor. */
class IdemToolCallbackProviderTest {

    private final Payouts payouts = new Payouts();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Payouts_ToolSet.of(payouts))).build();
    private final IdemToolCallbackProvider tools = IdemToolCallbackProvider.builder(executor).build();
    private final ScriptedChatModel model = new ScriptedChatModel();
    private final ChatClient client = ChatClient.builder(model).build();

    private String ask(String question, Map<String, Object> toolContext) {
        ChatClient.ChatClientRequestSpec prompt = client.prompt().user(question).tools(tools);
        if (!toolContext.isEmpty()) {
            prompt.toolContext(toolContext);
        }
        return prompt.call().content();
    }

    /** What the model was told by the tools on its last turn. */
    private List<String> lastToolResponses() {
        List<Message> last = model.received.get(model.received.size() - 1);
        return last.stream().filter(ToolResponseMessage.class::isInstance)
                .flatMap(message -> ((ToolResponseMessage) message).getResponses().stream())
                .map(ToolResponseMessage.ToolResponse::responseData)
                .toList();
    }

    @Test
    void rateLimitedCallIsRetriedAndTheModelSeesTheValue() {
        model.calls("c1", "fee", "{\"cents\":15000}").answers("The fee is R$ 1.50.");

        String answer = ask("What is the fee on R$ 150?", Map.of());

        assertThat(answer).isEqualTo("The fee is R$ 1.50.");
        assertThat(payouts.quoteRuns.get()).isEqualTo(2);
        assertThat(lastToolResponses()).containsExactly("150");
    }

    @Test
    void malformedArgumentsAreAnErrorForTheModelAndTheToolIsNotExecuted() {
        model.calls("c1", "payout", "{\"seller\":\"S1\",\"cents\":").answers("Sorry.");

        ask("Pay S1 out", Map.of(IdemToolCallbackProvider.INTENT_ID, "ticket-1"));

        assertThat(payouts.effects.get()).isZero();
        assertThat(lastToolResponses().get(0)).startsWith("Error: tool 'payout' failed (MALFORMED_ARGUMENTS)")
                .contains("NOT executed");
    }

    @Test
    void theSameIntentIdInTheToolContextHasOneEffect() {
        model.calls("c1", "payout", "{\"seller\":\"S1\",\"cents\":9900}").answers("Done.")
                .calls("c2", "payout", "{\"cents\":9900,\"seller\":\"S1\"}").answers("Done.")
                .calls("c3", "payout", "{\"seller\":\"S1\",\"cents\":9900}").answers("Done.");

        ask("Pay S1 out", Map.of(IdemToolCallbackProvider.INTENT_ID, "ticket-7"));
        ask("Pay S1 out (retry)", Map.of(IdemToolCallbackProvider.INTENT_ID, "ticket-7"));
        assertThat(payouts.effects.get()).isEqualTo(1);
        assertThat(lastToolResponses()).containsExactly("payout P1 of 9900 to S1");

        ask("Pay S1 out again, a new request", Map.of(IdemToolCallbackProvider.INTENT_ID, "ticket-8"));
        assertThat(payouts.effects.get()).isEqualTo(2);
    }

    @Test
    void definitionCarriesIdemsSchemaTextUnchanged() {
        ToolCallback payout = tools.getToolCallbacks()[0];

        assertThat(payout.getToolDefinition().name()).isEqualTo("payout");
        assertThat(payout.getToolDefinition().inputSchema())
                .isEqualTo(Payouts_ToolSet.of(payouts).descriptors().get(0).inputSchema());
        assertThat(payout.getToolDefinition().description()).startsWith("Pays a seller out.");
    }

    @Test
    void aCallbackNeverThrowsEvenForNonsense() {
        ToolCallback payout = tools.getToolCallbacks()[0];

        assertThat(payout.call(null)).contains("INVALID_ARGUMENTS");
        assertThat(payout.call("[1,2]", new ToolContext(Map.of()))).contains("MALFORMED_ARGUMENTS");
        assertThat(payout.call("{\"seller\":\"S1\",\"cents\":-5}", null)).contains("INVALID_ARGUMENTS").contains("'cents'");
        assertThat(payouts.effects.get()).isZero();
    }
}
