package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ProviderHttpException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class DispatchPhasesTest {

    @Test
    void singleExceptionIgnoresItsCausesButTheChainDoesNot() {
        RuntimeException wrapper = new RuntimeException("call failed", new SocketTimeoutException("Read timed out"));

        assertThat(DispatchPhases.of(wrapper)).isEqualTo(DispatchPhase.UNKNOWN);
        assertThat(DispatchPhases.ofChain(wrapper)).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
    }

    @Test
    void oneUnsafeLinkMakesTheChainUnsafeWhereverItIs() {
        IOException reset = new IOException("Connection reset");
        ConnectException refused = new ConnectException("Connection refused");
        refused.initCause(reset);

        assertThat(DispatchPhases.of(refused)).isEqualTo(DispatchPhase.NOT_SENT);
        assertThat(DispatchPhases.ofChain(new UncheckedIOException(refused))).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        assertThat(DispatchPhases.ofChain(new UncheckedIOException(refused)).replaySafe()).isFalse();
    }

    @Test
    void cyclicChainsTerminate() {
        RuntimeException outer = new RuntimeException("outer");
        IllegalStateException inner = new IllegalStateException("inner", outer);
        outer.initCause(inner);

        assertThat(DispatchPhases.ofChain(outer)).isEqualTo(DispatchPhase.UNKNOWN);
    }

    @Test
    void noErrorIsUnknown() {
        assertThat(DispatchPhases.of(null)).isEqualTo(DispatchPhase.UNKNOWN);
        assertThat(DispatchPhases.ofChain(null)).isEqualTo(DispatchPhase.UNKNOWN);
    }

    @Test
    void conflictingPhaseWordsAreMaybeProcessedBecauseTheLaterPhaseWins() {
        for (Throwable conflicting : List.of(
                new IOException("TLS handshake completed; read timeout"),
                new SocketTimeoutException("connect timed out; read timed out"),
                new SSLException("Read timed out during handshake"),
                new ConnectException("connection refused by proxy after 512 bytes received"))) {
            assertThat(DispatchPhases.of(conflicting)).as(conflicting.getMessage()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        }
        // Early words alone, or beside a mere transport word, still mean the request never left.
        assertThat(DispatchPhases.of(new IOException("connection reset during TLS handshake"))).isEqualTo(DispatchPhase.NOT_SENT);
        assertThat(DispatchPhases.of(new SSLHandshakeException("Connection reset"))).isEqualTo(DispatchPhase.NOT_SENT);
    }

    @Test
    void aResponseClosedPrematurelyIsMaybeProcessedWhateverTheClientCallsIt() {
        for (String message : List.of("Response ended prematurely",
                "Connection prematurely closed DURING response",
                "Connection prematurely closed BEFORE response",
                "unexpected end of stream on https://api.example.com/...",
                "Premature end of chunk coded message body: closing chunk expected",
                "HTTP/1.1 header parser received no bytes",
                "EOF reached while reading",
                "Server closed unexpectedly")) {
            assertThat(DispatchPhases.ofChain(new UncheckedIOException(new IOException(message))))
                    .as(message).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        }
        assertThat(DispatchPhases.of(new ConnectException("Connection closed prematurely during handshake")))
                .as("a premature close beside an early phase word is a conflict").isEqualTo(DispatchPhase.MAYBE_PROCESSED);
    }

    @Test
    void anErrorInsideA200StreamIsMaybeProcessedOnlyAfterPartOfTheAnswer() {
        String body = "{\"error\":{\"code\":400,\"message\":\"Token limit reached\"}}";

        assertThat(DispatchPhases.of(new ProviderHttpException(400, body, Map.of(), true)))
                .isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        assertThat(DispatchPhases.of(new ProviderHttpException(400, body, Map.of(), false)))
                .as("an error instead of any answer is an error answer like a 4xx").isEqualTo(DispatchPhase.UNKNOWN);
    }
}
