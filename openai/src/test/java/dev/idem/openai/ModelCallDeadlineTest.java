package dev.idem.openai;

import static dev.idem.faults.BoundedCall.failureWithin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.faults.HostileReply;
import dev.idem.faults.RawHttpServer;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.ModelErrorClassifier;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.retry.DispatchPhase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every model call has a deadline no server can stretch: the request timeout covers a non-streamed
 * body, only meaningful stream data resets the idle timeout, and the call timeout ends everything
 * else. Each failure ends the HTTP exchange (the server sees the client hang up). Wall-time limits
 * here are generous upper bounds on outcomes, never performance checks.
 */
class ModelCallDeadlineTest {

    private static final ChatRequest ASK = ChatRequest.of(List.of(ChatMessage.user("Say hello")), List.of());
    private static final String DELTA = "data: {\"model\":\"gpt-test\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"la \"}}]}";
    private static final Duration LIMIT = Duration.ofSeconds(10);
    private static final Duration LONG = Duration.ofSeconds(30);

    private RawHttpServer server;

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aServerThatSendsHeadersThenSilenceCannotHoldChatPastTheRequestTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.headersThenSilence();
        OpenAiChatModel model = client(reply).requestTimeout(Duration.ofMillis(500)).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertTimedOutAfterTheProviderAnswered(failure);
        assertThat(reply.awaitHangUp()).as("the client closed the exchange").isTrue();
    }

    @Test
    void aServerThatSendsHeadersThenSilenceCannotHoldChatAsyncPastTheRequestTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.headersThenSilence();
        OpenAiChatModel model = client(reply).requestTimeout(Duration.ofMillis(500)).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chatAsync(ASK).toCompletableFuture().join());

        // The stage's own failure, whether or not the join's CompletionException still wraps it.
        assertTimedOutAfterTheProviderAnswered(failure instanceof CompletionException ? failure.getCause() : failure);
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void aServerThatTricklesOneBytePerSecondCannotHoldChatPastTheRequestTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.trickle("application/json", "{\"choices\":[]}", Duration.ofSeconds(1));
        OpenAiChatModel model = client(reply).requestTimeout(Duration.ofSeconds(2)).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertTimedOutAfterTheProviderAnswered(failure);
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void aServerThatTricklesOneBytePerSecondCannotHoldAStreamPastItsIdleTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.trickle("text/event-stream", DELTA + "\n\n", Duration.ofSeconds(1));
        OpenAiChatModel model = client(reply).streamIdleTimeout(Duration.ofSeconds(2)).build();

        Throwable failure = failureWithin(LIMIT, () -> model.stream(ASK, new StreamListener() { }));

        assertTimedOutAfterTheProviderAnswered(failure);
        assertThat(failure).hasMessageContaining("idle");
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void sseCommentLinesDoNotResetTheStreamIdleTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.repeatEvent(": keep-alive", Duration.ofMillis(300));
        OpenAiChatModel model = client(reply).streamIdleTimeout(Duration.ofSeconds(2)).build();

        Throwable failure = failureWithin(LIMIT, () -> model.stream(ASK, new StreamListener() { }));

        assertTimedOutAfterTheProviderAnswered(failure);
        assertThat(failure).hasMessageContaining("idle");
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void anEndlessTrickleOfTextDeltasEndsAtTheCallTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.repeatEvent(DELTA, Duration.ofMillis(50));
        OpenAiChatModel model = client(reply).streamIdleTimeout(Duration.ofSeconds(2))
                .callTimeout(Duration.ofMillis(1_500)).build();
        AtomicInteger deltas = new AtomicInteger();

        Throwable failure = failureWithin(LIMIT, () -> model.stream(ASK, new StreamListener() {
            @Override
            public void onText(String delta) {
                deltas.incrementAndGet();
            }
        }));

        assertTimedOutAfterTheProviderAnswered(failure);
        assertThat(failure).hasMessageContaining("call timeout");
        assertThat(deltas.get()).as("the deltas were delivered until the deadline").isPositive();
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void theCallTimeoutAlsoBoundsChatWhenItIsShorterThanTheRequestTimeout() throws InterruptedException {
        HostileReply reply = HostileReply.trickle("application/json", "{\"choices\":[]}", Duration.ofMillis(100));
        OpenAiChatModel model = client(reply).requestTimeout(Duration.ofSeconds(60))
                .callTimeout(Duration.ofSeconds(1)).build();

        Throwable failure = failureWithin(LIMIT, () -> model.chat(ASK));

        assertTimedOutAfterTheProviderAnswered(failure);
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void aTimedOutCallLeavesNoReadingThreadBehind() throws InterruptedException {
        HostileReply reply = HostileReply.repeatEvent(": keep-alive", Duration.ofMillis(100));
        OpenAiChatModel model = client(reply).streamIdleTimeout(Duration.ofMillis(500)).build();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                model.stream(ASK, new StreamListener() { });
            } catch (RuntimeException expected) {
                done.complete(null);
            }
        }, "stream-caller");
        caller.setDaemon(true);
        caller.start();

        caller.join(LIMIT.toMillis());

        assertThat(caller.isAlive()).as("the calling thread is released").isFalse();
        assertThat(done).isDone();
        assertThat(reply.awaitHangUp()).isTrue();
    }

    @Test
    void nonPositiveCallTimeoutIsRejectedNamingTheField() {
        assertThatThrownBy(() -> OpenAiChatModel.builder().callTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("callTimeout");
        assertThatThrownBy(() -> OpenAiChatModel.builder().callTimeout(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("callTimeout");
    }

    /** The provider answered 200 and may have acted: an idle timeout the classifier reads as MAYBE_PROCESSED. */
    private static void assertTimedOutAfterTheProviderAnswered(Throwable failure) {
        assertThat(failure).isInstanceOf(ProviderResponseException.class);
        ProviderResponseException stated = (ProviderResponseException) failure;
        assertThat(stated.kind()).isEqualTo(ErrorKind.IDLE_TIMEOUT);
        assertThat(stated.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        ModelFailure classified = new ModelErrorClassifier().classify(failure);
        assertThat(classified.kind()).isEqualTo(ErrorKind.IDLE_TIMEOUT);
        assertThat(classified.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
    }

    private OpenAiChatModel.Builder client(HostileReply reply) {
        server = RawHttpServer.start(reply);
        return OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("gpt-test").requestTimeout(LONG)
                .streamIdleTimeout(LONG);
    }
}
