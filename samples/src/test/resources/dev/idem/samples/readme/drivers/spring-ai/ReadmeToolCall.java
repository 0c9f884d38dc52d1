package com.example;

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

/**
 * Written by IntegrationProjectsTest into the README's Spring AI project: runs the README's
 * creditFor with a model that asks for one credit, then answers with what the tool returned.
 */
public class ReadmeToolCall {

    public static void main(String[] args) {
        Ledger ledger = new Ledger();
        String answer = LedgerChat.creditFor(new ScriptedModel(), ledger, "ticket-1");
        System.out.println("answer: " + answer);
        System.out.println("entries: " + ledger.entries());
    }

    /** First a tool call, then the tool's result as text. */
    static final class ScriptedModel implements ChatModel {
        private int turn;

        @Override
        public ChatResponse call(Prompt prompt) {
            turn++;
            if (turn == 1) {
                return new ChatResponse(List.of(new Generation(AssistantMessage.builder()
                        .toolCalls(List.of(new AssistantMessage.ToolCall("call_1", "function", "credit",
                                "{\"account\":\"ACC-1\",\"cents\":4200}")))
                        .build())));
            }
            List<Message> messages = prompt.getInstructions();
            Message last = messages.get(messages.size() - 1);
            String result = last instanceof ToolResponseMessage tool
                    ? tool.getResponses().get(0).responseData() : "no tool result: " + last;
            return new ChatResponse(List.of(new Generation(new AssistantMessage("Booked: " + result))));
        }

        /** Tool-calling options, so ChatClient hands the tools to its tool-calling advisor. */
        @Override
        public ChatOptions getOptions() {
            return ToolCallingChatOptions.builder().build();
        }
    }
}
