package dev.idem.openai;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.llm.failover.ModelErrorClassifier;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the OpenAI-compatible client reads the answers real providers give beyond the plain shape:
 * refusals, errors inside a 200 stream, usage in odd places, tool calls without usable ids or all
 * streamed at one index. Each test is one rule, with answers written for it.
 */
class ProviderAnswerRulesTest {

    private static final String PATH = "/v1/chat/completions";
    private static final ToolDescriptor BOOK = ToolDescriptor.builder("book_flight")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"from\":{\"type\":\"string\"}}}")
            .build();
    private static final ChatRequest ASK = ChatRequest.of(List.of(ChatMessage.user("Book GRU-LIS")), List.of(BOOK));
    private static final ChatRequest PLAIN = ChatRequest.of(List.of(ChatMessage.user("Say hi")));

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
        return OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + wire.port() + "/v1").apiKey("sk-test")
                .model("gpt-test").requestTimeout(Duration.ofSeconds(5)).build();
    }

    private static void answer(ResponseDefinitionBuilder response) {
        wire.stubFor(post(urlEqualTo(PATH)).willReturn(response));
    }

    private static ResponseDefinitionBuilder json(String body) {
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body);
    }

    private static ResponseDefinitionBuilder events(String... data) {
        StringBuilder body = new StringBuilder();
        for (String line : data) {
            body.append(line.startsWith("event:") || line.startsWith(":") ? line : "data: " + line).append('\n');
            if (!line.startsWith("event:")) {
                body.append('\n');
            }
        }
        return aResponse().withStatus(200).withHeader("Content-Type", "text/event-stream").withBody(body.toString());
    }

    private static String chunk(String delta, String finishReason) {
        return "{\"id\":\"c\",\"model\":\"gpt-test-1\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":"
                + (finishReason == null ? "null" : "\"" + finishReason + "\"") + "}]}";
    }

    // --- refusals ---

    @Test
    void aRefusalIsAnAnswerCarriedOnTheResponseAndNeverRetried() {
        answer(json("{\"model\":\"gpt-test-1\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
                + "\"refusal\":\"I can't help with that.\"},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":6,\"total_tokens\":16}}"));
        List<FailoverDecision> decisions = new ArrayList<>();
        ModelCallDriver driver = ModelCallDriver.builder().listener((attempt, failure, decision) -> decisions.add(decision))
                .build();

        ChatResponse chat = driver.call(List.of(client()), true, m -> m.chat(ASK));

        assertThat(chat.refused()).isTrue();
        assertThat(chat.refusal()).isEqualTo("I can't help with that.");
        assertThat(chat.text()).isEmpty();
        assertThat(chat.usage()).isEqualTo(new Usage(10, 6, 16));
        assertThat(decisions).as("an answer, not a failure to retry").isEmpty();
        assertThat(wire.getAllServeEvents()).hasSize(1);

        wire.resetAll();
        answer(events(chunk("{\"role\":\"assistant\",\"content\":null,\"refusal\":\"\"}", null),
                chunk("{\"refusal\":\"I can't \"}", null), chunk("{\"refusal\":\"help with that.\"}", null),
                chunk("{}", "stop"), "[DONE]"));
        List<String> pieces = new ArrayList<>();

        StreamListener listener = new StreamListener() {
            @Override
            public void onRefusal(String delta) {
                pieces.add(delta);
            }
        };
        ChatResponse streamed = driver.stream(List.of(client()), true, m -> m.stream(ASK, listener), m -> m.chat(ASK));

        assertThat(streamed.refusal()).isEqualTo(chat.refusal());
        assertThat(pieces).containsExactly("I can't ", "help with that.");
        assertThat(decisions).isEmpty();
        assertThat(wire.getAllServeEvents()).hasSize(1);
    }

    // --- errors inside a 200 stream ---

    @Test
    void anErrorInsideA200StreamIsClassifiedByItsEmbeddedStatusAndCode() {
        ModelErrorClassifier classifier = new ModelErrorClassifier();

        answer(events("{\"error\":{\"code\":429,\"message\":\"Rate limit exceeded: free-models-per-min\"}}"));
        ProviderHttpException first = catchThrowableOfType(ProviderHttpException.class,
                () -> client().stream(PLAIN, StreamListener.NONE));
        assertThat(first.status()).isEqualTo(429);
        assertThat(first.partialAnswer()).as("nothing came before it").isFalse();
        ModelFailure rateLimited = classifier.classify(first);
        assertThat(rateLimited.kind()).isEqualTo(ErrorKind.RATE_LIMIT);
        assertThat(rateLimited.phase()).isEqualTo(DispatchPhase.UNKNOWN);

        answer(events(chunk("{\"role\":\"assistant\",\"content\":\"Let me\"}", null), "event: error",
                "{\"error\":{\"message\":\"Tool call validation failed\",\"type\":\"invalid_request_error\","
                        + "\"code\":\"tool_use_failed\",\"status_code\":400}}"));
        ProviderHttpException cut = catchThrowableOfType(ProviderHttpException.class,
                () -> client().stream(ASK, StreamListener.NONE));
        assertThat(cut.status()).isEqualTo(400);
        assertThat(cut.partialAnswer()).isTrue();
        ModelFailure toolUse = classifier.classify(cut);
        assertThat(toolUse.kind()).isEqualTo(ErrorKind.UNKNOWN);
        assertThat(toolUse.phase()).as("the answer was cut short").isEqualTo(DispatchPhase.MAYBE_PROCESSED);

        answer(events(chunk("{\"content\":\"Hel\"}", null),
                "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"));
        assertThat(classifier.classify(catchThrowableOfType(ProviderHttpException.class,
                () -> client().stream(PLAIN, StreamListener.NONE))).kind()).isEqualTo(ErrorKind.OVERLOADED);

        answer(events(chunk("{\"content\":\"Hel\"}", null), "event: error", "upstream connection lost"));
        ProviderHttpException plainText = catchThrowableOfType(ProviderHttpException.class,
                () -> client().stream(PLAIN, StreamListener.NONE));
        assertThat(plainText.status()).isEqualTo(200);
        assertThat(plainText.body()).isEqualTo("upstream connection lost");
    }

    @Test
    void anErrorAnswerSentWithStatus200IsClassifiedByTheStatusItStates() {
        answer(json("{\"error\":{\"code\":502,\"message\":\"Provider returned error\",\"metadata\":{\"provider_name\":\"X\"}},"
                + "\"user_id\":\"u1\"}"));

        ProviderHttpException error = catchThrowableOfType(ProviderHttpException.class, () -> client().chat(PLAIN));

        assertThat(error.status()).isEqualTo(502);
        assertThat(error.partialAnswer()).isFalse();
        assertThat(new ModelErrorClassifier().classify(error).kind()).isEqualTo(ErrorKind.OVERLOADED);
    }

    @Test
    void anErrorInsideA200StreamOnAToolTurnAfterPartOfTheAnswerIsNeverReplayed() {
        answer(events(chunk("{\"role\":\"assistant\",\"content\":\"\"}", null), "event: error",
                "{\"error\":{\"message\":\"Tool call validation failed\",\"type\":\"invalid_request_error\","
                        + "\"code\":\"tool_use_failed\",\"status_code\":400}}"));

        ModelCallException surfaced = catchThrowableOfType(ModelCallException.class, () -> ModelCallDriver.create()
                .stream(List.of(client()), true, m -> m.stream(ASK, StreamListener.NONE), m -> m.chat(ASK)));

        assertThat(surfaced.decision().reason()).isEqualTo(FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN);
        assertThat(surfaced.failure().status()).hasValue(400);
        assertThat(wire.getAllServeEvents()).hasSize(1);
    }

    // --- usage ---

    @Test
    void usageReportedOnlyUnderXGroqIsRead() {
        answer(events(chunk("{\"role\":\"assistant\",\"content\":\"Hi\"}", null),
                "{\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
                        + "\"x_groq\":{\"id\":\"req_1\",\"usage\":{\"prompt_tokens\":21,\"completion_tokens\":9,\"total_tokens\":30}}}",
                "[DONE]"));
        assertThat(client().stream(PLAIN, StreamListener.NONE).usage()).isEqualTo(new Usage(21, 9, 30));

        answer(json("{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Hi\"},\"finish_reason\":\"stop\"}],"
                + "\"x_groq\":{\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":1,\"total_tokens\":5}}}"));
        assertThat(client().chat(PLAIN).usage()).isEqualTo(new Usage(4, 1, 5));
    }

    // --- tool-call ids and indexes ---

    @Test
    void aToolCallWithoutAUsableIdGetsOneGeneratedIdUniqueInItsMessageTheSameStreamedOrNot() {
        answer(json("{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":["
                + "{\"id\":\"\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{}\"}},"
                + "{\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{}\"}},"
                + "{\"id\":\"call_0\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{}\"}}]},"
                + "\"finish_reason\":\"tool_calls\"}]}"));
        List<String> chatIds = client().chat(ASK).toolCalls().stream().map(ToolCall::id).toList();

        answer(events(
                chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{}\"}}]}", null),
                chunk("{\"tool_calls\":[{\"index\":1,\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{}\"}}]}", null),
                chunk("{\"tool_calls\":[{\"index\":2,\"id\":\"call_0\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{}\"}}]}", null),
                chunk("{}", "tool_calls"), "[DONE]"));
        List<String> streamedIds = client().stream(ASK, StreamListener.NONE).toolCalls().stream().map(ToolCall::id).toList();

        assertThat(chatIds).allSatisfy(id -> assertThat(id).isNotBlank()).doesNotHaveDuplicates();
        assertThat(chatIds.get(2)).as("an id the provider gave is kept").isEqualTo("call_0");
        assertThat(streamedIds).isEqualTo(chatIds);
    }

    @Test
    void parallelCallsStreamedAllAtIndexZeroStaySeparateCalls() {
        answer(events(
                chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{\\\"from\\\":\"}}]}", null),
                chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"function\":{\"arguments\":\"\\\"GRU\\\"}\"}}]}", null),
                chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_b\",\"type\":\"function\",\"function\":{\"name\":\"book_flight\",\"arguments\":\"{\\\"from\\\":\"}}]}", null),
                chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"LIS\\\"}\"}}]}", null),
                chunk("{}", "tool_calls"), "[DONE]"));
        List<String> seen = new ArrayList<>();

        ChatResponse response = client().stream(ASK, new StreamListener() {
            @Override
            public void onToolCallStart(int index, String id, String name) {
                seen.add(index + ":" + id);
            }
        });

        assertThat(response.toolCalls()).containsExactly(
                new ToolCall("call_a", "book_flight", "{\"from\":\"GRU\"}"),
                new ToolCall("call_b", "book_flight", "{\"from\":\"LIS\"}"));
        assertThat(seen).containsExactly("0:call_a", "1:call_b");
    }
}
