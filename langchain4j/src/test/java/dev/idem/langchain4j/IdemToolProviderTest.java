package dev.idem.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.UserMessage;
import dev.langchain4j.service.tool.ToolExecution;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** A real {@code AiServices} agent, a scripted LangChain4j model, Idem tools compiled by the processor. */
class IdemToolProviderTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    interface Assistant {
        Result<String> chat(@UserMessage String message);

        Result<String> chatFor(@UserMessage String message, InvocationParameters parameters);
    }

    private final Orders orders = new Orders();
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Orders_ToolSet.of(orders))).build();
    private final IdemToolProvider provider = IdemToolProvider.builder(executor).build();
    private final ScriptedChatModel model = new ScriptedChatModel();
    private final Assistant assistant = AiServices.builder(Assistant.class)
            .chatModel(model)
            .toolProvider(provider)
            .hallucinatedToolNameStrategy(provider.unknownToolAnswer())
            .build();

    /** The tool results the model was sent on its last turn. */
    private List<ToolExecutionResultMessage> lastToolResults() {
        List<ChatMessage> last = model.received.get(model.received.size() - 1);
        return last.stream().filter(ToolExecutionResultMessage.class::isInstance)
                .map(ToolExecutionResultMessage.class::cast).toList();
    }

    @Test
    void transientFailureIsRetriedWithinOneToolCallAndTheModelSeesOneSuccess() {
        model.calls("c1", "status", "{\"order\":\"A1\"}").answers("It shipped.");

        Result<String> result = assistant.chat("Where is order A1?");

        assertThat(result.content()).isEqualTo("It shipped.");
        assertThat(orders.statusRuns.get()).isEqualTo(2);
        ToolExecutionResultMessage sent = lastToolResults().get(0);
        assertThat(sent.text()).isEqualTo("order A1 shipped (attempt 2)");
        assertThat(sent.isError()).isFalse();
        assertThat(result.toolExecutions()).singleElement().satisfies(execution -> assertThat(execution.hasFailed()).isFalse());
    }

    @Test
    void malformedArgumentsReachTheModelAsAnErrorAndTheToolIsNotExecuted() {
        model.calls("c1", "status", "{\"order\":\"A1\",").answers("Sorry.");

        Result<String> result = assistant.chat("Where is order A1?");

        assertThat(orders.statusRuns.get()).isZero();
        ToolExecutionResultMessage sent = lastToolResults().get(0);
        assertThat(sent.isError()).isTrue();
        assertThat(sent.text()).contains("MALFORMED_ARGUMENTS").contains("NOT executed").contains("complete, valid JSON");
        assertThat(result.toolExecutions().get(0).hasFailed()).isTrue();
    }

    @Test
    void invalidArgumentsAreRefusedByIdemsBinder() {
        model.calls("c1", "refund", "{\"order\":\"A1\",\"cents\":0,\"note\":\"x\"}").answers("Sorry.");

        assistant.chat("Refund A1");

        assertThat(orders.refundEffects.get()).isZero();
        assertThat(lastToolResults().get(0).text()).contains("INVALID_ARGUMENTS").contains("'cents'").contains("'note'");
    }

    @Test
    void toolCallsOfOneAiServiceCallShareOneRun() {
        model.calls("c1", "cancel", "{\"order\":\"A1\"}")
                .calls("c2", "cancel", "{\"order\":\"A1\"}")
                .answers("It cannot be cancelled.");

        assistant.chat("Cancel A1");

        assertThat(orders.cancelRuns.get()).as("the run's repetition guard stops the second").isEqualTo(1);
        List<ToolExecutionResultMessage> results = lastToolResults();
        assertThat(results.get(0).text()).contains("REJECTED");
        assertThat(results.get(1).text()).contains("REPEATED_CALL");
    }

    @Test
    void eachAiServiceCallWithoutAnIntentIdIsItsOwnIntent() {
        model.calls("c1", "refund", "{\"order\":\"A1\",\"cents\":500}").answers("Done.")
                .calls("c2", "refund", "{\"order\":\"A1\",\"cents\":500}").answers("Done again.");

        assistant.chat("Refund A1");
        assistant.chat("Refund A1 once more");

        assertThat(orders.refundEffects.get()).isEqualTo(2);
    }

    @Test
    void theSameIntentIdAcrossAiServiceCallsHasOneEffect() {
        model.calls("c1", "refund", "{\"order\":\"A1\",\"cents\":500}").answers("Done.")
                .calls("c9", "refund", "{\"cents\":500,\"order\":\"A1\"}").answers("Done.");
        InvocationParameters ticket = InvocationParameters.from(IdemToolProvider.INTENT_ID, "ticket-4711");

        assistant.chatFor("Refund A1", ticket);
        Result<String> retried = assistant.chatFor("Refund A1", InvocationParameters.from(IdemToolProvider.INTENT_ID, "ticket-4711"));

        assertThat(orders.refundEffects.get()).isEqualTo(1);
        ToolExecution execution = retried.toolExecutions().get(0);
        assertThat(execution.result()).isEqualTo("refund R1 of 500 for A1");
    }

    @Test
    void unknownToolNamesGetIdemsSuggestionAndNothingRuns() {
        model.calls("c1", "stats", "{\"order\":\"A1\"}").answers("Sorry.");

        assistant.chat("Where is A1?");

        // LangChain4j 1.19 keeps only the text of a hallucinated-name answer, not its isError flag.
        ToolExecutionResultMessage sent = lastToolResults().get(0);
        assertThat(sent.text()).startsWith("Error: tool 'stats' failed (TOOL_NOT_FOUND)").contains("did you mean 'status'");
        assertThat(orders.statusRuns.get()).isZero();
    }

    private static ToolSpecification specification(IdemToolProvider provider, String name) {
        return provider.provideTools(null).toolSpecificationByName(name);
    }

    @Test
    void schemaPassesThroughUnchangedAndFlagsAreInTheMetadata() throws Exception {
        ToolDescriptor refund = Orders_ToolSet.of(orders).descriptors().get(1);
        ToolSpecification specification = specification(provider, "refund");

        Map<String, Object> sent = JsonSchemaElementUtils.toMap(specification.parameters());
        @SuppressWarnings("unchecked")
        Map<String, Object> generated = JSON.readValue(refund.inputSchema(), Map.class);
        assertThat(sent.get("properties")).isEqualTo(generated.get("properties"));
        assertThat(sent.get("required")).isEqualTo(generated.get("required"));
        assertThat(specification.parameters().additionalProperties()).isFalse();
        assertThat(specification.metadata())
                .containsEntry("readOnlyHint", false).containsEntry("idempotentHint", true)
                .containsEntry("destructiveHint", false).containsEntry("openWorldHint", true)
                .containsEntry("dev.idem/restartSafe", false);
        assertThat(specification(provider, "status").metadata()).containsEntry("title", "Order status")
                .containsEntry("readOnlyHint", true).containsEntry("destructiveHint", false);
        assertThat(specification.strict()).isNull();
    }

    @Test
    void strictProviderSendsIdemsStrictSchemaAndLeavesToolsWithoutOneNonStrict() throws Exception {
        IdemToolProvider strict = IdemToolProvider.builder(executor).strict(true).build();
        ToolDescriptor status = Orders_ToolSet.of(orders).descriptors().get(0);

        ToolSpecification statusSpec = specification(strict, "status");
        @SuppressWarnings("unchecked")
        Map<String, Object> strictSchema = JSON.readValue(status.strictSchema(), Map.class);
        assertThat(statusSpec.strict()).isTrue();
        assertThat(JsonSchemaElementUtils.toMap(statusSpec.parameters(), true).get("properties"))
                .isEqualTo(strictSchema.get("properties"));

        ToolSpecification tagSpec = specification(strict, "tag");
        assertThat(tagSpec.strict()).as("a Map parameter has no strict form").isFalse();
    }
}
