package dev.idem.springai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/** A Spring AI {@link ChatModel} that answers from a script and remembers the prompts it got. */
final class ScriptedChatModel implements ChatModel {
    private final Deque<AssistantMessage> answers = new ArrayDeque<>();
    final List<List<Message>> received = new ArrayList<>();

    ScriptedChatModel calls(String id, String tool, String arguments) {
        answers.add(AssistantMessage.builder()
                .toolCalls(List.of(new AssistantMessage.ToolCall(id, "function", tool, arguments)))
                .build());
        return this;
    }

    ScriptedChatModel answers(String text) {
        answers.add(new AssistantMessage(text));
        return this;
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        received.add(List.copyOf(prompt.getInstructions()));
        AssistantMessage next = answers.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no more answers");
        }
        return new ChatResponse(List.of(new Generation(next)));
    }

    /** Tool-calling options, so ChatClient attaches the tool callbacks and its tool-calling advisor runs them. */
    @Override
    public ChatOptions getOptions() {
        return ToolCallingChatOptions.builder().build();
    }
}
