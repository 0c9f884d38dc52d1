package dev.idem.tool;

import dev.idem.retry.DispatchPhase;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.faults.RawHttpServer;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.ServerSocket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dispatch phase of a tool failure (docs/running-tools.md): CONNECTION_ERROR means nothing
 * happened only when the request never left; a reset, EOF or premature close after it was written
 * means the effect may have happened, and the call is re-driven only if the tool is idempotent.
 * The same judgement as the model side's, and a tool's stated phase wins. What the executor does
 * with each phase is {@code ToolDispatchPhaseRetryTest}'s, in runtime-tests, on generated tools.
 */
public class ToolDispatchPhaseTest {

    /**
     * Failures with the phase a tool call's failure gets; the agent module's tests check the model
     * side judges them alike.
     *
     * @return exception, error type and dispatch phase
     */
    public static Stream<Arguments> table() {
        return Stream.of(
                // before the request left: nothing happened
                Arguments.of(new ConnectException("Connection refused"), ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT),
                Arguments.of(new UnknownHostException("mail.example"), ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT),
                Arguments.of(new NoRouteToHostException("No route to host"), ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT),
                Arguments.of(new HttpConnectTimeoutException("HTTP connect timed out"), ErrorType.CONNECTION_ERROR,
                        DispatchPhase.NOT_SENT),
                Arguments.of(new SocketTimeoutException("Connect timed out"), ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT),
                Arguments.of(new SSLHandshakeException("Received fatal alert: handshake_failure"),
                        ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT),
                Arguments.of(new ToolException(ErrorType.CONNECTION_ERROR, "bank unavailable"), ErrorType.CONNECTION_ERROR,
                        DispatchPhase.NOT_SENT),
                // after it was written: the effect may have happened
                Arguments.of(new SocketException("Connection reset"), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new EOFException("EOF reached while reading"), ErrorType.CONNECTION_ERROR,
                        DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new IOException("HTTP/1.1 header parser received no bytes", new EOFException("EOF reached")),
                        ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new IOException("HTTP/1.1 header parser received no bytes",
                        new SocketException("Connection reset")), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new IOException("Premature EOF"), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new SocketException("Broken pipe"), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new RuntimeException("connection lost"), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new ToolException(ErrorType.CONNECTION_ERROR, "relay dropped",
                        new SocketException("Connection reset")), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new SocketTimeoutException("Read timed out"), ErrorType.TIMEOUT, DispatchPhase.MAYBE_PROCESSED),
                Arguments.of(new HttpTimeoutException("request timed out"), ErrorType.TIMEOUT, DispatchPhase.MAYBE_PROCESSED),
                // a stated phase wins over what the cause shows
                Arguments.of(new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT, "pool refused",
                        new SocketException("Connection reset")), ErrorType.CONNECTION_ERROR, DispatchPhase.NOT_SENT),
                Arguments.of(new ToolException(ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED, "relay dropped",
                        null), ErrorType.CONNECTION_ERROR, DispatchPhase.MAYBE_PROCESSED));
    }

    @ParameterizedTest
    @MethodSource("table")
    void connectionErrorMeansNothingHappenedOnlyWhenTheRequestNeverLeft(Throwable error, ErrorType type,
            DispatchPhase phase) {
        assertThat(ToolErrorClassifier.classify(error)).isEqualTo(type);
        assertThat(ToolErrorClassifier.phase(error)).isEqualTo(phase);
        assertThat(ToolFailure.thrown(error).leavesOutcomeUnknown()).isEqualTo(phase == DispatchPhase.MAYBE_PROCESSED);
    }

    @Test
    void theJdkClientsOwnReportsOfAServerThatActedAndDroppedAreMaybeProcessed() {
        for (RawHttpServer.Reply drop : new RawHttpServer.Reply[] {RawHttpServer::closedAfterReading,
                RawHttpServer::resetAfterReading}) {
            try (RawHttpServer relay = RawHttpServer.start(drop)) {
                IOException thrown = post(relay.baseUrl());

                assertThat(ToolErrorClassifier.classify(thrown)).as("%s", thrown).isEqualTo(ErrorType.CONNECTION_ERROR);
                assertThat(ToolErrorClassifier.phase(thrown)).as("%s", thrown).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
                assertThat(relay.requests()).isEqualTo(1);
            }
        }
    }

    @Test
    void theJdkClientsOwnReportOfARefusedConnectionIsNotSent() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        IOException thrown = post("http://127.0.0.1:" + closedPort);

        assertThat(ToolErrorClassifier.classify(thrown)).as("%s", thrown).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(ToolErrorClassifier.phase(thrown)).as("%s", thrown).isEqualTo(DispatchPhase.NOT_SENT);
    }

    private static IOException post(String baseUrl) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try {
            http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/mail"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
            throw new AssertionError("the request should have failed");
        } catch (IOException e) {
            return e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
