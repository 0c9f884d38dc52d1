package dev.idem.llm.failover;

import dev.idem.internal.CauseChain;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.TimeoutException;
import tools.jackson.core.JacksonException;

/**
 * The one classifier of model-call failures: turns any exception thrown by a provider client
 * into a {@link ModelFailure} (kind, phase, status, server hints). Stateless and thread-safe;
 * never throws, whatever the exception, its body or its cause chain (cycles included).
 *
 * <p>Kind precedence, first match wins:
 * <ol>
 *   <li>A {@link ProviderResponseException} anywhere in the cause chain: its kind and phase, as
 *       stated by the client that knew what the bad response meant.</li>
 *   <li>A {@link ProviderHttpException} anywhere in the chain (also an error reported inside a
 *       200 stream, with the status it states): status plus the provider's error code/type from
 *       the body (see {@code HttpFailureKinds}: a request too large for its limit, then code,
 *       then type, then statuses with one meaning, then message patterns narrowed by status,
 *       then the status alone, which yields to {@code x-should-retry: true}).</li>
 *   <li>Exception types, outermost link first: {@link HttpTimeoutException} (connect timeouts
 *       included), {@link SocketTimeoutException} and {@link TimeoutException} are IDLE_TIMEOUT;
 *       a Jackson parse failure is FORMAT_ERROR.</li>
 *   <li>Message patterns, outermost link first, in the order documented on
 *       {@code MessagePatterns}: BILLING, CONTEXT_OVERFLOW, AUTH_PERMANENT, MODEL_NOT_FOUND,
 *       RATE_LIMIT, AUTH, OVERLOADED, IDLE_TIMEOUT, EMPTY_RESPONSE, FORMAT_ERROR.</li>
 *   <li>UNKNOWN.</li>
 * </ol>
 * The phase is the one {@link DispatchPhases#ofChain} gives, except in case 1.
 * Server hints: {@code x-should-retry}, {@code retry-after-ms}, {@code Retry-After} (seconds or
 * HTTP date relative to the clock), body {@code retryDelay}, "try again in 20s" in a message.
 *
 * <pre>{@code
 * ModelErrorClassifier classifier = new ModelErrorClassifier();
 * ModelFailure failure = classifier.classify(new ProviderHttpException(429,
 *         "{\"error\":{\"code\":\"insufficient_quota\"}}", Map.of()));
 * // failure.kind() == ErrorKind.BILLING
 * }</pre>
 */
public final class ModelErrorClassifier {
    private final Clock clock;

    /** A classifier reading HTTP-date hints against the system clock. */
    public ModelErrorClassifier() {
        this(Clock.systemUTC());
    }

    /**
     * A classifier reading HTTP-date {@code Retry-After} hints against the given clock.
     *
     * @param clock the clock that HTTP dates are compared with
     */
    public ModelErrorClassifier(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Classifies a failure of a model call; a null error is UNKNOWN.
     *
     * @param error the failure, or {@code null}
     * @return its classification
     */
    public ModelFailure classify(Throwable error) {
        try {
            return classifyChain(error);
        } catch (RuntimeException | StackOverflowError brokenException) {
            // An exception whose getMessage() or getCause() throws still fails the call; it must
            // not also break the decision about it.
            return ModelFailure.of(ErrorKind.UNKNOWN, DispatchPhase.UNKNOWN, "unclassifiable failure");
        }
    }

    private ModelFailure classifyChain(Throwable error) {
        List<Throwable> links = CauseChain.of(error);
        if (links.isEmpty()) {
            return ModelFailure.of(ErrorKind.UNKNOWN, DispatchPhase.UNKNOWN, "no error");
        }
        List<String> messages = new ArrayList<>(links.size());
        for (Throwable link : links) {
            messages.add(DispatchPhases.lowerCaseMessage(link));
        }
        for (Throwable link : links) {
            if (link instanceof ProviderResponseException stated) {
                return new ModelFailure(stated.kind(), stated.phase(), OptionalInt.empty(),
                        textHint(messages), Optional.empty(), describe(stated));
            }
        }
        DispatchPhase phase = DispatchPhases.ofLinks(links, messages);
        for (Throwable link : links) {
            if (link instanceof ProviderHttpException http) {
                return classifyHttp(http, phase);
            }
        }
        return new ModelFailure(kindOfTransport(links, messages), phase, OptionalInt.empty(), textHint(messages),
                Optional.empty(), describe(links.get(0)));
    }

    private ModelFailure classifyHttp(ProviderHttpException http, DispatchPhase phase) {
        ProviderErrorBody body = ProviderErrorBody.parse(http.body());
        Optional<Boolean> shouldRetry = RetryHints.shouldRetry(http.header("x-should-retry"));
        ErrorKind kind = HttpFailureKinds.kindOf(http.status(), body, shouldRetry.orElse(Boolean.FALSE));
        OptionalLong hint = RetryHints.fromHeaders(http, clock);
        if (hint.isEmpty()) {
            hint = body.retryDelayMs();
        }
        if (hint.isEmpty()) {
            hint = RetryHints.fromText(body.text());
        }
        String detail = body.code() != null ? body.code() : body.type();
        String message = "HTTP " + http.status() + (http.partialAnswer() ? " inside a 200 stream" : "")
                + (detail == null ? "" : " (" + detail + ")")
                + (body.text().isEmpty() ? "" : ": " + abbreviate(body.text()));
        return new ModelFailure(kind, phase, OptionalInt.of(http.status()), hint, shouldRetry, message);
    }

    private static ErrorKind kindOfTransport(List<Throwable> links, List<String> messages) {
        for (Throwable link : links) {
            if (link instanceof HttpTimeoutException || link instanceof SocketTimeoutException
                    || link instanceof TimeoutException) {
                return ErrorKind.IDLE_TIMEOUT;
            }
            if (link instanceof JacksonException) {
                return ErrorKind.FORMAT_ERROR;
            }
        }
        for (String message : messages) {
            ErrorKind byMessage = MessagePatterns.match(message);
            if (byMessage != null) {
                return byMessage;
            }
        }
        return ErrorKind.UNKNOWN;
    }

    private static OptionalLong textHint(List<String> messages) {
        for (String message : messages) {
            OptionalLong hint = RetryHints.fromText(message);
            if (hint.isPresent()) {
                return hint;
            }
        }
        return OptionalLong.empty();
    }

    private static String describe(Throwable error) {
        String message = error.getMessage();
        String name = error.getClass().getSimpleName();
        return message == null || message.isBlank() ? name : name + ": " + abbreviate(message);
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
