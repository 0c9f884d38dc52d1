package dev.idem.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.tool.ToolCall;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolDescriptor;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;
import tools.jackson.databind.JsonNode;

/**
 * Real answers of OpenAI-compatible providers, recorded in public repositories' tests and kept in
 * {@code ../shared/provider-payloads} (never copied here): each is served on loopback with its
 * recorded status, headers and body bytes, read by the real {@link OpenAiChatModel} (chat or
 * stream, as recorded) through the real {@link ModelCallDriver}, and checked against the case's
 * expectation: the assembled message (text, refusal, tool calls with ids and exact argument
 * text, finish reason, usage, model) or the failure's kind and the driver's first decision.
 *
 * <p>Skipped, with a message, where the folder is absent. Cases whose recorded expectation we
 * believe wrong are listed in {@link #KNOWN_FAILING} with the reason; they must still fail (a
 * listed case that passes fails the test, so the list cannot go stale).
 */
class ProviderPayloadReplayTest {

    /** Case id ({@code provider/case}) to the reason its expectation is not met on purpose. */
    static final Map<String, String> KNOWN_FAILING = Map.of();

    private static final ToolDescriptor TOOL = ToolDescriptor.builder("replayed_tool")
            .description("Stands for the tools the recorded request offered")
            .inputSchema("{\"type\":\"object\",\"properties\":{}}")
            .build();
    private static final List<ChatMessage> CONVERSATION = List.of(ChatMessage.user("Replay the recorded answer"));

    private static HttpServer server;

