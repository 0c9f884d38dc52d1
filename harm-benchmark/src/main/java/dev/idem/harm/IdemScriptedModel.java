package dev.idem.harm;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.util.List;

/** The scripted model behind Idem's {@code Agent}: Idem's model SPI over {@link ModelScript}. */
final class IdemScriptedModel implements ChatModel {
    private final ModelScript script;

    IdemScriptedModel(ModelScript script) {
        this.script = script;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        int turns = 0;
        List<String> results = new java.util.ArrayList<>();
        for (ChatMessage message : request.messages()) {
            if (message.role() == ChatMessage.Role.ASSISTANT) {
                turns++;
            } else if (message.role() == ChatMessage.Role.TOOL) {
                results.add(message.content());
            }
        }
        ModelScript.Action action = script.next(turns, results);
        if (action.fail()) {
            // what a provider client throws when the answer does not come after the request was sent
            throw new UncheckedIOException("model answer cut", new HttpTimeoutException("request timed out"));
        }
        ChatMessage message = action.calls().isEmpty()
                ? ChatMessage.assistant(action.text())
                : ChatMessage.assistant("", action.calls().stream()
                        .map(call -> new ToolCall(call.id(), call.name(), call.arguments())).toList());
        return new ChatResponse(message, new Usage(10, 10, 20), action.calls().isEmpty() ? "stop" : "tool_calls", "scripted");
    }

    @Override
    public ChatResponse stream(ChatRequest request, StreamListener listener) {
        return chat(request);
    }
}
