package dev.idem.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireRoundTripTest {

    private static final ToolDescriptor BOOK = ToolDescriptor.builder("book_flight")
            .description("Books a flight")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"from\":{\"type\":\"string\"}},\"required\":[\"from\"]}")
            .strictSchema("{\"type\":\"object\",\"properties\":{\"from\":{\"type\":\"string\"}},\"required\":[\"from\"],\"additionalProperties\":false}")
            .build();
    private static final ToolCall CALL = new ToolCall("call_1", "book_flight", "{\"from\":\"GRU\",\"to\":\"LIS\"}");
    private static final ChatRequest REQUEST = ChatRequest.of(List.of(ChatMessage.system("You book."), ChatMessage.user("Book GRU-LIS")), List.of(BOOK));

    private static OpenAiChatModel client(OpenAiWireServer server) {
        return OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("scripted")
                .requestTimeout(Duration.ofMillis(2000)).build();
    }

    @Test
    void chatAndStreamThroughTheWireGiveTheScriptedAnswerUnchanged() {
        ScriptedChatModel scripted = ScriptedChatModel.builder()
                .replyWith(ChatMessage.assistant("Booking now.", List.of(CALL, new ToolCall("call_2", "no_such_tool", "{\"from\":"))))
                .replyWith(ChatMessage.assistant("Booking now.", List.of(CALL, new ToolCall("call_2", "no_such_tool", "{\"from\":"))))
                .build();
        try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
            OpenAiChatModel client = client(server);
            ChatResponse viaChat = client.chat(REQUEST);
            List<String> pieces = new ArrayList<>();
            ChatResponse viaStream = client.stream(REQUEST, new StreamListener() {
                @Override
                public void onToolCallArguments(int index, String fragment) {
                    pieces.add(index + ":" + fragment);
                }
            });

            // the id is the server's, one per answer, and reaches the client both ways; the rest is the script's
            assertThat(viaChat.id()).startsWith("chatcmpl-idem-");
            assertThat(viaStream.id()).startsWith("chatcmpl-idem-").isNotEqualTo(viaChat.id());
            assertThat(withoutId(viaStream)).isEqualTo(withoutId(viaChat));
            assertThat(viaChat.text()).isEqualTo("Booking now.");
            assertThat(viaChat.toolCalls()).containsExactly(CALL, new ToolCall("call_2", "no_such_tool", "{\"from\":"));
            assertThat(viaChat.finishReason()).isEqualTo("tool_calls");
            assertThat(viaChat.model()).isEqualTo(ScriptedChatModel.DEFAULT_MODEL_NAME);
            assertThat(viaChat.usage()).isEqualTo(ScriptedChatModel.estimateUsage(REQUEST, viaChat.message()));
            assertThat(pieces).hasSizeGreaterThan(2);
        }
    }

    @Test
    void aRefusalCrossesTheWireAsARefusalChatAndStream() {
        dev.idem.llm.ChatModel refusing = new dev.idem.llm.ChatModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                return new ChatResponse(ChatMessage.assistant(""), dev.idem.llm.Usage.of(9, 8), "stop", "refuser",
                        "I can't book flights for someone else.");
            }

            @Override
            public ChatResponse stream(ChatRequest request, StreamListener listener) {
                return chat(request);
            }
        };
        try (OpenAiWireServer server = OpenAiWireServer.start(refusing)) {
            OpenAiChatModel client = client(server);

            ChatResponse viaChat = client.chat(REQUEST);
            ChatResponse viaStream = client.stream(REQUEST, StreamListener.NONE);

            assertThat(withoutId(viaChat)).isEqualTo(refusing.chat(REQUEST));
            assertThat(withoutId(viaStream)).isEqualTo(withoutId(viaChat));
        }
    }

    @Test
    void theServedModelReceivesTheConversationWithToolCallsResultsAndTools() {
        ScriptedChatModel scripted = ScriptedChatModel.builder().replyWithText("Booked: BK-1").build();
        ChatRequest followUp = REQUEST.withStrictTools(true).withMessages(List.of(
                ChatMessage.user("Book GRU-LIS"),
                ChatMessage.assistant("", List.of(CALL)),
                ChatMessage.toolResult("call_1", "book_flight", "{\"booking\":\"BK-1\"}")));
        try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
            client(server).chat(followUp);
        }
        ChatRequest received = scripted.requests().get(0);
        assertThat(received.messages()).containsExactlyElementsOf(followUp.messages());
        assertThat(received.strictTools()).isTrue();
        assertThat(received.tools()).singleElement().satisfies(tool -> {
            assertThat(tool.name()).isEqualTo("book_flight");
            assertThat(tool.description()).isEqualTo("Books a flight");
            assertThat(tool.strictSchema()).contains("additionalProperties");
        });
    }

    @Test
    void aScriptedHttpErrorReachesTheClientWithStatusBodyAndRetryAfter() {
        ScriptedChatModel scripted = ScriptedChatModel.builder()
                .fail(new ProviderHttpException(429, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit_error\"}}",
                        Map.of("Retry-After", List.of("2"), "x-should-retry", List.of("true"))))
                .build();
        try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
            assertThatThrownBy(() -> client(server).chat(REQUEST))
                    .isInstanceOfSatisfying(ProviderHttpException.class, e -> {
                        assertThat(e.status()).isEqualTo(429);
                        assertThat(e.body()).contains("rate_limit_error");
                        assertThat(e.header("retry-after")).isEqualTo("2");
                        assertThat(e.header("X-Should-Retry")).isEqualTo("true");
                    });
        }
    }

    @Test
    void aScriptedTimeoutIsARealReadTimeoutAtTheClient() {
        ScriptedChatModel scripted = ScriptedChatModel.builder().fail(new HttpTimeoutException("scripted")).build();
        try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
            OpenAiChatModel client = OpenAiChatModel.builder().baseUrl(server.baseUrl())
                    .requestTimeout(Duration.ofMillis(150)).build();
            assertThatThrownBy(() -> client.chat(REQUEST))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasCauseInstanceOf(HttpTimeoutException.class);
        }
    }

    @Test
    void aScriptedCutOffIsAStreamEndingMidAnswerAtTheClient() {
        ProviderResponseException cut = new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED, "cut", null);
        ScriptedChatModel scripted = ScriptedChatModel.builder().fail(cut).fail(cut).build();
        try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
            assertThatThrownBy(() -> client(server).stream(REQUEST, StreamListener.NONE))
                    .isInstanceOfSatisfying(ProviderResponseException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN);
                        assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
                    });
            assertThatThrownBy(() -> client(server).chat(REQUEST))
                    .isInstanceOfSatisfying(ProviderResponseException.class,
                            e -> assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED));
        }
    }

    @Test
    void scriptedEmptyAndMalformedAnswersArriveAsEmptyResponseAndFormatError() {
        ScriptedChatModel scripted = ScriptedChatModel.builder()
                .fail(new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN, "empty", null))
                .fail(new ProviderResponseException(ErrorKind.FORMAT_ERROR, DispatchPhase.MAYBE_PROCESSED, "garbage", null))
                .build();
        try (OpenAiWireServer server = OpenAiWireServer.start(scripted)) {
            assertThatThrownBy(() -> client(server).chat(REQUEST))
                    .isInstanceOfSatisfying(ProviderResponseException.class,
                            e -> assertThat(e.kind()).isEqualTo(ErrorKind.EMPTY_RESPONSE));
            assertThatThrownBy(() -> client(server).stream(REQUEST, StreamListener.NONE))
                    .isInstanceOfSatisfying(ProviderResponseException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.FORMAT_ERROR);
                        assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
                    });
        }
    }

    /** The answer as the script gave it: the wire adds only the server's id. */
    private static ChatResponse withoutId(ChatResponse response) {
        return new ChatResponse(response.message(), response.usage(), response.finishReason(), response.model(),
                response.refusal());
    }
}
