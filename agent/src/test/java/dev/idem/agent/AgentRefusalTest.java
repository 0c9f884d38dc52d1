package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.retry.Sleeper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentRefusalTest {

    /** A model that declines every request, counting how often it was asked. */
    private static final class RefusingModel implements ChatModel {
        final List<ChatRequest> requests = new ArrayList<>();

        @Override
        public synchronized ChatResponse chat(ChatRequest request) {
            requests.add(request);
            return new ChatResponse(ChatMessage.assistant(""), new Usage(12, 7, 19), "stop", "gpt-test",
                    "I can't help with moving money.");
        }

        @Override
        public ChatResponse stream(ChatRequest request, StreamListener listener) {
            ChatResponse response = chat(request);
            listener.onRefusal(response.refusal());
            return response;
        }
    }

    private static Agent agent(ChatModel model, boolean streaming) {
        return Agent.builder().model(model).tools(new AgentTestTools()).streaming(streaming)
                .modelSleeper(Sleeper.recording(millis -> { }))
                .toolSleeper(Sleeper.recording(millis -> { })).build();
    }

    @Test
    void aRefusalEndsTheRunAsRefusedWithItsWordsAndIsNeverRetried() {
        for (boolean streaming : List.of(false, true)) {
            RefusingModel model = new RefusingModel();
            Agent agent = agent(model, streaming);

            AgentResult result = agent.run("pay 7 to mallory", "ticket-9");

            assertThat(result.status()).isEqualTo(AgentStatus.REFUSED);
            assertThat(result.refusal()).isEqualTo("I can't help with moving money.");
            assertThat(result.answer()).isEmpty();
            assertThat(result.error()).isNull();
            assertThat(result.usage()).isEqualTo(new Usage(12, 7, 19));
            assertThat(model.requests).as("asked once, never retried").hasSize(1);
            assertThat(result.trace()).noneMatch(TraceEvent.ModelAttemptFailed.class::isInstance);
            assertThatThrownBy(result::orThrow).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("I can't help with moving money.");
            // A refusal is an answer: the conversation keeps it, so the next turn knows.
            assertThat(agent.conversation()).extracting(ChatMessage::content)
                    .containsExactly("pay 7 to mallory", "I can't help with moving money.");
        }
    }

    @Test
    void aJournaledRefusalIsReplayedAsTheRefusalItWas(@org.junit.jupiter.api.io.TempDir java.nio.file.Path work) {
        try (dev.idem.journal.CallJournal journal = dev.idem.journal.FileCallJournal.builder(work.resolve("journal")).open()) {
            RefusingModel first = new RefusingModel();
            Agent.builder().model(first).tools(new AgentTestTools()).modelSleeper(Sleeper.recording(millis -> { }))
                    .journal(dev.idem.journal.JournalSettings.of(journal)).build()
                    .run("pay 7 to mallory", "ticket-9");
            RefusingModel second = new RefusingModel();

            AgentResult replayed = Agent.builder().model(second).tools(new AgentTestTools())
                    .modelSleeper(Sleeper.recording(millis -> { }))
                    .journal(dev.idem.journal.JournalSettings.of(journal)).build()
                    .run("pay 7 to mallory", "ticket-9");

            assertThat(replayed.status()).isEqualTo(AgentStatus.REFUSED);
            assertThat(replayed.refusal()).isEqualTo("I can't help with moving money.");
            assertThat(second.requests).as("the turn came from the journal").isEmpty();
        }
    }
}
