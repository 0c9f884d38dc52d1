package dev.idem.openai;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.http.Fault;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class OpenAiChatModelWireTest {

    private static final String PATH = "/v1/chat/completions";
    private static final String STRICT_SCHEMA =
            "{\"type\":\"object\",\"properties\":{\"from\":{\"type\":\"string\"}},\"required\":[\"from\"],\"additionalProperties\":false}";
    private static final ToolDescriptor BOOK = ToolDescriptor.builder("book_flight")
            .description("Books a flight")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"from\":{\"type\":\"string\"}}}")
            .strictSchema(STRICT_SCHEMA)
            .build();
    private static final ToolDescriptor NOTES = ToolDescriptor.builder("save_notes")
            .inputSchema("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}")
            .build();
    private static final ChatRequest ASK = ChatRequest.of(List.of(ChatMessage.user("Book GRU-LIS")), List.of(BOOK));

    private static WireMockServer wire;

    @BeforeAll
    static void startServer() {
        wire = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        wire.start();
    }

    @AfterAll
    static void stopServer() {
        wire.stop();
    }

    @BeforeEach
    void reset() {
        wire.resetAll();
    }

    private static OpenAiChatModel client() {
        return OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + wire.port() + "/v1/").apiKey("sk-test")
                .model("gpt-test").requestTimeout(Duration.ofSeconds(5)).build();
    }

    private static void answer(ResponseDefinitionBuilder response) {
        wire.stubFor(post(urlEqualTo(PATH)).willReturn(response));
    }

    private static ResponseDefinitionBuilder events(String... lines) {
        return aResponse().withStatus(200).withHeader("Content-Type", "text/event-stream")
                .withBody(String.join("\n", lines) + "\n");
    }

    private static JsonNode sentBody() {
        return WireFormat.JSON.readTree(wire.getAllServeEvents().get(0).getRequest().getBodyAsString());
    }

    private static final String TEXT_ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-test-0613\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Hello\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":2,\"total_tokens\":11}}";

    @Test
    void requestCarriesConversationToolCallsToolResultsStrictToolsAndBearerToken() {
        answer(aResponse().withStatus(200).withBody(TEXT_ANSWER));
        ChatRequest request = new ChatRequest(List.of(
                ChatMessage.system("You book."),
                ChatMessage.user("Book GRU-LIS"),
                ChatMessage.assistant("", List.of(new ToolCall("call_1", "book_flight", "{\"from\":\"GRU\""))),
                ChatMessage.toolError("call_1", "book_flight", "arguments are not valid JSON")),
                List.of(BOOK, NOTES), true, 0.2, 256);

        client().chat(request);

        wire.verify(postRequestedFor(urlEqualTo(PATH))
                .withHeader("Authorization", equalTo("Bearer sk-test"))
                .withHeader("Content-Type", containing("application/json")));
        JsonNode body = sentBody();
        assertThat(body.get("model").stringValue()).isEqualTo("gpt-test");
        assertThat(body.has("stream")).isFalse();
        assertThat(body.get("temperature").asDouble()).isEqualTo(0.2);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(256);
        JsonNode messages = body.get("messages");
        assertThat(messages.get(0).get("role").stringValue()).isEqualTo("system");
        JsonNode assistant = messages.get(2);
        assertThat(assistant.get("content").isNull()).isTrue();
        JsonNode call = assistant.get("tool_calls").get(0);
        assertThat(call.get("id").stringValue()).isEqualTo("call_1");
        assertThat(call.get("type").stringValue()).isEqualTo("function");
        assertThat(call.get("function").get("name").stringValue()).isEqualTo("book_flight");
        assertThat(call.get("function").get("arguments").stringValue()).isEqualTo("{\"from\":\"GRU\"");
        JsonNode result = messages.get(3);
        assertThat(result.get("role").stringValue()).isEqualTo("tool");
        assertThat(result.get("tool_call_id").stringValue()).isEqualTo("call_1");
        assertThat(result.get("content").stringValue()).isEqualTo("arguments are not valid JSON");
        JsonNode strictTool = body.get("tools").get(0);
        assertThat(strictTool.get("type").stringValue()).isEqualTo("function");
        assertThat(strictTool.get("function").get("strict").asBoolean()).isTrue();
        assertThat(strictTool.get("function").get("parameters")).isEqualTo(WireFormat.JSON.readTree(STRICT_SCHEMA));
        JsonNode mapTool = body.get("tools").get(1).get("function");
        assertThat(mapTool.has("strict")).as("a tool without a strict schema is sent loose").isFalse();
        assertThat(mapTool.get("parameters").get("additionalProperties").isObject()).isTrue();
    }

    @Test
    void looseRequestSendsTheInputSchemaWithoutStrictAndNoKeyMeansNoAuthorization() {
        answer(aResponse().withStatus(200).withBody(TEXT_ANSWER));
        OpenAiChatModel keyless = OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + wire.port() + "/v1").build();

        keyless.chat(ASK);

        JsonNode function = sentBody().get("tools").get(0).get("function");
        assertThat(function.has("strict")).isFalse();
        assertThat(function.get("parameters").has("additionalProperties")).isFalse();
        assertThat(function.get("description").stringValue()).isEqualTo("Books a flight");
        assertThat(wire.getAllServeEvents().get(0).getRequest().containsHeader("Authorization")).isFalse();
    }

    @Test
    void nonStreamedAnswerIsReadWithToolCallsFinishReasonUsageAndModel() {
        answer(aResponse().withStatus(200).withBody("{\"id\":\"chatcmpl-2\",\"model\":\"gpt-test-0613\",\"choices\":[{\"index\":0,"
                + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_9\",\"type\":\"function\","
                + "\"function\":{\"name\":\"book_flight\",\"arguments\":\"{\\\"from\\\":\\\"GRU\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}],"
                + "\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":7,\"total_tokens\":27}}"));

        ChatResponse response = client().chat(ASK);

        assertThat(response.toolCalls()).containsExactly(new ToolCall("call_9", "book_flight", "{\"from\":\"GRU\"}"));
        assertThat(response.text()).isEmpty();
        assertThat(response.finishReason()).isEqualTo("tool_calls");
        assertThat(response.usage()).isEqualTo(new Usage(20, 7, 27));
        assertThat(response.model()).isEqualTo("gpt-test-0613");
    }

    @Test
    void argumentsSentAsAnObjectByACompatibleServerAreKeptAsJsonText() {
        answer(aResponse().withStatus(200).withBody("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"\","
                + "\"tool_calls\":[{\"function\":{\"name\":\"book_flight\",\"arguments\":{\"from\":\"GRU\"}}}]},\"finish_reason\":\"tool_calls\"}]}"));

        ChatResponse response = client().chat(ASK);

        assertThat(response.toolCalls()).containsExactly(new ToolCall("call_0", "book_flight", "{\"from\":\"GRU\"}"));
        assertThat(response.usage()).isEqualTo(Usage.ZERO);
        assertThat(response.model()).isEqualTo("gpt-test");
    }

    @Test
    void errorAnswerSurfacesStatusBodyAndRetryHintsUntouched() {
        String body = "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}";
        answer(aResponse().withStatus(429).withBody(body).withHeader("Retry-After", "7")
                .withHeader("retry-after-ms", "6500").withHeader("x-should-retry", "true"));

        assertThatThrownBy(() -> client().chat(ASK)).isInstanceOfSatisfying(ProviderHttpException.class, e -> {
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.body()).isEqualTo(body);
            assertThat(e.header("retry-after")).isEqualTo("7");
            assertThat(e.header("Retry-After-Ms")).isEqualTo("6500");
            assertThat(e.header("x-should-retry")).isEqualTo("true");
        });
        assertThat(wire.getAllServeEvents()).as("the client never retries").hasSize(1);
    }

    @Test
    void errorAnswerToAStreamedRequestSurfacesTheSameWay() {
        answer(aResponse().withStatus(503).withBody("{\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}"));

        assertThatThrownBy(() -> client().stream(ASK, StreamListener.NONE)).isInstanceOfSatisfying(ProviderHttpException.class, e -> {
            assertThat(e.status()).isEqualTo(503);
            assertThat(e.body()).contains("overloaded");
        });
        assertThat(wire.getAllServeEvents()).hasSize(1);
    }

    @Test
    void streamedToolCallDeltasSplitMidArgumentsAreAssembledByIndex() {
        answer(events(
                ": keep-alive",
                "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-test-0613\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Booking \"},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"fr\"}}]},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\",\"function\":{\"name\":\"save_notes\",\"arguments\":\"{}\"}}]},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"om\\\":\\\"GR\"}}]},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"U\\\"}\"}}]},\"finish_reason\":null}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
                "",
                "data: {\"id\":\"c\",\"choices\":[],\"usage\":{\"prompt_tokens\":30,\"completion_tokens\":12,\"total_tokens\":42}}",
                "",
                "data: [DONE]",
                ""));
        List<String> seen = new ArrayList<>();

        ChatResponse response = client().stream(ASK, new StreamListener() {
            @Override
            public void onText(String delta) {
                seen.add("text:" + delta);
            }

            @Override
            public void onToolCallStart(int index, String id, String name) {
                seen.add("start:" + index + ":" + id + ":" + name);
            }

            @Override
            public void onToolCallArguments(int index, String fragment) {
                seen.add("args:" + index + ":" + fragment);
            }
        });

        assertThat(response.text()).isEqualTo("Booking ");
        assertThat(response.toolCalls()).containsExactly(
                new ToolCall("call_a", "book_flight", "{\"from\":\"GRU\"}"),
                new ToolCall("call_b", "save_notes", "{}"));
        assertThat(response.finishReason()).isEqualTo("tool_calls");
        assertThat(response.usage()).isEqualTo(new Usage(30, 12, 42));
        assertThat(response.model()).isEqualTo("gpt-test-0613");
        assertThat(seen).containsExactly("text:Booking ", "start:0:call_a:book_flight", "args:0:{\"fr",
                "start:1:call_b:save_notes", "args:1:{}", "args:0:om\":\"GR", "args:0:U\"}");
        JsonNode body = sentBody();
        assertThat(body.get("stream").asBoolean()).isTrue();
        assertThat(body.get("stream_options").get("include_usage").asBoolean()).isTrue();
    }

    @Test
    void streamEndingInTheMiddleOfAToolCallMayHaveBeenProcessed() {
        answer(events(
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}",
                "",
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"fr\"}}]},\"finish_reason\":null}]}",
                ""));

        assertThatThrownBy(() -> client().stream(ASK, StreamListener.NONE)).isInstanceOfSatisfying(ProviderResponseException.class, e -> {
            assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN);
            assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
            assertThat(e.getMessage()).contains("book_flight");
        });
    }

    @Test
    void streamWithAFinishReasonButNoDoneIsStillIncomplete() {
        answer(events(
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}",
                ""));

        assertThatThrownBy(() -> client().stream(ASK, StreamListener.NONE)).isInstanceOfSatisfying(ProviderResponseException.class,
                e -> assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED));
    }

    @Test
    void answerWithoutChoicesOrWithAnEmptyBodyIsAnEmptyResponse() {
        answer(aResponse().withStatus(200).withBody("{\"id\":\"x\",\"choices\":[]}"));
        assertThatThrownBy(() -> client().chat(ASK)).isInstanceOfSatisfying(ProviderResponseException.class, e -> {
            assertThat(e.kind()).isEqualTo(ErrorKind.EMPTY_RESPONSE);
            assertThat(e.phase()).isEqualTo(DispatchPhase.UNKNOWN);
        });

        answer(aResponse().withStatus(200));
        assertThatThrownBy(() -> client().chat(ASK)).isInstanceOfSatisfying(ProviderResponseException.class,
                e -> assertThat(e.kind()).isEqualTo(ErrorKind.EMPTY_RESPONSE));
    }

    @Test
    void malformedJsonIsAFormatErrorTheProviderMayHaveProcessed() {
        answer(aResponse().withStatus(200).withBody("{\"choices\":[{\"message\":"));

        assertThatThrownBy(() -> client().chat(ASK)).isInstanceOfSatisfying(ProviderResponseException.class, e -> {
            assertThat(e.kind()).isEqualTo(ErrorKind.FORMAT_ERROR);
            assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        });
    }

    @Test
    void connectionResetBeforeAnyAnswerPropagatesTheTransportException() {
        answer(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER));

        assertThatThrownBy(() -> client().chat(ASK))
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(IOException.class);
        assertThat(wire.getAllServeEvents()).hasSize(1);
    }

    @Test
    void garbageAfterTheStatusLineIsAResponseCutOffAfterProcessing() {
        answer(aResponse().withStatus(200).withFault(Fault.MALFORMED_RESPONSE_CHUNK));

        assertThatThrownBy(() -> client().chat(ASK)).isInstanceOfSatisfying(ProviderResponseException.class, e -> {
            assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN);
            assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        });
        assertThatThrownBy(() -> client().stream(ASK, StreamListener.NONE)).isInstanceOfSatisfying(ProviderResponseException.class,
                e -> assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED));
    }

    @Test
    void answerSlowerThanTheRequestTimeoutFailsWithHttpTimeoutException() {
        answer(aResponse().withStatus(200).withBody(TEXT_ANSWER).withFixedDelay(600));
        OpenAiChatModel impatient = OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + wire.port() + "/v1")
                .requestTimeout(Duration.ofMillis(100)).build();

        assertThatThrownBy(() -> impatient.chat(ASK)).isInstanceOf(UncheckedIOException.class).hasCauseInstanceOf(HttpTimeoutException.class);
        assertThatThrownBy(() -> impatient.stream(ASK, StreamListener.NONE))
                .isInstanceOf(UncheckedIOException.class).hasCauseInstanceOf(HttpTimeoutException.class);
    }

    @Test
    void closedPortFailsWithConnectException() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        OpenAiChatModel nobodyHome = OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + port + "/v1").build();

        assertThatThrownBy(() -> nobodyHome.chat(ASK)).isInstanceOf(UncheckedIOException.class).hasCauseInstanceOf(ConnectException.class);
    }

    @Test
    void chatAsyncFailsTheStageWithTheSameExceptionChatThrows() {
        answer(aResponse().withStatus(500).withBody("{\"error\":{\"message\":\"boom\"}}"));

        assertThat(client().chatAsync(ASK).toCompletableFuture())
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(ProviderHttpException.class, e -> assertThat(e.status()).isEqualTo(500));
    }

    @Test
    void streamRequestAnsweredInOnePieceIsStillAssembled() {
        answer(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(TEXT_ANSWER));

        assertThat(client().stream(ASK, StreamListener.NONE).text()).isEqualTo("Hello");
    }

    @Test
    void environmentSuppliesKeyBaseUrlAndModel() {
        OpenAiChatModel model = OpenAiChatModel.fromEnvironment(Map.of(
                "OPENAI_API_KEY", "sk-env", "OPENAI_BASE_URL", "http://localhost:11434/v1/", "OPENAI_MODEL", "llama3.1")).build();
        OpenAiChatModel defaults = OpenAiChatModel.fromEnvironment(Map.of()).build();

        assertThat(model.baseUrl()).isEqualTo("http://localhost:11434/v1");
        assertThat(model.model()).isEqualTo("llama3.1");
        assertThat(defaults.baseUrl()).isEqualTo(OpenAiChatModel.DEFAULT_BASE_URL);
        assertThat(defaults.model()).isEqualTo(OpenAiChatModel.DEFAULT_MODEL);
    }

    @Test
    void nonPositiveTimeoutsAreRejectedNamingTheField() {
        assertThatThrownBy(() -> OpenAiChatModel.builder().requestTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("requestTimeout");
    }

}
