package com.example;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;

/**
 * Written by IntegrationProjectsTest into the README's LangChain4j project: runs the README's
 * creditFor with a model that asks for one credit, then answers with what the tool returned.
 */
public class ReadmeToolCall {

    public static void main(String[] args) {
        Ledger ledger = new Ledger();
        String answer = LedgerAssistant.creditFor(new ScriptedModel(), ledger, "ticket-1");
        System.out.println("answer: " + answer);
        System.out.println("entries: " + ledger.entries());
    }

    /** First a tool call, then the tool's result as text. */
    static final class ScriptedModel implements ChatModel {
        private int turn;

        @Override
        public ChatResponse doChat(ChatRequest request) {
            turn++;
            if (turn == 1) {
                return ChatResponse.builder().aiMessage(AiMessage.from(ToolExecutionRequest.builder()
                        .id("call_1").name("credit").arguments("{\"account\":\"ACC-1\",\"cents\":4200}").build())).build();
            }
            List<ChatMessage> messages = request.messages();
            ChatMessage last = messages.get(messages.size() - 1);
            String result = last instanceof ToolExecutionResultMessage tool ? tool.text() : "no tool result: " + last;
            return ChatResponse.builder().aiMessage(AiMessage.from("Booked: " + result)).build();
        }
    }
}
