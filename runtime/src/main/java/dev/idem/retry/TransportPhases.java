package dev.idem.retry;

import dev.idem.internal.Phrases;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * How far a failed request got, judged from the transport's exceptions alone: the one judgement
 * behind the model side's {@code DispatchPhases} (which asks its provider exceptions first) and
 * the tool side's {@code ToolErrorClassifier}. The rules, first match wins per exception:
 * <ol>
 *   <li>Phase words in the message: a later phase (read timed out, mid-response, truncated,
 *       premature close, unexpected end of stream, received no bytes, ...) wins over an early one
 *       (handshake, certificate, connect refused or timed out, unknown host, no route); early
 *       words alone are {@code NOT_SENT}.</li>
 *   <li>The exception's type: connect, DNS, route, connect-timeout and TLS handshake or
 *       certificate failures are {@code NOT_SENT}; {@link HttpTimeoutException},
 *       {@link SocketTimeoutException} and {@link EOFException} are {@code MAYBE_PROCESSED}.</li>
 *   <li>A transport word: connection reset, reset by peer, peer closed, stream reset, EOF are
 *       {@code MAYBE_PROCESSED}.</li>
 *   <li>Otherwise {@code UNKNOWN}.</li>
 * </ol>
 * Over a cause chain, one {@code MAYBE_PROCESSED} link makes the chain {@code MAYBE_PROCESSED};
 * else one {@code NOT_SENT} link makes it {@code NOT_SENT}.
 *
 * <pre>{@code
 * DispatchPhase phase = TransportPhases.of(error, TransportPhases.lowerCaseMessage(error));
 * }</pre>
 */
public final class TransportPhases {
    private static final Phrases NOT_SENT_PHASE = Phrases.of("handshake", "certificate", "\\bpkix\\b",
            "certification path", "cert path", "\\bconnect timed out", "\\bconnect time out", "\\bconnect timeout",
            "\\bconnect refused", "\\bconnection timed out", "\\bconnection time out", "\\bconnection timeout",
            "\\bconnection refused", "unknown host", "unknownhost", "name resolution", "name or service not known",
            "nodename nor servname", "no route to host", "network is unreachable");
    private static final Phrases MAYBE_PROCESSED_PHASE = Phrases.of("\\bread timed out", "\\bread time out",
            "\\bread timeout", "mid-response", "midresponse", "mid-stream", "midstream", "mid-body", "midbody",
            "while reading", "\\btruncated\\b", "\\bchunked\\b", "bytes received",
            // The premature-close family: the response was cut short, or never came after the request went out.
            "\\bpremature", "ended unexpectedly", "closed unexpectedly", "unexpected end of stream",
            "unexpected end of file", "unexpected end of input", "eof reached", "received no bytes");
    private static final Phrases TRANSPORT_CUT = Phrases.of("connection reset", "connection was reset", "reset by peer",
            "peer closed", "closed by peer", "\\bclosed mid", "stream reset", "stream was reset", "\\beof\\b");
    private static final int MAX_MESSAGE = 4000;

    private TransportPhases() {
    }

    /**
     * The phase one exception shows by itself, its message already {@linkplain #lowerCaseMessage lower-cased}.
     *
     * @param error            one exception
     * @param lowerCaseMessage its message, lower-cased
     * @return the phase it shows
     */
    public static DispatchPhase of(Throwable error, String lowerCaseMessage) {
        // A later phase named in the message wins, also over an earlier one named beside it.
        if (MAYBE_PROCESSED_PHASE.foundIn(lowerCaseMessage)) {
            return DispatchPhase.MAYBE_PROCESSED;
        }
        if (NOT_SENT_PHASE.foundIn(lowerCaseMessage)) {
            return DispatchPhase.NOT_SENT;
        }
        DispatchPhase byType = byType(error);
        if (byType != DispatchPhase.UNKNOWN) {
            return byType;
        }
        return TRANSPORT_CUT.foundIn(lowerCaseMessage) ? DispatchPhase.MAYBE_PROCESSED : DispatchPhase.UNKNOWN;
    }

    /**
     * The chain rule over {@code links} (outermost first) whose messages are already lower-cased
     * (same order), each link judged by {@code phaseOfLink}: one unsafe link makes the chain unsafe.
     *
     * @param links             the chain, outermost first
     * @param lowerCaseMessages their messages, lower-cased, same order
     * @param phaseOfLink       the phase of one link
     * @return the chain's phase
     */
    public static DispatchPhase ofLinks(List<Throwable> links, List<String> lowerCaseMessages,
            BiFunction<Throwable, String, DispatchPhase> phaseOfLink) {
        DispatchPhase result = DispatchPhase.UNKNOWN;
        for (int i = 0; i < links.size(); i++) {
            DispatchPhase phase = phaseOfLink.apply(links.get(i), lowerCaseMessages.get(i));
            if (phase == DispatchPhase.MAYBE_PROCESSED) {
                return phase;
            }
            if (phase == DispatchPhase.NOT_SENT) {
                result = phase;
            }
        }
        return result;
    }

    /**
     * The message of {@code error}, lower-cased, cut to its head ("" for none).
     *
     * @param error an exception
     * @return its message's head, lower-cased, or {@code ""}
     */
    public static String lowerCaseMessage(Throwable error) {
        String message = error.getMessage();
        if (message == null) {
            return "";
        }
        // Long messages (whole response bodies) are cut: the words that matter come first.
        String head = message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message;
        return head.toLowerCase(Locale.ROOT);
    }

    private static DispatchPhase byType(Throwable error) {
        if (error instanceof ConnectException
                || error instanceof NoRouteToHostException
                || error instanceof HttpConnectTimeoutException
                || error instanceof UnknownHostException
                || error instanceof SSLHandshakeException
                || error instanceof SSLPeerUnverifiedException
                || error instanceof CertificateException
                || error instanceof CertPathBuilderException
                || error instanceof CertPathValidatorException) {
            return DispatchPhase.NOT_SENT;
        }
        if (error instanceof HttpTimeoutException
                || error instanceof SocketTimeoutException
                || error instanceof EOFException) {
            return DispatchPhase.MAYBE_PROCESSED;
        }
        return DispatchPhase.UNKNOWN;
    }
}
