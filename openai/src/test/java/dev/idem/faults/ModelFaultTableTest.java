package dev.idem.faults;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.FailoverDecision.Action;
import dev.idem.llm.failover.FailoverDecision.Reason;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every model-side fault of the fault-injection suite, played on loopback against the real
 * {@link OpenAiChatModel} and the real {@link ModelCallDriver}: what the failure is classified as,
 * what the driver decides on a turn with tools and on one without, and how many requests the
 * server actually received. The rule under test: a request the provider may have processed is
 * never replayed on a turn that exposes tools (PROVIDER_OUTCOME_UNKNOWN surfaces after exactly one
 * request), while failures before sending are retried.
 *
 * <p>Every fault here persists, so a retried call ends after {@code maxAttempts} (3) attempts;
 * waits are recorded, never slept.
 */
class ModelFaultTableTest {

    private static final int MAX_ATTEMPTS = 3;
    private static final String PATH = "/v1/chat/completions";
    private static final ToolDescriptor PIX = ToolDescriptor.builder("schedulePix")
            .description("Schedules a Pix transfer")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"cents\":{\"type\":\"integer\"}}}")
            .build();
    private static final List<ChatMessage> CONVERSATION = List.of(ChatMessage.user("Send 5 reais to ana@example.com"));
    private static final String TEXT_ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-test\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Done\"},\"finish_reason\":\"stop\"}]}";

    private static WireMockServer wire;

    @BeforeAll
    static void startServer() {
        // Jetty's default thread pool: a smaller one starves the TLS connector and the handshake
        // then times out instead of failing on the certificate.
        wire = new WireMockServer(WireMockConfiguration.options().dynamicPort().dynamicHttpsPort()
                .bindAddress("127.0.0.1"));
        wire.start();
        warmUpTls();
    }

    /**
     * The first TLS handshake of a JVM (and of Jetty's connector) can take longer than a connect
     * timeout on a busy machine, which would turn the certificate failure into a connect timeout.
     */
    private static void warmUpTls() {
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl("https://127.0.0.1:" + wire.httpsPort() + "/v1")
                .connectTimeout(Duration.ofSeconds(30)).build();
        try {
            model.chat(ChatRequest.of(CONVERSATION));
        } catch (RuntimeException expected) {
            // The certificate is rejected: that is the point; only the warm-up mattered.
        }
    }

    @AfterAll
    static void stopServer() {
        wire.stop();
    }

    @BeforeEach
    void reset() {
        wire.resetAll();
    }

    /** How the request travels: one non-streamed call, or a stream with the non-streamed fallback. */
    enum Transport { CHAT, STREAM }

    /**
     * What the driver does about one fault on one kind of turn.
     *
     * @param action       the first decision's action
     * @param why          why the first decision was taken: the failure's kind (its own rule decided), or
     *                     the {@link Reason} that overrode it
     * @param backoffMs    the first decision's wait
     * @param attempts     requests the client tried to send, in total
     * @param requestsSeen requests the server received, in total
     */
    record Expect(Action action, Enum<?> why, long backoffMs, int attempts, int requestsSeen) {
        static Expect retried(Enum<?> why, long backoffMs, int requestsSeen) {
            return new Expect(Action.RETRY, why, backoffMs, MAX_ATTEMPTS, requestsSeen);
        }

        static Expect surfaced(Enum<?> why) {
            return new Expect(Action.SURFACE_ERROR, why, 0, 1, 1);
        }
    }

    /**
     * Where the client is pointed, how many requests arrived there, and how long the client waits
     * for an answer. The JDK's request timeout also covers connecting and the TLS handshake (it
     * fires as "HTTP connect timed out" when it ends during a cold handshake), so only the
     * read-timeout fault gets a short one.
     */
    record Endpoint(String baseUrl, IntSupplier requestsSeen, AutoCloseable server, Duration requestTimeout,
            HttpClient transport) {
        Endpoint(String baseUrl, IntSupplier requestsSeen, AutoCloseable server) {
            this(baseUrl, requestsSeen, server, Duration.ofSeconds(10), null);
        }

        static Endpoint nowhere(String baseUrl) {
            return new Endpoint(baseUrl, () -> 0, () -> { });
        }

        static Endpoint silentAfterReading() {
            RawHttpServer server = RawHttpServer.start(RawHttpServer::silentAfterReading);
            return new Endpoint(server.baseUrl(), server::requests, server, Duration.ofMillis(300), null);
        }

        /** WireMock answers normally, but the client talks to it through {@code transport}. */
        static Endpoint through(HttpClient transport) {
            wire.stubFor(post(urlEqualTo(PATH)).willReturn(ok()));
            return new Endpoint("http://127.0.0.1:" + wire.port() + "/v1", () -> wire.getAllServeEvents().size(), () -> { },
                    Duration.ofSeconds(10), transport);
        }

        static Endpoint wireMock(ResponseDefinitionBuilder answer) {
            wire.stubFor(post(urlEqualTo(PATH)).willReturn(answer));
            return new Endpoint("http://127.0.0.1:" + wire.port() + "/v1", () -> wire.getAllServeEvents().size(), () -> { });
        }

        static Endpoint raw(RawHttpServer.Reply reply) {
            RawHttpServer server = RawHttpServer.start(reply);
            return new Endpoint(server.baseUrl(), server::requests, server);
        }
    }

    /** Sets up the server side of one fault. */
    @FunctionalInterface
    interface Setup {
        Endpoint arrange() throws Exception;
    }

    static Stream<Arguments> faults() {
        Expect notSentRetried = Expect.retried(ErrorKind.UNKNOWN, 1000, 0);
        Expect maybeProcessedNeverReplayed = Expect.surfaced(Reason.PROVIDER_OUTCOME_UNKNOWN);
        return Stream.of(
                row("connection refused", ModelFaultTableTest::closedPort, Transport.CHAT,
                        ErrorKind.UNKNOWN, DispatchPhase.NOT_SENT, notSentRetried, notSentRetried),
                row("unresolvable host", () -> Endpoint.nowhere("http://idem-test.invalid/v1"), Transport.CHAT,
                        ErrorKind.UNKNOWN, DispatchPhase.NOT_SENT, notSentRetried, notSentRetried),
                row("TLS handshake: untrusted certificate", () -> Endpoint.nowhere("https://127.0.0.1:" + wire.httpsPort() + "/v1"),
                        Transport.CHAT, ErrorKind.UNKNOWN, DispatchPhase.NOT_SENT, notSentRetried, notSentRetried),
                row("no response until the read timeout", Endpoint::silentAfterReading, Transport.CHAT,
                        ErrorKind.IDLE_TIMEOUT, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, Expect.retried(ErrorKind.IDLE_TIMEOUT, 2000, MAX_ATTEMPTS)),
                row("connection reset mid-body", () -> Endpoint.raw(RawHttpServer::resetMidBody), Transport.CHAT,
                        ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, Expect.retried(ErrorKind.UNKNOWN, 1000, MAX_ATTEMPTS)),
                row("truncated chunked body", () -> Endpoint.raw(RawHttpServer::truncatedChunkedBody), Transport.CHAT,
                        ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, Expect.retried(ErrorKind.UNKNOWN, 1000, MAX_ATTEMPTS)),
                // Without tools the cut stream is sent once more without streaming, which answers.
                row("SSE stream cut in the middle of a tool call", ModelFaultTableTest::streamCutInAToolCall, Transport.STREAM,
                        ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, new Expect(Action.RETRY, ErrorKind.UNKNOWN, 1000, 2, 2)),
                // The transport delivered the request, then named an early and a late phase: the late one wins.
                row("conflicting phase words: \"TLS handshake completed; read timeout\"",
                        () -> Endpoint.through(new ConflictingPhaseTransport()), Transport.CHAT,
                        ErrorKind.IDLE_TIMEOUT, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, Expect.retried(ErrorKind.IDLE_TIMEOUT, 2000, MAX_ATTEMPTS)),
                row("premature close: connection closed after the request, no answer",
                        () -> Endpoint.raw(RawHttpServer::closedAfterReading), Transport.CHAT,
                        ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, Expect.retried(ErrorKind.UNKNOWN, 1000, MAX_ATTEMPTS)),
                // Classified by the status and code it carries; after part of the answer it cut the answer short.
                row("error inside a 200 stream after part of the answer (code 429)",
                        () -> streamError(true, "{\"error\":{\"code\":429,\"message\":\"Rate limit exceeded: free-models-per-min\"}}"),
                        Transport.STREAM, ErrorKind.RATE_LIMIT, DispatchPhase.MAYBE_PROCESSED,
                        maybeProcessedNeverReplayed, new Expect(Action.RETRY, ErrorKind.RATE_LIMIT, 1000, 2, 2)),
                row("error inside a 200 stream before any answer (overloaded_error)",
                        () -> streamError(false, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"),
                        Transport.STREAM, ErrorKind.OVERLOADED, DispatchPhase.UNKNOWN,
                        new Expect(Action.RETRY, ErrorKind.OVERLOADED, 2000, 2, 2), new Expect(Action.RETRY, ErrorKind.OVERLOADED, 2000, 2, 2)),
                row("429 with Retry-After: 2", () -> Endpoint.wireMock(error(429,
                                "{\"error\":{\"message\":\"Rate limit reached for requests\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}")
                                .withHeader("Retry-After", "2")), Transport.CHAT,
                        ErrorKind.RATE_LIMIT, DispatchPhase.UNKNOWN,
                        Expect.retried(ErrorKind.RATE_LIMIT, 2000, MAX_ATTEMPTS), Expect.retried(ErrorKind.RATE_LIMIT, 2000, MAX_ATTEMPTS)),
                row("503", () -> Endpoint.wireMock(error(503,
                                "{\"error\":{\"message\":\"The server is overloaded or not ready yet.\",\"type\":\"server_error\"}}")),
                        Transport.CHAT, ErrorKind.OVERLOADED, DispatchPhase.UNKNOWN,
                        Expect.retried(ErrorKind.OVERLOADED, 2000, MAX_ATTEMPTS), Expect.retried(ErrorKind.OVERLOADED, 2000, MAX_ATTEMPTS)),
                row("500", () -> Endpoint.wireMock(error(500,
                                "{\"error\":{\"message\":\"The server had an error while processing your request.\",\"type\":\"server_error\"}}")),
                        // 500 is one of the statuses that mean "overloaded" to the classifier.
                        Transport.CHAT, ErrorKind.OVERLOADED, DispatchPhase.UNKNOWN,
                        Expect.retried(ErrorKind.OVERLOADED, 2000, MAX_ATTEMPTS), Expect.retried(ErrorKind.OVERLOADED, 2000, MAX_ATTEMPTS)),
                row("529", () -> Endpoint.wireMock(error(529,
                                "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}")),
                        Transport.CHAT, ErrorKind.OVERLOADED, DispatchPhase.UNKNOWN,
                        Expect.retried(ErrorKind.OVERLOADED, 2000, MAX_ATTEMPTS), Expect.retried(ErrorKind.OVERLOADED, 2000, MAX_ATTEMPTS)),
                row("401 invalid_api_key", () -> Endpoint.wireMock(error(401,
                                "{\"error\":{\"message\":\"Incorrect API key provided: sk-test.\",\"type\":\"invalid_request_error\","
                                        + "\"param\":null,\"code\":\"invalid_api_key\"}}")),
                        Transport.CHAT, ErrorKind.AUTH_PERMANENT, DispatchPhase.UNKNOWN,
                        Expect.surfaced(ErrorKind.AUTH_PERMANENT), Expect.surfaced(ErrorKind.AUTH_PERMANENT)),
                row("400 context_length_exceeded", () -> Endpoint.wireMock(error(400,
                                "{\"error\":{\"message\":\"This model's maximum context length is 128000 tokens.\","
                                        + "\"type\":\"invalid_request_error\",\"param\":\"messages\",\"code\":\"context_length_exceeded\"}}")),
                        Transport.CHAT, ErrorKind.CONTEXT_OVERFLOW, DispatchPhase.UNKNOWN,
                        Expect.surfaced(ErrorKind.CONTEXT_OVERFLOW), Expect.surfaced(ErrorKind.CONTEXT_OVERFLOW)),
                row("429 insufficient_quota", () -> Endpoint.wireMock(error(429,
                                "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and billing details.\","
                                        + "\"type\":\"insufficient_quota\",\"param\":null,\"code\":\"insufficient_quota\"}}")),
                        Transport.CHAT, ErrorKind.BILLING, DispatchPhase.UNKNOWN,
                        Expect.surfaced(ErrorKind.BILLING), Expect.surfaced(ErrorKind.BILLING)));
    }

    private static Arguments row(String fault, Setup setup, Transport transport, ErrorKind kind, DispatchPhase phase,
            Expect withTools, Expect withoutTools) {
        return Arguments.of(fault, setup, transport, kind, phase, withTools, withoutTools);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void faultIsClassifiedAndNeverReplayedWhenTheProviderMayHaveActedOnAToolTurn(String fault, Setup setup,
            Transport transport, ErrorKind kind, DispatchPhase phase, Expect withTools, Expect withoutTools) throws Exception {
        Outcome onToolTurn = play(setup, transport, true);
        reset();
        Outcome onPlainTurn = play(setup, transport, false);

        onToolTurn.check(fault + " (turn with tools)", kind, phase, withTools);
        onPlainTurn.check(fault + " (turn without tools)", kind, phase, withoutTools);
        if (phase == DispatchPhase.MAYBE_PROCESSED) {
            assertThat(onToolTurn.surfaced).as("%s: the caller learns the outcome is unknown", fault)
                    .isNotNull()
                    .satisfies(e -> assertThat(e.decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN));
        }
    }

    /** Not a fault but the answer most often mistaken for one: a refusal comes back as such, after one request. */
    @ParameterizedTest(name = "{0}, tools {1}")
    @MethodSource("transportsAndTurns")
    void aRefusalIsAnAnswerOnEveryTurnAndIsNeverRetried(Transport transport, boolean withTools) throws Exception {
        wire.stubFor(post(urlEqualTo(PATH)).withRequestBody(containing("\"stream\":true")).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "text/event-stream").withBody(
                        "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"refusal\":\"I can't help \"},"
                                + "\"finish_reason\":null}]}\n\n"
                                + "data: {\"choices\":[{\"index\":0,\"delta\":{\"refusal\":\"with that.\"},\"finish_reason\":\"stop\"}]}\n\n"
                                + "data: [DONE]\n\n")));
        wire.stubFor(post(urlEqualTo(PATH)).atPriority(5).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody("{\"choices\":[{\"index\":0,\"message\":"
                        + "{\"role\":\"assistant\",\"content\":null,\"refusal\":\"I can't help with that.\"},\"finish_reason\":\"stop\"}]}")));
        Endpoint endpoint = new Endpoint("http://127.0.0.1:" + wire.port() + "/v1", () -> wire.getAllServeEvents().size(), () -> { });

        Outcome outcome = play(() -> endpoint, transport, withTools);

        assertThat(outcome.answer).as("answered").isNotNull();
        assertThat(outcome.answer.refusal()).isEqualTo("I can't help with that.");
        assertThat(outcome.failures).as("nothing to retry").isEmpty();
        assertThat(outcome.requestsSeen).isEqualTo(1);
    }

    static Stream<Arguments> transportsAndTurns() {
        return Stream.of(Arguments.of(Transport.CHAT, true), Arguments.of(Transport.CHAT, false),
                Arguments.of(Transport.STREAM, true), Arguments.of(Transport.STREAM, false));
    }

    /** One call through the driver, and everything seen about it. */
    private static final class Outcome {
        final List<ModelFailure> failures = new ArrayList<>();
        final List<FailoverDecision> decisions = new ArrayList<>();
        final List<Long> sleeps = new ArrayList<>();
        final AtomicInteger attempts = new AtomicInteger();
        ModelCallException surfaced;
        ChatResponse answer;
        int requestsSeen;

        void check(String what, ErrorKind kind, DispatchPhase phase, Expect expect) {
            assertThat(failures).as("%s: failures seen", what).isNotEmpty();
            ModelFailure first = failures.get(0);
            FailoverDecision decision = decisions.get(0);
            assertThat(first.kind()).as("%s: kind (%s)", what, first.message()).isEqualTo(kind);
            assertThat(first.phase()).as("%s: phase (%s)", what, first.message()).isEqualTo(phase);
            assertThat(decision.action()).as("%s: first decision", what).isEqualTo(expect.action());
            assertThat(decision.decidedByKind() ? decision.kind() : decision.reason())
                    .as("%s: first decision's reason", what).isEqualTo(expect.why());
            assertThat(decision.backoffMs()).as("%s: first wait", what).isEqualTo(expect.backoffMs());
            assertThat(attempts.get()).as("%s: attempts", what).isEqualTo(expect.attempts());
            assertThat(requestsSeen).as("%s: requests the server received", what).isEqualTo(expect.requestsSeen());
            assertThat(sleeps).as("%s: waits, as decided", what).hasSize(decisions.stream()
                    .filter(d -> d.action() == Action.RETRY).mapToInt(d -> 1).sum());
            if (answer == null) {
                assertThat(surfaced).as("%s: gave up with a ModelCallException", what).isNotNull();
                assertThat(surfaced.attempts()).isEqualTo(expect.attempts());
            }
        }
    }

    @SuppressWarnings("try") // the server only has to live, and close, around the calls
    private static Outcome play(Setup setup, Transport transport, boolean withTools) throws Exception {
        Outcome outcome = new Outcome();
        Endpoint endpoint = setup.arrange();
        try (AutoCloseable server = endpoint.server()) {
            OpenAiChatModel.Builder builder = OpenAiChatModel.builder().baseUrl(endpoint.baseUrl()).apiKey("sk-test")
                    .model("gpt-test").connectTimeout(Duration.ofSeconds(10)).requestTimeout(endpoint.requestTimeout());
            if (endpoint.transport() != null) {
                builder.httpClient(endpoint.transport());
            }
            OpenAiChatModel model = builder.build();
            ModelCallDriver driver = ModelCallDriver.builder()
                    .policy(FailoverPolicy.builder().maxAttempts(MAX_ATTEMPTS).jitterFactor(0).build())
                    .sleeper(Sleeper.recording(outcome.sleeps::add))
                    .listener((attempt, failure, decision) -> {
                        outcome.failures.add(failure);
                        outcome.decisions.add(decision);
                    })
                    .build();
            ChatRequest request = withTools ? ChatRequest.of(CONVERSATION, List.of(PIX)) : ChatRequest.of(CONVERSATION);
            try {
                Function<OpenAiChatModel, ChatResponse> chat = m -> {
                    outcome.attempts.incrementAndGet();
                    return m.chat(request);
                };
                outcome.answer = transport == Transport.CHAT
                        ? driver.call(List.of(model), withTools, chat)
                        : driver.stream(List.of(model), withTools,
                                m -> {
                                    outcome.attempts.incrementAndGet();
                                    return m.stream(request, StreamListener.NONE);
                                },
                                chat);
            } catch (ModelCallException e) {
                outcome.surfaced = e;
            }
            outcome.requestsSeen = settledCount(endpoint.requestsSeen());
        }
        return outcome;
    }

    /** WireMock may journal a delayed request a little after the client gave up on it. */
    private static int settledCount(IntSupplier count) throws InterruptedException {
        int last = count.getAsInt();
        for (int quietRounds = 0; quietRounds < 3; ) {
            Thread.sleep(30);
            int now = count.getAsInt();
            quietRounds = now == last ? quietRounds + 1 : 0;
            last = now;
        }
        return last;
    }

    private static Endpoint closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return Endpoint.nowhere("http://127.0.0.1:" + socket.getLocalPort() + "/v1");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Endpoint streamCutInAToolCall() {
        wire.stubFor(post(urlEqualTo(PATH)).withRequestBody(containing("\"stream\":true")).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "text/event-stream").withBody(String.join("\n",
                        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
                                + "\"function\":{\"name\":\"schedulePix\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}",
                        "",
                        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"cen\"}}]},"
                                + "\"finish_reason\":null}]}",
                        "", ""))));
        wire.stubFor(post(urlEqualTo(PATH)).atPriority(5).willReturn(ok()));
        return new Endpoint("http://127.0.0.1:" + wire.port() + "/v1", () -> wire.getAllServeEvents().size(), () -> { });
    }

    /** A 200 stream that reports {@code error} in a data chunk, after a first text chunk or as its first chunk. */
    private static Endpoint streamError(boolean afterText, String error) {
        String text = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Sending \"},"
                + "\"finish_reason\":null}]}\n\n";
        wire.stubFor(post(urlEqualTo(PATH)).withRequestBody(containing("\"stream\":true")).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "text/event-stream")
                        .withBody((afterText ? text : "") + "data: " + error + "\n\ndata: [DONE]\n\n")));
        wire.stubFor(post(urlEqualTo(PATH)).atPriority(5).willReturn(ok()));
        return new Endpoint("http://127.0.0.1:" + wire.port() + "/v1", () -> wire.getAllServeEvents().size(), () -> { });
    }

    private static ResponseDefinitionBuilder ok() {
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(TEXT_ANSWER);
    }

    private static ResponseDefinitionBuilder error(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }
}
