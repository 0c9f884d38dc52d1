package dev.idem.tool;

import dev.idem.retry.TransportPhases;
import dev.idem.retry.DispatchPhase;
import dev.idem.ErrorType;
import dev.idem.internal.CauseChain;
import java.io.EOFException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * Decides the {@link ErrorType} of a tool failure and how far the tool's request got
 * ({@link DispatchPhase}). The one place that does so; it never throws.
 *
 * <p>Order, first match wins:
 * <ol>
 *   <li>a {@link ToolException} anywhere in the cause chain: its type and verdict, and its phase
 *       when it states one;
 *   <li>a transport failure anywhere in the chain (a JDK timeout or connection type, or a message
 *       that names a dispatch phase), judged by the one transport judgement the model side uses
 *       too: a failure before the request left (connect refused or timed out, unknown host, no
 *       route, TLS handshake) is {@link ErrorType#CONNECTION_ERROR}, nothing happened; a timeout
 *       after it left is {@link ErrorType#TIMEOUT}; a reset, EOF, premature close or "received no
 *       bytes" after it left, or any connection failure that does not show it never left, is
 *       {@link ErrorType#CONNECTION_ERROR} with phase {@link DispatchPhase#MAYBE_PROCESSED}: the
 *       effect may have happened;
 *   <li>a programming error type anywhere in the chain ({@link IllegalArgumentException},
 *       {@link NullPointerException}, {@link ClassCastException},
 *       {@link UnsupportedOperationException}, {@link ArithmeticException},
 *       {@link IndexOutOfBoundsException}, {@link NoSuchElementException} (an empty
 *       {@code Optional} or iterator read anyway): terminal;
 *   <li>message patterns, case-insensitive and word-bounded, in this order: timeout
 *       ("timed out", "timeout"), rate limit ("rate limit", "too many requests", "429"),
 *       connection ("connection", "network", which says nothing of the phase: may have taken
 *       effect);
 *   <li>otherwise {@link ErrorType#UNKNOWN}.
 * </ol>
 * The cause chain is walked once; cycles end the walk. A {@link ToolException} of type
 * {@code CONNECTION_ERROR} that states no phase is read as the tool says ("could not be reached"),
 * unless its causes show the request went out.
 *
 * <pre>{@code
 * ErrorType type = ToolErrorClassifier.classify(new UncheckedIOException(new SocketTimeoutException()));
 * // TIMEOUT
 * DispatchPhase phase = ToolErrorClassifier.phase(new IOException("HTTP/1.1 header parser received no bytes"));
 * // MAYBE_PROCESSED: the mail may have been sent
 * }</pre>
 */
public final class ToolErrorClassifier {

    private static final Pattern TIMEOUT_WORDS = Pattern.compile("\\b(timed out|time-?outs?)\\b");
    private static final Pattern RATE_LIMIT_WORDS =
            Pattern.compile("\\b(rate[- ]?limit(s|ed|ing)?|too many requests|429)\\b");
    private static final Pattern CONNECTION_WORDS = Pattern.compile("\\b(connections?|network)\\b");

    private ToolErrorClassifier() {}

    /**
     * The type of {@code error}; never throws, {@code null} is {@link ErrorType#UNKNOWN}.
     *
     * @param error what a body threw, or {@code null}
     * @return its type
     */
    public static ErrorType classify(Throwable error) {
        return verdict(error).type();
    }

    /**
     * Whether {@code error} may be retried at all: a {@link ToolException}'s own verdict, else
     * whether its type is a retryable kind. The policy still has to name the type.
     *
     * @param error what a body threw
     * @return whether it may be retried at all
     */
    public static boolean retryable(Throwable error) {
        return verdict(error).retryable();
    }

    /**
     * How far the request behind {@code error} got: {@link DispatchPhase#NOT_SENT} when nothing
     * happened, {@link DispatchPhase#MAYBE_PROCESSED} when the effect may have happened,
     * {@link DispatchPhase#UNKNOWN} when the failure is not about a request (the type then says
     * what is known).
     *
     * @param error what a body threw
     * @return how far its request got
     */
    public static DispatchPhase phase(Throwable error) {
        return verdict(error).phase();
    }

    static Verdict verdict(Throwable error) {
        try {
            return decide(error);
        } catch (RuntimeException | StackOverflowError unexpected) {
            // A hostile getCause()/getMessage() must not turn a tool failure into an executor crash.
            return new Verdict(ErrorType.UNKNOWN, true, 0, DispatchPhase.UNKNOWN);
        }
    }

    private static Verdict decide(Throwable error) {
        if (error == null) {
            return new Verdict(ErrorType.UNKNOWN, true, 0, DispatchPhase.UNKNOWN);
        }
        List<Throwable> links = CauseChain.of(error);
        List<String> messages = new ArrayList<>(links.size());
        for (Throwable link : links) {
            messages.add(TransportPhases.lowerCaseMessage(link));
        }
        DispatchPhase judged = TransportPhases.ofLinks(links, messages, TransportPhases::of);
        for (Throwable link : links) {
            if (link instanceof ToolException stated) {
                DispatchPhase phase = stated.phase() != DispatchPhase.UNKNOWN ? stated.phase()
                        : stated.type() == ErrorType.CONNECTION_ERROR && judged != DispatchPhase.MAYBE_PROCESSED
                                ? DispatchPhase.NOT_SENT : judged;
                return new Verdict(stated.type(), stated.retryable(), stated.retryAfterMs(), phase);
            }
        }
        ErrorType transport = transportType(links);
        if (transport == null && judged != DispatchPhase.UNKNOWN) {
            transport = ErrorType.CONNECTION_ERROR; // a message naming a phase is a transport failure
        }
        if (transport != null) {
            if (judged == DispatchPhase.NOT_SENT) {
                return new Verdict(ErrorType.CONNECTION_ERROR, true, 0, DispatchPhase.NOT_SENT);
            }
            if (transport == ErrorType.TIMEOUT || anyTimeoutWords(messages)) {
                return new Verdict(ErrorType.TIMEOUT, true, 0, DispatchPhase.MAYBE_PROCESSED);
            }
            return new Verdict(ErrorType.CONNECTION_ERROR, true, 0, DispatchPhase.MAYBE_PROCESSED);
        }
        for (Throwable link : links) {
            if (isProgrammingError(link)) {
                return new Verdict(ErrorType.PROGRAMMING_ERROR, false, 0, DispatchPhase.UNKNOWN);
            }
        }
        for (String message : messages) {
            ErrorType byMessage = byMessage(message);
            if (byMessage != null) {
                // Words alone never show that a request did not leave: a connection failure named only
                // by a word may have taken effect.
                return new Verdict(byMessage, true, 0, byMessage == ErrorType.RATE_LIMIT
                        ? DispatchPhase.UNKNOWN : DispatchPhase.MAYBE_PROCESSED);
            }
        }
        return new Verdict(ErrorType.UNKNOWN, true, 0, DispatchPhase.UNKNOWN);
    }

    /** TIMEOUT or CONNECTION_ERROR for the first JDK transport type in the chain, outermost first; else null. */
    private static ErrorType transportType(List<Throwable> links) {
        for (Throwable link : links) {
            // Timeouts first: SocketTimeoutException is an InterruptedIOException, and
            // HttpConnectTimeoutException is an HttpTimeoutException (the phase makes it a connection error).
            if (link instanceof SocketTimeoutException
                    || link instanceof HttpTimeoutException
                    || link instanceof TimeoutException
                    || link instanceof InterruptedIOException) {
                return ErrorType.TIMEOUT;
            }
            if (link instanceof ConnectException
                    || link instanceof UnknownHostException
                    || link instanceof NoRouteToHostException
                    || link instanceof SocketException
                    || link instanceof ClosedChannelException
                    || link instanceof EOFException
                    || link instanceof SSLException) {
                return ErrorType.CONNECTION_ERROR;
            }
        }
        return null;
    }

    private static boolean anyTimeoutWords(List<String> messages) {
        for (String message : messages) {
            if (TIMEOUT_WORDS.matcher(message).find()) {
                return true;
            }
        }
        return false;
    }

    private static boolean isProgrammingError(Throwable link) {
        return link instanceof IllegalArgumentException
                || link instanceof NullPointerException
                || link instanceof ClassCastException
                || link instanceof UnsupportedOperationException
                || link instanceof ArithmeticException
                || link instanceof IndexOutOfBoundsException
                || link instanceof NoSuchElementException;
    }

    private static ErrorType byMessage(String lowerCaseMessage) {
        if (lowerCaseMessage.isEmpty()) {
            return null;
        }
        if (TIMEOUT_WORDS.matcher(lowerCaseMessage).find()) {
            return ErrorType.TIMEOUT;
        }
        if (RATE_LIMIT_WORDS.matcher(lowerCaseMessage).find()) {
            return ErrorType.RATE_LIMIT;
        }
        if (CONNECTION_WORDS.matcher(lowerCaseMessage).find()) {
            return ErrorType.CONNECTION_ERROR;
        }
        return null;
    }

    /**
     * A classification: the type, whether it may be retried at all, the wait the service asked
     * for through a {@link ToolException} (0 for none), and how far the request got.
     */
    record Verdict(ErrorType type, boolean retryable, long retryAfterMs, DispatchPhase phase) {
        Verdict {
            retryable = retryable && type.isRetryable();
        }
    }
}
