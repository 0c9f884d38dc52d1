package dev.idem.llm.scripted;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.tool.ToolCall;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ScriptedChatModelTest {

    private static final ChatRequest ASK = ChatRequest.of(List.of(ChatMessage.user("Book GRU-LIS")));

    @Test
    void stepsArePlayedInOrderIncludingMalformedArgumentsAndUnknownTools() {
        ToolCall malformed = new ToolCall("call_1", "book_flight", "{\"from\": \"GRU\",");
        ToolCall unknown = new ToolCall("call_2", "teleport", "{}");
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithToolCalls(malformed, unknown)
                .replyWithText("Done.")
                .build();

        ChatResponse first = model.chat(ASK);
        ChatResponse second = model.chat(ASK);

        assertThat(first.toolCalls()).containsExactly(malformed, unknown);
        assertThat(first.finishReason()).isEqualTo("tool_calls");
        assertThat(second.text()).isEqualTo("Done.");
        assertThat(second.finishReason()).isEqualTo("stop");
        assertThat(model.remainingSteps()).isZero();
    }

    @Test
    void injectedFailuresAreThrownAsARealClientWouldThrowThem() {
        ProviderHttpException overloaded = new ProviderHttpException(503, "overloaded", Map.of());
        ScriptedChatModel model = ScriptedChatModel.builder()
                .fail(overloaded)
                .fail(new HttpTimeoutException("request timed out"))
                .replyWithText("ok")
                .build();

        assertThatThrownBy(() -> model.chat(ASK)).isSameAs(overloaded);
        assertThatThrownBy(() -> model.chat(ASK))
                .isInstanceOf(UncheckedIOException.class).hasCauseInstanceOf(HttpTimeoutException.class);
        assertThat(model.chat(ASK).text()).isEqualTo("ok");
        assertThat(model.requests()).hasSize(3);
    }

    @Test
    void aStepCanCheckThatItReceivesTheToolResults() {
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWithText("Booked.")
                .expecting(request -> {
                    if (request.lastMessage().role() != ChatMessage.Role.TOOL) {
                        throw new AssertionError("expected a tool result last, got " + request.lastMessage());
                    }
                })
                .build();

        assertThatThrownBy(() -> model.chat(ASK)).isInstanceOf(AssertionError.class).hasMessageContaining("tool result");
    }

    @Test
    void aPlayedOutScriptFailsLoudlyInsteadOfInventingAnAnswer() {
        ScriptedChatModel model = ScriptedChatModel.builder().replyWithText("only").build();
        model.chat(ASK);

        assertThatThrownBy(() -> model.chat(ASK)).isInstanceOf(IllegalStateException.class).hasMessageContaining("1 steps");
    }

    @Test
    void usageGrowsWithWhatIsSentAndAnsweredSoAccountingCanBeChecked() {
        ScriptedChatModel model = ScriptedChatModel.builder().replyWithText("12345678").replyWithText("12345678").build();
        ChatRequest longer = ChatRequest.of(List.of(ChatMessage.user("x".repeat(400))));

        Usage small = model.chat(ASK).usage();
        Usage large = model.chat(longer).usage();

        assertThat(small.completionTokens()).isEqualTo(2);
        assertThat(large.promptTokens()).isEqualTo(100);
        assertThat(large.totalTokens()).isEqualTo(large.promptTokens() + large.completionTokens());
        assertThat(small.plus(large).promptTokens()).isEqualTo(small.promptTokens() + 100);
    }

    @Test
    void streamDeliversPiecesThatJoinToTheReturnedAnswer() {
        ToolCall call = new ToolCall("call_1", "book_flight", "{\"from\":\"GRU\",\"to\":\"LIS\"}");
        ScriptedChatModel model = ScriptedChatModel.builder()
                .replyWith(ChatMessage.assistant("Let me book that for you.", List.of(call)))
                .build();
        StringBuilder text = new StringBuilder();
        StringBuilder arguments = new StringBuilder();
        List<String> started = new ArrayList<>();

        ChatResponse response = model.stream(ASK, new StreamListener() {
            @Override
            public void onText(String delta) {
                text.append(delta);
            }

            @Override
            public void onToolCallStart(int index, String id, String name) {
                started.add(index + ":" + id + ":" + name);
            }

            @Override
            public void onToolCallArguments(int index, String fragment) {
                arguments.append(fragment);
            }
        });

        assertThat(text.toString()).isEqualTo(response.text());
        assertThat(arguments.toString()).isEqualTo(call.argumentsJson());
        assertThat(started).containsExactly("0:call_1:book_flight");
    }

    @Test
    void concurrentCallersEachGetOneDistinctStep() throws Exception {
        ScriptedChatModel.Builder builder = ScriptedChatModel.builder();
        for (int i = 0; i < 40; i++) {
            builder.replyWithText("answer " + i);
        }
        ScriptedChatModel model = builder.build();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                answers.add(pool.submit(() -> model.chat(ASK).text()));
            }
            Set<String> distinct = ConcurrentHashMap.newKeySet();
            for (Future<String> answer : answers) {
                distinct.add(answer.get());
            }
            assertThat(distinct).hasSize(40);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void chatAsyncReportsAScriptedFailureAsAFailedStage() {
        ScriptedChatModel model = ScriptedChatModel.builder().fail(new ProviderHttpException(500, "", Map.of())).build();

        assertThat(model.chatAsync(ASK).toCompletableFuture()).isCompletedExceptionally();
    }
}
