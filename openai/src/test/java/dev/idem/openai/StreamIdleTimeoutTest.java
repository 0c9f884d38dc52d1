package dev.idem.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.faults.RawHttpServer;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.failover.ModelErrorClassifier;
import dev.idem.llm.failover.ModelFailure;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A streamed answer that stalls after its status line ends in an idle timeout instead of blocking forever. */
class StreamIdleTimeoutTest {

    private static final ChatRequest ASK = ChatRequest.of(List.of(ChatMessage.user("Say hello")), List.of());
    private static final String HEAD = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n";

    private RawHttpServer server;

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void stalledStreamEndsWithAnIdleTimeoutTheProviderMayHaveProcessed() {
        OpenAiChatModel model = client(serve(out -> {
            out.write(HEAD.getBytes(StandardCharsets.US_ASCII));
            sendEvent(out, "{\"model\":\"gpt-test\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}");
            Thread.sleep(10_000); // says nothing more; the client must not wait for it
        }), Duration.ofMillis(200));
        List<String> received = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();

        Throwable thrown = catchFailure(() -> model.stream(ASK, text(received)));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        assertThat(received).containsExactly("Hel");
        assertThat(thrown).isInstanceOfSatisfying(ProviderResponseException.class, e -> {
            assertThat(e.kind()).isEqualTo(ErrorKind.IDLE_TIMEOUT);
            assertThat(e.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
            assertThat(e.getMessage()).contains("idle for 200 ms after 1 chunks");
        });
        ModelFailure failure = new ModelErrorClassifier().classify(thrown);
        assertThat(failure.kind()).isEqualTo(ErrorKind.IDLE_TIMEOUT);
        assertThat(failure.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
    }

    @Test
    void streamThatKeepsSendingIsNotCutByTheIdleTimeout() {
        OpenAiChatModel model = client(serve(out -> {
            out.write(HEAD.getBytes(StandardCharsets.US_ASCII));
            for (int piece = 0; piece < 12; piece++) { // 1.2 s in all: longer than the idle timeout
                sendEvent(out, "{\"model\":\"gpt-test\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + piece + "\"}}]}");
                Thread.sleep(100);
            }
            sendEvent(out, "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
            sendEvent(out, "[DONE]");
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }), Duration.ofMillis(1_000)); // ten times the gaps: a busy machine's scheduling never looks idle
        List<String> received = new CopyOnWriteArrayList<>();

        ChatResponse response = model.stream(ASK, text(received));

        assertThat(response.text()).isEqualTo("01234567891011");
        assertThat(response.finishReason()).isEqualTo("stop");
        assertThat(received).hasSize(12);
    }

    @Test
    void listenerSlowerThanTheIdleTimeoutDoesNotMakeTheProviderLookIdle() {
        OpenAiChatModel model = client(serve(out -> {
            out.write(HEAD.getBytes(StandardCharsets.US_ASCII));
            sendEvent(out, "{\"model\":\"gpt-test\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}");
            sendEvent(out, "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
            sendEvent(out, "[DONE]");
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }), Duration.ofMillis(300));

        ChatResponse response = model.stream(ASK, new StreamListener() {
            @Override
            public void onText(String delta) {
                sleep(1_000); // the caller's own work, not the provider's silence
            }
        });

        assertThat(response.text()).isEqualTo("Hi");
    }

    @Test
    void nonPositiveStreamIdleTimeoutIsRejectedNamingTheField() {
        assertThatThrownBy(() -> OpenAiChatModel.builder().streamIdleTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("streamIdleTimeout");
        assertThatThrownBy(() -> OpenAiChatModel.builder().streamIdleTimeout(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("streamIdleTimeout");
        assertThatThrownBy(() -> OpenAiChatModel.builder().streamIdleTimeout(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("streamIdleTimeout");
    }

    private static OpenAiChatModel client(String baseUrl, Duration idle) {
        return OpenAiChatModel.builder().baseUrl(baseUrl).model("gpt-test")
                .requestTimeout(Duration.ofSeconds(5)).streamIdleTimeout(idle).build();
    }

    private static StreamListener text(List<String> received) {
        return new StreamListener() {
            @Override
            public void onText(String delta) {
                received.add(delta);
            }
        };
    }

    private static Throwable catchFailure(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("the call did not fail");
    }

    private static void sendEvent(OutputStream out, String data) throws IOException {
        byte[] event = ("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8);
        out.write((Integer.toHexString(event.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(event);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What the loopback server writes once it has read the request. */
    @FunctionalInterface
    private interface Reply {
        void play(OutputStream out) throws IOException, InterruptedException;
    }

    /** Serves on loopback with {@code reply}; returns the base URL. */
    private String serve(Reply reply) {
        server = RawHttpServer.start((socket, out) -> reply.play(out));
        return server.baseUrl();
    }
}
