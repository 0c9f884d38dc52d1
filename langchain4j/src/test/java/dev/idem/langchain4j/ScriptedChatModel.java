package dev.idem.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A LangChain4j {@link ChatModel} that answers from a script and remembers what it was sent. */
final class ScriptedChatModel implements ChatModel {
    private final Deque<AiMessage> answers = new ArrayDeque<>();
    final List<List<ChatMessage>> received = new ArrayList<>();

    /** Next, the model asks for one tool call. */
    ScriptedChatModel calls(String id, String tool, String arguments) {
        answers.add(AiMessage.from(ToolExecutionRequest.builder().id(id).name(tool).arguments(arguments).build()));
        return this;
    }

    /** Next, the model answers with text. */
    ScriptedChatModel answers(String text) {
        answers.add(AiMessage.from(text));
        return this;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        received.add(List.copyOf(request.messages()));
        AiMessage next = answers.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no more answers");
        }
        return ChatResponse.builder().aiMessage(next).build();
    }
}