    @BeforeAll
    static void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.start();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
    }

    @TestFactory
    Stream<DynamicTest> everyRecordedProviderAnswerIsReadAsTheProviderMeantIt() {
        Optional<Path> root = ProviderPayloads.locate();
        assumeTrue(root.isPresent(), () -> "provider payloads not found: no shared/provider-payloads beside the "
                + "checkout (walking up from " + Path.of("").toAbsolutePath() + ") and no -D"
                + ProviderPayloads.PROPERTY + "; the replay needs the recorded answers and is skipped");
        List<ProviderPayloads.Case> cases = ProviderPayloads.cases(root.get());
        assertThat(cases).as("recorded cases under %s", root.get()).isNotEmpty();
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.provider() + " " + c.id(), () -> replayChecked(c)));
    }

    private static void replayChecked(ProviderPayloads.Case recorded) {
        String knownReason = KNOWN_FAILING.get(recorded.id());
        if (knownReason == null) {
            replay(recorded);
            return;
        }
        try {
            replay(recorded);
        } catch (AssertionError expected) {
            abort("known to differ from the recording: " + knownReason + " (" + expected.getMessage() + ")");
        }
        throw new AssertionFailedError(recorded.id() + " is listed as known-failing but now meets its expectation: "
                + "remove it from KNOWN_FAILING");
    }

    private static void replay(ProviderPayloads.Case recorded) {
        Played played = play(recorded);
        JsonNode expect = recorded.spec().path("expect");
        String outcome = expect.path("outcome").asString();
        if (outcome.equals("response")) {
            assertThat(played.surfaced).as("%s: surfaced failure", recorded.id()).isNull();
            assertThat(played.failures).as("%s: failed attempts before the answer", recorded.id()).isEmpty();
            checkResponse(recorded.id(), expect, played.answer);
        } else {
            assertThat(played.failures).as("%s: a failure was seen", recorded.id()).isNotEmpty();
            checkFailure(recorded.id(), expect, played.failures.get(0), played.decisions.get(0));
        }
    }

    private static void checkResponse(String id, JsonNode expect, ChatResponse answer) {
        assertThat(answer.text()).as("%s: text", id).isEqualTo(expect.path("text").asString());
        assertThat(answer.refusal()).as("%s: refusal", id).isEqualTo(expect.path("refusal").asString(""));
        assertThat(answer.finishReason()).as("%s: finish reason", id).isEqualTo(expect.path("finish_reason").asString());
        assertThat(answer.model()).as("%s: model", id).isEqualTo(expect.path("model").asString());
        JsonNode usage = expect.path("usage");
        assertThat(List.of(answer.usage().promptTokens(), answer.usage().completionTokens(), answer.usage().totalTokens()))
                .as("%s: usage", id)
                .containsExactly(usage.path(0).asLong(), usage.path(1).asLong(), usage.path(2).asLong());
        JsonNode calls = expect.path("tool_calls");
        assertThat(answer.toolCalls()).as("%s: tool calls", id).hasSize(calls.size());
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < calls.size(); i++) {
            JsonNode call = calls.get(i);
            ToolCall actual = answer.toolCalls().get(i);
            assertThat(actual.name()).as("%s: call %d name", id, i).isEqualTo(call.path("name").asString());
            assertThat(actual.argumentsJson()).as("%s: call %d arguments", id, i)
                    .isEqualTo(call.path("arguments").asString());
            if (call.path("id").isString()) {
                assertThat(actual.id()).as("%s: call %d id", id, i).isEqualTo(call.path("id").asString());
            } else {
                assertThat(actual.id()).as("%s: call %d id (none usable recorded: one is generated)", id, i)
                        .isNotBlank();
            }
            assertThat(ids.add(actual.id())).as("%s: call id %s unique in the message", id, actual.id()).isTrue();
        }
    }

    private static void checkFailure(String id, JsonNode expect, ModelFailure failure, FailoverDecision decision) {
        List<String> kinds = new ArrayList<>();
        for (JsonNode kind : expect.path("kind_any")) {
            kinds.add(kind.asString());
        }
        if (kinds.isEmpty()) {
            kinds.add(expect.path("kind").asString());
        }
        assertThat(failure.kind().name()).as("%s: kind (%s)", id, failure.message()).isIn(kinds);
        JsonNode expected = expect.path("decision");
        assertThat(decision.action().name()).as("%s: first decision (%s)", id, decision)
                .isEqualTo(expected.path("action").asString());
        if (expected.has("reason")) {
            assertThat(decision.because()).as("%s: first decision's reason", id)
                    .isEqualTo(expected.path("reason").asString());
        }
    }

    /** Everything one call through the driver showed. */
    private static final class Played {
        final List<ModelFailure> failures = new ArrayList<>();
        final List<FailoverDecision> decisions = new ArrayList<>();
        ChatResponse answer;
        ModelCallException surfaced;
    }

    private static Played play(ProviderPayloads.Case recorded) {
        JsonNode spec = recorded.spec();
        String path = "/" + recorded.id() + "/v1";
        byte[] body = recorded.body();
        int status = spec.path("status").asInt();
        server.createContext(path + "/chat/completions", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                for (Map.Entry<String, JsonNode> header : spec.path("headers").properties()) {
                    exchange.getResponseHeaders().add(header.getKey(), header.getValue().asString());
                }
                exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        try {
            OpenAiChatModel model = OpenAiChatModel.builder()
                    .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + path)
                    .apiKey("sk-replay").model("replay-model")
                    .connectTimeout(Duration.ofSeconds(5)).requestTimeout(Duration.ofSeconds(10)).build();
            boolean tools = spec.path("tools_exposed").asBoolean();
            ChatRequest request = tools ? ChatRequest.of(CONVERSATION, List.of(TOOL)) : ChatRequest.of(CONVERSATION);
            Played played = new Played();
            ModelCallDriver driver = ModelCallDriver.builder()
                    .policy(FailoverPolicy.builder().jitterFactor(0).build())
                    .sleeper(Sleeper.recording(millis -> { }))
                    .listener((attempt, failure, decision) -> {
                        played.failures.add(failure);
                        played.decisions.add(decision);
                    })
                    .build();
            try {
                played.answer = spec.path("mode").asString().equals("stream")
                        ? driver.stream(List.of(model), tools, m -> m.stream(request, StreamListener.NONE), m -> m.chat(request))
                        : driver.call(List.of(model), tools, m -> m.chat(request));
            } catch (ModelCallException surfaced) {
                played.surfaced = surfaced;
            }
            return played;
        } finally {
            server.removeContext(path + "/chat/completions");
        }
    }
}
