package dev.idem.openai;

import static dev.idem.faults.BoundedCall.failureWithin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.faults.HostileReply;
import dev.idem.faults.RawHttpServer;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.llm.failover.ModelErrorClassifier;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.retry.DispatchPhase;
import dev.idem.retry.Sleeper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An answer is bounded in size: a body, an event line or an assembled streamed answer over the
 * bound fails as a classified RESPONSE_TOO_LARGE the provider may have processed, the exchange is ended
 * (the server stops being read), and no caller ever sees an {@link OutOfMemoryError}. Bodies are
 * generated as they are sent; the bound is set low so the test sees it hit at the configured size.
 */
class ResponseSizeBoundTest {

    private static final ChatRequest ASK = ChatRequest.of(List.of(ChatMessage.user("Say hello")), List.of());
    private static final long MIB = 1024 * 1024;
    private static final String ANSWER_THEN_PADDING = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"hi\"},\"finish_reason\":\"stop\"}],\"padding\":[";
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private RawHttpServer server;

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aNonStreamedAnswerOverTheSizeBoundIsAClassifiedFailureAndTheServerIsNoLongerRead() throws InterruptedException {
        HostileReply reply = HostileReply.huge("application/json", ANSWER_THEN_PADDING, "1,", 50 * MIB, "1]}");
        OpenAiChatModel model = client(reply).maxResponseBytes(MIB).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertTooLarge(failure, "1048576 bytes");
        assertThat(reply.awaitHangUp()).as("the client closed the exchange").isTrue();
        assertThat(reply.written()).isLessThan(50 * MIB);
    }

    @Test
    void aThreeHundredMegabyteAnswerOfSmallValuesIsRefusedAtTheDefaultBound() throws InterruptedException {
        HostileReply reply = HostileReply.huge("application/json", ANSWER_THEN_PADDING, "{\"a\":1},", 300 * MIB, "1]}");
        OpenAiChatModel model = client(reply).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertTooLarge(failure, OpenAiChatModel.DEFAULT_MAX_RESPONSE_BYTES + " bytes");
        assertThat(reply.awaitHangUp()).isTrue();
        assertThat(reply.written()).isLessThan(300 * MIB);
    }

    @Test
    void anAnswerOfTooManySmallValuesIsRefusedBeforeItIsBuiltEvenWithinTheByteBound() {
        // 6 MiB of empty objects: within the byte bound, but a tree of two million nodes.
        HostileReply reply = HostileReply.huge("application/json", ANSWER_THEN_PADDING, "{},", 6 * MIB, "1]}");
        OpenAiChatModel model = client(reply).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertTooLarge(failure, "JSON tokens");
    }

    @Test
    void aStreamedAnswerOverTheSizeBoundIsAClassifiedFailure() throws InterruptedException {
        String kibibyte = "la ".repeat(341) + "l";
        HostileReply reply = HostileReply.repeatEvent("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                + kibibyte + "\"}}]}", Duration.ZERO);
        OpenAiChatModel model = client(reply).maxResponseBytes(MIB).build();
        AtomicLong received = new AtomicLong();

        Throwable failure = failureWithin(LIMIT, () -> model.stream(ASK, new StreamListener() {
            @Override
            public void onText(String delta) {
                received.addAndGet(delta.length());
            }
        }));

        assertTooLarge(failure, "1048576");
        assertThat(received.get()).isLessThanOrEqualTo(MIB);
        assertThat(reply.awaitHangUp()).isTrue();
    }

