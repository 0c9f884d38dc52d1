package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.CauseChain;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * Decides the {@link ErrorType} of a tool failure. The one place that does so; it never throws.
 *
 * <p>Order, first match wins:
 * <ol>
 *   <li>a {@link ToolException} anywhere in the cause chain: its type and verdict;
 *   <li>a known JDK transport type anywhere in the chain, outermost first: timeouts
 *       ({@link SocketTimeoutException}, {@link HttpTimeoutException} (including its connect
 *       variant), {@link TimeoutException}, {@link InterruptedIOException}) before connection
 *       failures ({@link ConnectException}, {@link UnknownHostException},
 *       {@link NoRouteToHostException}, {@link SocketException}, {@link ClosedChannelException});
 *       a wrapper's type says less than the transport failure it wraps;
 *   <li>a programming error type anywhere in the chain ({@link IllegalArgumentException},
 *       {@link NullPointerException}, {@link ClassCastException},
 *       {@link UnsupportedOperationException}, {@link ArithmeticException},
 *       {@link IndexOutOfBoundsException}, {@link NoSuchElementException} (an empty
 *       {@code Optional} or iterator read anyway): terminal;
 *   <li>message patterns, case-insensitive and word-bounded, in this order: timeout
 *       ("timed out", "timeout"), rate limit ("rate limit", "too many requests", "429"),
 *       connection ("connection", "network");
 *   <li>otherwise {@link ErrorType#UNKNOWN}.
 * </ol>
 * The cause chain is walked once; cycles end the walk.
 *
 * <pre>{@code
 * ErrorType type = ToolErrorClassifier.classify(new UncheckedIOException(new SocketTimeoutException()));
 * // TIMEOUT
 * }</pre>
 */
public final class ToolErrorClassifier {

    private static final Pattern TIMEOUT_WORDS = Pattern.compile("\\b(timed out|time-?outs?)\\b");
    private static final Pattern RATE_LIMIT_WORDS =
            Pattern.compile("\\b(rate[- ]?limit(s|ed|ing)?|too many requests|429)\\b");
    private static final Pattern CONNECTION_WORDS = Pattern.compile("\\b(connections?|network)\\b");

    private ToolErrorClassifier() {}

    /** The type of {@code error}; never throws, {@code null} is {@link ErrorType#UNKNOWN}. */
    public static ErrorType classify(Throwable error) {
        return verdict(error).type();
    }

    /**
     * Whether {@code error} may be retried at all: a {@link ToolException}'s own verdict, else
     * whether its type is a retryable kind. The policy still has to name the type.
     */
    public static boolean retryable(Throwable error) {
        return verdict(error).retryable();
    }

    static Verdict verdict(Throwable error) {
        try {
            return decide(error);
        } catch (RuntimeException | StackOverflowError unexpected) {
            // A hostile getCause()/getMessage() must not turn a tool failure into an executor crash.
            return new Verdict(ErrorType.UNKNOWN, true);
        }
    }

    private static Verdict decide(Throwable error) {
        if (error == null) {
            return new Verdict(ErrorType.UNKNOWN, true);
        }
        List<Throwable> links = CauseChain.of(error);
        for (Throwable link : links) {
            if (link instanceof ToolException toolException) {
                return new Verdict(toolException.type(), toolException.retryable(), toolException.retryAfterMs());
            }
        }
        for (Throwable link : links) {
            ErrorType transport = transportType(link);
            if (transport != null) {
                return new Verdict(transport, true);
            }
        }
        for (Throwable link : links) {
            if (isProgrammingError(link)) {
                return new Verdict(ErrorType.PROGRAMMING_ERROR, false);
            }
        }
        for (Throwable link : links) {
            ErrorType byMessage = byMessage(link.getMessage());
            if (byMessage != null) {
                return new Verdict(byMessage, true);
            }
        }
        return new Verdict(ErrorType.UNKNOWN, true);
    }

    private static ErrorType transportType(Throwable link) {
        // Timeouts first: SocketTimeoutException is an InterruptedIOException, and
        // HttpConnectTimeoutException is an HttpTimeoutException (an IOException, not a SocketException).
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
                || link instanceof ClosedChannelException) {
            return ErrorType.CONNECTION_ERROR;
        }
        return null;
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

    private static ErrorType byMessage(String message) {
        if (message == null || message.isEmpty()) {
            return null;
        }
        String text = message.toLowerCase(Locale.ROOT);
        if (TIMEOUT_WORDS.matcher(text).find()) {
            return ErrorType.TIMEOUT;
        }
        if (RATE_LIMIT_WORDS.matcher(text).find()) {
            return ErrorType.RATE_LIMIT;
        }
        if (CONNECTION_WORDS.matcher(text).find()) {
            return ErrorType.CONNECTION_ERROR;
        }
        return null;
    }

    /**
     * A classification: the type, whether it may be retried at all, and the wait the service
     * asked for through a {@link ToolException} (0 for none).
     */
    record Verdict(ErrorType type, boolean retryable, long retryAfterMs) {
        Verdict(ErrorType type, boolean retryable) {
            this(type, retryable, 0);
        }

        Verdict {
            retryable = retryable && type.isRetryable();
        }
    }
}
