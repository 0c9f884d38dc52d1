package dev.idem.harm;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.internal.RetryUtils;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * The scripted model behind the LangChain4j rows: LangChain4j's {@link ChatModel} over
 * {@link ModelScript}. With {@code maxRetries > 0} each call goes through LangChain4j's own
 * {@code RetryUtils.withRetryMappingExceptions(call, maxRetries)}, which is what its provider
 * models (OpenAiChatModel and the others) do with their {@code maxRetries} setting.
 */
final class Langchain4jScriptedModel implements ChatModel {
    private final ModelScript script;
    private final int maxRetries;

    Langchain4jScriptedModel(ModelScript script, int maxRetries) {
        this.script = script;
        this.maxRetries = maxRetries;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return maxRetries == 0 ? answer(request) : RetryUtils.withRetryMappingExceptions(() -> answer(request), maxRetries);
    }

    private ChatResponse answer(ChatRequest request) {
        int turns = 0;
        List<String> results = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            if (message instanceof AiMessage) {
                turns++;
            } else if (message instanceof ToolExecutionResultMessage result) {
                results.add(result.text());
            }
        }
        ModelScript.Action action = script.next(turns, results);
        if (action.fail()) {
            // what LangChain4j's HTTP clients raise when the answer does not come in time
            throw new TimeoutException("read timed out: the model's answer was cut after the request was sent");
        }
        AiMessage message = action.calls().isEmpty() ? AiMessage.from(action.text())
                : AiMessage.from(action.calls().stream()
                        .map(call -> ToolExecutionRequest.builder().id(call.id()).name(call.name()).arguments(call.arguments()).build())
                        .toList());
        return ChatResponse.builder().aiMessage(message).build();
    }
}