    /**
     * An answer over the bound would be over it again: on a turn without tools (no replay gate), a
     * stream over the bound gets no non-streamed fallback, and no answer over the bound is retried.
     */
    @Test
    void anAnswerOverTheSizeBoundIsNeverRequestedAgain() {
        List<Long> waits = new ArrayList<>();
        ModelCallDriver driver = ModelCallDriver.builder().policy(FailoverPolicy.builder().maxAttempts(4).build())
                .sleeper(Sleeper.recording(waits::add)).build();
        HostileReply stream = HostileReply.repeatEvent("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                + "la ".repeat(300) + "\"}}]}", Duration.ZERO);
        OpenAiChatModel streamed = client(stream).maxResponseBytes(MIB).build();

        Throwable streamFailure = failureWithin(LIMIT, () -> driver.stream(List.of(streamed), false,
                m -> m.stream(ASK, new StreamListener() { }), m -> m.chat(ASK)));

        assertThat(streamFailure).isInstanceOfSatisfying(ModelCallException.class,
                e -> assertThat(e.kind()).isEqualTo(ErrorKind.RESPONSE_TOO_LARGE));
        assertThat(server.requests()).as("streamed, then never again").isEqualTo(1);
        server.close();

        HostileReply body = HostileReply.huge("application/json", ANSWER_THEN_PADDING, "1,", 50 * MIB, "1]}");
        OpenAiChatModel plain = client(body).maxResponseBytes(MIB).build();

        Throwable chatFailure = failureWithin(LIMIT, () -> driver.call(List.of(plain), false, m -> m.chat(ASK)));

        assertThat(chatFailure).isInstanceOfSatisfying(ModelCallException.class,
                e -> assertThat(e.kind()).isEqualTo(ErrorKind.RESPONSE_TOO_LARGE));
        assertThat(server.requests()).as("asked once, never again").isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void aStreamedEventLineOverTheSizeBoundIsAClassifiedFailure() throws InterruptedException {
        HostileReply reply = HostileReply.huge("text/event-stream",
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}],\"padding\":[", "1,", 50 * MIB, "1]}");
        OpenAiChatModel model = client(reply).maxResponseBytes(MIB).build();

        Throwable failure = failureWithin(LIMIT, () -> model.stream(ASK, new StreamListener() { }));

        assertTooLarge(failure, "1048576 bytes");
        assertThat(reply.awaitHangUp()).isTrue();
        assertThat(reply.written()).isLessThan(50 * MIB);
    }

    @Test
    void aStreamAnsweredInOnePieceIsBoundedLikeAChat() throws InterruptedException {
        HostileReply reply = HostileReply.huge("application/json", ANSWER_THEN_PADDING, "1,", 50 * MIB, "1]}");
        OpenAiChatModel model = client(reply).maxResponseBytes(MIB).build();

        Throwable failure = failureWithin(LIMIT, () -> model.stream(ASK, new StreamListener() { }));

        assertTooLarge(failure, "1048576 bytes");
        assertThat(reply.awaitHangUp()).isTrue();
        assertThat(reply.written()).isLessThan(50 * MIB);
    }

    @Test
    void anErrorAnswerWithAHugeBodyStillReportsItsStatusWithTheBodyCut() throws InterruptedException {
        HostileReply reply = HostileReply.of((socket, out, giveUpAt) -> {
            out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "
                    + 50 * MIB + "\r\n\r\n{\"error\":{\"message\":\"busy\",\"padding\":\"").getBytes(StandardCharsets.US_ASCII));
            byte[] block = "x".repeat(65_536).getBytes(StandardCharsets.US_ASCII);
            for (long sent = 0; sent < 50 * MIB && System.nanoTime() < giveUpAt; sent += block.length) {
                out.write(block);
            }
        });
        OpenAiChatModel model = client(reply).maxResponseBytes(MIB).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertThat(failure).isInstanceOfSatisfying(ProviderHttpException.class, e -> {
            assertThat(e.status()).isEqualTo(503);
            assertThat(e.body()).startsWith("{\"error\":{\"message\":\"busy\"").hasSizeLessThanOrEqualTo((int) MIB);
        });
        assertThat(new ModelErrorClassifier().classify(failure).kind()).isEqualTo(ErrorKind.OVERLOADED);
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void aResponseBoundBelowOneKibibyteIsRejectedNamingTheField() {
        assertThatThrownBy(() -> OpenAiChatModel.builder().maxResponseBytes(1023))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxResponseBytes");
    }

    /** Larger than the client accepts: RESPONSE_TOO_LARGE (sending it again cannot fix it), and the provider did process it. */
    private static void assertTooLarge(Throwable failure, String detail) {
        assertThat(failure).isInstanceOf(ProviderResponseException.class).hasMessageContaining(detail);
        ProviderResponseException stated = (ProviderResponseException) failure;
        assertThat(stated.kind()).isEqualTo(ErrorKind.RESPONSE_TOO_LARGE);
        assertThat(stated.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        ModelFailure classified = new ModelErrorClassifier().classify(failure);
        assertThat(classified.kind()).isEqualTo(ErrorKind.RESPONSE_TOO_LARGE);
        assertThat(classified.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
    }

    private OpenAiChatModel.Builder client(HostileReply reply) {
        server = RawHttpServer.start(reply);
        return OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("gpt-test")
                .requestTimeout(Duration.ofSeconds(20)).streamIdleTimeout(Duration.ofSeconds(20));
    }
}
