package dev.idem.harm;

import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.retry.RetryUtils;
import org.springframework.web.client.ResourceAccessException;

/**
 * The scripted model behind the Spring AI rows: Spring AI's {@link ChatModel} over
 * {@link ModelScript}. With retry on, each call goes through
 * {@code RetryUtils.execute(RetryUtils.DEFAULT_RETRY_TEMPLATE, call)}, the template Spring AI's
 * provider models (OpenAiChatModel and the others) wrap their HTTP calls in by default.
 */
final class SpringAiScriptedModel implements ChatModel {
    private final ModelScript script;
    private final boolean retry;

    SpringAiScriptedModel(ModelScript script, boolean retry) {
        this.script = script;
        this.retry = retry;
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        return retry ? RetryUtils.execute(RetryUtils.DEFAULT_RETRY_TEMPLATE, () -> answer(prompt)) : answer(prompt);
    }

    private ChatResponse answer(Prompt prompt) {
        int turns = 0;
        List<String> results = new ArrayList<>();
        for (Message message : prompt.getInstructions()) {
            if (message instanceof AssistantMessage) {
                turns++;
            } else if (message instanceof ToolResponseMessage response) {
                response.getResponses().forEach(r -> results.add(r.responseData()));
            }
        }
        ModelScript.Action action = script.next(turns, results);
        if (action.fail()) {
            // what Spring's RestClient raises when the provider's answer does not come in time
            throw new ResourceAccessException("I/O error on POST request for \"/v1/chat/completions\": Read timed out");
        }
        AssistantMessage message = action.calls().isEmpty() ? new AssistantMessage(action.text())
                : AssistantMessage.builder().content("").toolCalls(action.calls().stream()
                        .map(call -> new AssistantMessage.ToolCall(call.id(), "function", call.name(), call.arguments()))
                        .toList()).build();
        return new ChatResponse(List.of(new Generation(message)));
    }

    /** Tool-calling options, so that ChatClient attaches the tools and its tool-calling advisor runs them. */
    @Override
    public ChatOptions getOptions() {
        return ToolCallingChatOptions.builder().build();
    }
}
