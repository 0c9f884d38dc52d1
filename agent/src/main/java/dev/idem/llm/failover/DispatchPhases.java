package dev.idem.llm.failover;

import dev.idem.internal.CauseChain;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.retry.DispatchPhase;
import dev.idem.retry.TransportPhases;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides how far a failed model request got ({@link DispatchPhase}), for one exception or for a
 * whole cause chain. Rules 3 to 6 are the transport's own, judged by the runtime's one transport
 * judgement, which the tool executor applies to tool failures too.
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
 *   <li>The exception type: {@link java.net.ConnectException}, {@link java.net.NoRouteToHostException},
 *       {@link java.net.http.HttpConnectTimeoutException}, {@link java.net.UnknownHostException},
 *       {@link javax.net.ssl.SSLHandshakeException}, {@link javax.net.ssl.SSLPeerUnverifiedException},
 *       {@link java.security.cert.CertificateException} and cert path failures are {@code NOT_SENT};
 *       {@link java.net.http.HttpTimeoutException} (sent, no answer in time), {@link java.net.SocketTimeoutException}
 *       (after connect a socket times out on a read; the JDK names connect timeouts, caught by
 *       rule 3) and {@link java.io.EOFException} are {@code MAYBE_PROCESSED}.</li>
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

    private DispatchPhases() {
    }

    /**
     * The phase one exception shows by itself, ignoring its causes.
     *
     * @param error the exception
     * @return the phase it shows
     */
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
        return TransportPhases.of(error, message);
    }

    /**
     * The phase of a whole cause chain: one unsafe link makes the chain unsafe.
     *
     * @param error the outermost exception
     * @return the least safe phase of the chain
     */
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
        return TransportPhases.ofLinks(links, lowerCaseMessages, DispatchPhases::of);
    }

    static String lowerCaseMessage(Throwable error) {
        return TransportPhases.lowerCaseMessage(error);
    }
}
