package dev.idem.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.Mode;
import dev.idem.llm.ChatMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ConversationTest {

    private final Conversation conversation = new Conversation("agent", ConversationWindow.UNLIMITED);
    private final List<ChatMessage> work = List.of(ChatMessage.user("Pay Maria"), ChatMessage.assistant("Done."));

    @Test
    void onlyARunThatEndedWithAnAnswerARefusalOrALimitIsCommitted() {
        conversation.commit(AgentStatus.FAILED, work);
        conversation.commit(AgentStatus.OUTCOME_UNKNOWN, work);
        assertThat(conversation.messages()).isEmpty();

        conversation.commit(AgentStatus.ANSWERED, work);
        assertThat(conversation.messages()).isEqualTo(work);

        conversation.commit(AgentStatus.LIMIT_REACHED, List.of(ChatMessage.user("Again")));
        assertThat(conversation.messages()).containsExactly(ChatMessage.user("Again"));

        conversation.commit(AgentStatus.REFUSED, List.of(ChatMessage.assistant("I can't do that.")));
        assertThat(conversation.messages()).containsExactly(ChatMessage.assistant("I can't do that."));
    }

    @Test
    void aCommitKeepsOnlyTheWindow() {
        Conversation windowed = new Conversation("agent", ConversationWindow.of(1, Long.MAX_VALUE));

        windowed.commit(AgentStatus.ANSWERED, work);

        assertThat(windowed.messages()).containsExactly(ChatMessage.assistant("Done."));
    }

    @Test
    void aBlockingOperationWaitsForTheNonBlockingOneAskedForBeforeIt() {
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<String> firstEnds = new CompletableFuture<>();

        CompletionStage<String> first = conversation.inTurn(Mode.NON_BLOCKING, () -> {
            order.add("first started");
            return firstEnds.thenApply(value -> {
                order.add("first ended");
                return value;
            });
        });
        new Thread(() -> {
            sleepQuietly(50);
            firstEnds.complete("one");
        }).start();
        String second = Mode.join(conversation.inTurn(Mode.BLOCKING, () -> {
            order.add("second started");
            return CompletableFuture.completedFuture("two");
        }));

        assertThat(first.toCompletableFuture().join()).isEqualTo("one");
        assertThat(second).isEqualTo("two");
        assertThat(order).containsExactly("first started", "first ended", "second started");
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
