package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.testing.SeededTrials;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** DESIGN.md section 3, step 5: type first, message patterns last. */
class ToolErrorClassifierTest {

    static Stream<Arguments> jdkTypes() {
        return Stream.of(
                Arguments.of(new SocketTimeoutException("read"), ErrorType.TIMEOUT),
                Arguments.of(new HttpTimeoutException("request"), ErrorType.TIMEOUT),
                Arguments.of(new HttpConnectTimeoutException("connect"), ErrorType.CONNECTION_ERROR),
                Arguments.of(new TimeoutException("future"), ErrorType.TIMEOUT),
                Arguments.of(new InterruptedIOException("io"), ErrorType.TIMEOUT),
                Arguments.of(new ConnectException("refused"), ErrorType.CONNECTION_ERROR),
                Arguments.of(new UnknownHostException("bank.example"), ErrorType.CONNECTION_ERROR),
                Arguments.of(new NoRouteToHostException("no route"), ErrorType.CONNECTION_ERROR),
                Arguments.of(new SocketException("reset"), ErrorType.CONNECTION_ERROR),
                Arguments.of(new ClosedChannelException(), ErrorType.CONNECTION_ERROR),
                Arguments.of(new IllegalArgumentException("amount"), ErrorType.PROGRAMMING_ERROR),
                Arguments.of(new NullPointerException("customer"), ErrorType.PROGRAMMING_ERROR),
                Arguments.of(new ClassCastException("Long"), ErrorType.PROGRAMMING_ERROR),
                Arguments.of(new UnsupportedOperationException("immutable"), ErrorType.PROGRAMMING_ERROR),
                Arguments.of(new ArithmeticException("/ by zero"), ErrorType.PROGRAMMING_ERROR),
                Arguments.of(new IndexOutOfBoundsException("3"), ErrorType.PROGRAMMING_ERROR),
                Arguments.of(new IllegalStateException("odd"), ErrorType.UNKNOWN),
                Arguments.of(new IOException("disk"), ErrorType.UNKNOWN));
    }

    @ParameterizedTest
    @MethodSource("jdkTypes")
    void eachJdkExceptionTypeIsClassifiedByItsType(Throwable error, ErrorType expected) {
        assertThat(ToolErrorClassifier.classify(error)).isEqualTo(expected);
    }

    @Test
    void programmingErrorsAreTerminalAndTransportErrorsRetryable() {
        assertThat(ToolErrorClassifier.retryable(new NullPointerException())).isFalse();
        assertThat(ToolErrorClassifier.retryable(new ConnectException())).isTrue();
    }

    @Test
    void causeChainIsWalkedThroughWrappers() {
        Throwable wrapped = new CompletionException(new RuntimeException(new UncheckedIOException(new SocketTimeoutException())));

        assertThat(ToolErrorClassifier.classify(wrapped)).isEqualTo(ErrorType.TIMEOUT);
    }

    @Test
    void transportCauseWinsOverAProgrammingErrorWrapper() {
        assertThat(ToolErrorClassifier.classify(new IllegalStateException(new ConnectException())))
                .isEqualTo(ErrorType.CONNECTION_ERROR);
    }

    @Test
    void toolExceptionWinsOverTypesAndMessages() {
        ToolException rejected = new ToolException(ErrorType.REJECTED, "connection timed out", new ConnectException());

        assertThat(ToolErrorClassifier.classify(rejected)).isEqualTo(ErrorType.REJECTED);
        assertThat(ToolErrorClassifier.classify(new RuntimeException("timeout", rejected))).isEqualTo(ErrorType.REJECTED);
        assertThat(ToolErrorClassifier.classify(new InterruptedIOException("timeout") {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Throwable getCause() {
                return rejected;
            }
        })).isEqualTo(ErrorType.REJECTED);
    }

    @Test
    void toolExceptionVerdictWinsOverItsTypeKind() {
        ToolException noRetry = new ToolException(ErrorType.CONNECTION_ERROR, false, "do not", null);
        ToolException cannotMakeTerminalRetryable = new ToolException(ErrorType.REJECTED, true, "no", null);

        assertThat(ToolErrorClassifier.retryable(noRetry)).isFalse();
        assertThat(ToolErrorClassifier.retryable(cannotMakeTerminalRetryable)).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "Request timed out, TIMEOUT",
        "TIMEOUT waiting for lock, TIMEOUT",
        "gateway time-out, TIMEOUT",
        "Rate limit exceeded, RATE_LIMIT",
        "you are rate-limited, RATE_LIMIT",
        "HTTP 429, RATE_LIMIT",
        "Too Many Requests, RATE_LIMIT",
        "Connection reset by peer, CONNECTION_ERROR",
        "network is unreachable, CONNECTION_ERROR",
        "connection timed out, CONNECTION_ERROR",
        "error 4290 in ledger, UNKNOWN",
        "networking stack bored, UNKNOWN",
        "timeoutless, UNKNOWN",
        "card declined, UNKNOWN"
    })
    void messagePatternsAreTheLastResortWordBoundedAndCaseInsensitive(String message, ErrorType expected) {
        assertThat(ToolErrorClassifier.classify(new RuntimeException(message))).isEqualTo(expected);
    }

    @Test
    void causeCyclesEnd() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);

        assertThat(ToolErrorClassifier.classify(a)).isEqualTo(ErrorType.UNKNOWN);
    }

    @Test
    void nullIsUnknown() {
        assertThat(ToolErrorClassifier.classify(null)).isEqualTo(ErrorType.UNKNOWN);
    }

    @Test
    void classificationNeverThrowsWhateverTheMessageAndNesting() {
        SeededTrials.run(300, gen -> {
            String message = gen.oneIn(10) ? null : gen.string(60);
            int depth = gen.between(0, 20);
            boolean cyclic = gen.bool();
            RuntimeException innermost = new RuntimeException(message);
            RuntimeException outer = innermost;
            for (int i = 0; i < depth; i++) {
                outer = new RuntimeException(i % 2 == 0 ? message : null, outer);
            }
            if (cyclic && outer != innermost) {
                innermost.initCause(outer);
            }

            assertThat(ToolErrorClassifier.classify(outer)).isNotNull();
        });
    }

    @Test
    void noSuchElementFromAToolIsTerminalNotUnknown() {
        RuntimeException emptyOptional = new java.util.NoSuchElementException("No value present");

        assertThat(ToolErrorClassifier.classify(emptyOptional)).isEqualTo(ErrorType.PROGRAMMING_ERROR);
        assertThat(ToolErrorClassifier.retryable(emptyOptional)).isFalse();
        assertThat(ToolErrorClassifier.classify(new IllegalStateException("lookup failed", emptyOptional)))
                .as("found in the cause chain").isEqualTo(ErrorType.PROGRAMMING_ERROR);
    }
}
