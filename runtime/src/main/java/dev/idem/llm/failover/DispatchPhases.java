package dev.idem.llm.failover;

import dev.idem.internal.CauseChain;
import dev.idem.llm.DispatchPhase;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Decides how far a failed model request got ({@link DispatchPhase}), for one exception or for a
 * whole cause chain.
 *
 * <p>Precedence for a single exception, first match wins:
 * <ol>
 *   <li>{@link ProviderResponseException}: its phase, as stated by the client that threw it.</li>
 *   <li>{@link ProviderHttpException}: {@code UNKNOWN}, the provider answered with an error (5xx
 *       included) and such answers are treated as safe to replay; except an error reported
 *       inside a 200 stream after part of the answer ({@link ProviderHttpException#partialAnswer()}),
 *       which cut the response short: {@code MAYBE_PROCESSED}.</li>
 *   <li>Phase words in the message, because they say where the transport failed and so win over
 *       the exception's type and over a transport word next to them. Words of a later phase are
 *       read timed out / read timeout, mid-response, while reading, truncated, chunked, bytes
 *       received (a short fixed-length body), and the premature-close family: premature...,
 *       prematurely, ended or closed unexpectedly, unexpected end of stream / file / input, EOF
 *       reached, received no bytes (the request went out, the response was cut short or never
 *       came). Words of an early phase are handshake, certificate, PKIX, connect, connection
 *       refused, unknown host. <b>When the words conflict</b> ("TLS handshake completed; read
 *       timeout", "connect timed out; read timed out") the later phase wins:
 *       {@code MAYBE_PROCESSED}, because the request may have got past the early phase, and
 *       resending a request that was processed is the harm this rule exists to prevent. Early
 *       words alone are {@code NOT_SENT} ("connection reset during TLS handshake").</li>
 *   <li>The exception type: {@link ConnectException}, {@link NoRouteToHostException},
 *       {@link HttpConnectTimeoutException}, {@link UnknownHostException},
 *       {@link SSLHandshakeException}, {@link SSLPeerUnverifiedException},
 *       {@link CertificateException} and cert path failures are {@code NOT_SENT};
 *       {@link HttpTimeoutException} (sent, no answer in time), {@link SocketTimeoutException}
 *       (after connect a socket times out on a read; the JDK names connect timeouts, caught by
 *       rule 3) and {@link EOFException} are {@code MAYBE_PROCESSED}.</li>
 *   <li>A transport word in the message: connection reset, reset by peer, peer closed, closed
 *       mid-..., stream was reset, EOF are {@code MAYBE_PROCESSED} ("SSL connection reset by
 *       peer").</li>
 *   <li>Otherwise {@code UNKNOWN}.</li>
 * </ol>
 *
 * <p>For a chain ({@link #ofChain}) every link is decided this way (the walk ends at a cause
 * already seen): one {@code MAYBE_PROCESSED} link makes the chain {@code MAYBE_PROCESSED}, the
 * same rule as conflicting words in one message; else one {@code NOT_SENT} link makes it
 * {@code NOT_SENT}; else {@code UNKNOWN}.
 *
 * <pre>{@code
 * DispatchPhase phase = DispatchPhases.ofChain(new UncheckedIOException(new SocketTimeoutException("Read timed out")));
 * // MAYBE_PROCESSED: do not replay this request on a turn that exposes tools
 * }</pre>
 */
public final class DispatchPhases {
    private static final Phrases NOT_SENT_PHASE = Phrases.of("handshake", "certificate", "\\bpkix\\b",
            "certification path", "cert path", "\\bconnect timed out", "\\bconnect time out", "\\bconnect timeout",
            "\\bconnect refused", "\\bconnection timed out", "\\bconnection time out", "\\bconnection timeout",
            "\\bconnection refused", "unknown host", "unknownhost", "name resolution", "name or service not known",
            "nodename nor servname", "no route to host");
    private static final Phrases MAYBE_PROCESSED_PHASE = Phrases.of("\\bread timed out", "\\bread time out",
            "\\bread timeout", "mid-response", "midresponse", "mid-stream", "midstream", "mid-body", "midbody",
            "while reading", "\\btruncated\\b", "\\bchunked\\b", "bytes received",
            // The premature-close family: the response was cut short, or never came after the request went out.
            "\\bpremature", "ended unexpectedly", "closed unexpectedly", "unexpected end of stream",
            "unexpected end of file", "unexpected end of input", "eof reached", "received no bytes");
    private static final Phrases TRANSPORT_CUT = Phrases.of("connection reset", "connection was reset", "reset by peer",
            "peer closed", "closed by peer", "\\bclosed mid", "stream reset", "stream was reset", "\\beof\\b");
    private static final int MAX_MESSAGE = 4000;

    private DispatchPhases() {
    }

    /** The phase one exception shows by itself, ignoring its causes. */
    public static DispatchPhase of(Throwable error) {
        return error == null ? DispatchPhase.UNKNOWN : of(error, lowerCaseMessage(error));
    }

    /** As {@link #of(Throwable)}, with the message already lower-cased by the caller. */
    static DispatchPhase of(Throwable error, String message) {
        if (error instanceof ProviderResponseException response) {
            return response.phase();
        }
        if (error instanceof ProviderHttpException http) {
            return http.partialAnswer() ? DispatchPhase.MAYBE_PROCESSED : DispatchPhase.UNKNOWN;
        }
        // A later phase named in the message wins, also over an earlier one named beside it.
        if (MAYBE_PROCESSED_PHASE.foundIn(message)) {
            return DispatchPhase.MAYBE_PROCESSED;
        }
        if (NOT_SENT_PHASE.foundIn(message)) {
            return DispatchPhase.NOT_SENT;
        }
        DispatchPhase byType = byType(error);
        if (byType != DispatchPhase.UNKNOWN) {
            return byType;
        }
        return TRANSPORT_CUT.foundIn(message) ? DispatchPhase.MAYBE_PROCESSED : DispatchPhase.UNKNOWN;
    }

    /** The phase of a whole cause chain: one unsafe link makes the chain unsafe. */
    public static DispatchPhase ofChain(Throwable error) {
        List<Throwable> links = CauseChain.of(error);
        List<String> messages = new ArrayList<>(links.size());
        for (Throwable link : links) {
            messages.add(lowerCaseMessage(link));
        }
        return ofLinks(links, messages);
    }

    /** The chain rule over links whose messages the caller already lower-cased (same order). */
    static DispatchPhase ofLinks(List<Throwable> links, List<String> lowerCaseMessages) {
        DispatchPhase result = DispatchPhase.UNKNOWN;
        for (int i = 0; i < links.size(); i++) {
            DispatchPhase phase = of(links.get(i), lowerCaseMessages.get(i));
            if (phase == DispatchPhase.MAYBE_PROCESSED) {
                return phase;
            }
            if (phase == DispatchPhase.NOT_SENT) {
                result = phase;
            }
        }
        return result;
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

    static String lowerCaseMessage(Throwable error) {
        String message = error.getMessage();
        if (message == null) {
            return "";
        }
        // Long messages (whole response bodies) are cut: the words that matter come first.
        String head = message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message;
        return head.toLowerCase(Locale.ROOT);
    }
}
