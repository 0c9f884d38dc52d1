package dev.idem.llm.failover;

import dev.idem.llm.ErrorKind;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The kind of an HTTP error answer. Precedence, first match wins:
 * <ol>
 *   <li>a message saying the request itself is larger than the limit it is measured against
 *       ({@link MessagePatterns#oversizedRequest}: "Request too large ... Limit 30000, Requested
 *       45000") is CONTEXT_OVERFLOW, whatever rate-limit code or status (429, 413) comes with it:
 *       waiting never makes it fit;</li>
 *   <li>the provider's error code, then its error type, when they name a cause
 *       ({@link ProviderErrorCodes}): 429 + {@code insufficient_quota} is BILLING, 400 +
 *       {@code context_length_exceeded} is CONTEXT_OVERFLOW, 401 + {@code invalid_api_key} is
 *       AUTH_PERMANENT. Generic types that only restate the status class ({@code api_error},
 *       {@code server_error}, {@code invalid_request_error} ...) say nothing: the status decides
 *       (Ollama labels its 401, 404 and 429 answers {@code api_error});</li>
 *   <li>statuses that mean one thing: 402 BILLING, 408 IDLE_TIMEOUT, 500/502/503/504/529
 *       OVERLOADED;</li>
 *   <li>{@link MessagePatterns} on the provider's message, narrowed by status where the status
 *       already says most: 401/403 may only become AUTH_PERMANENT or BILLING, 429 only BILLING,
 *       404 only MODEL_NOT_FOUND; other statuses take any pattern;</li>
 *   <li>the status alone: 401/403 AUTH, 404 MODEL_NOT_FOUND when the message is about a model
 *       else FORMAT_ERROR (a wrong endpoint does not heal), 413 CONTEXT_OVERFLOW, 429 RATE_LIMIT,
 *       other 4xx FORMAT_ERROR except 409/425 UNKNOWN, other 5xx UNKNOWN, anything else UNKNOWN.</li>
 * </ol>
 * A kind read from the status (steps 3 and 5) or from FORMAT_ERROR's vague words ("bad request",
 * "400"), which only restate the status, is a guess, and a guess yields to the server's own
 * verdict: when it said {@code x-should-retry: true}, a guessed kind that would never be retried
 * is UNKNOWN instead, so the request is retried within the attempt cap, as
 * {@code x-should-retry: false} stops one that would be. A cause the provider named (steps 1, 2
 * and the other patterns of step 4: {@code context_length_exceeded}, "invalid api key") stays.
 */
final class HttpFailureKinds {
    private static final Set<ErrorKind> AUTH_REFINEMENTS = EnumSet.of(ErrorKind.AUTH_PERMANENT, ErrorKind.BILLING);
    private static final Set<ErrorKind> RATE_LIMIT_REFINEMENTS = EnumSet.of(ErrorKind.BILLING);
    private static final Set<ErrorKind> NOT_FOUND_REFINEMENTS = EnumSet.of(ErrorKind.MODEL_NOT_FOUND);
    private static final Pattern MODEL_WORD = Pattern.compile("\\bmodels?\\b");

    private HttpFailureKinds() {
    }

    /**
     * The kind of an error answer.
     *
     * @param serverRequestedRetry whether the answer carried {@code x-should-retry: true}
     */
    static ErrorKind kindOf(int status, ProviderErrorBody body, boolean serverRequestedRetry) {
        if (MessagePatterns.oversizedRequest(body.text())) {
            return ErrorKind.CONTEXT_OVERFLOW;
        }
        ErrorKind byCode = ProviderErrorCodes.kindOf(body.code());
        if (byCode == null) {
            byCode = ProviderErrorCodes.kindOf(body.type());
        }
        if (byCode != null) {
            return byCode;
        }
        ErrorKind guessed = statusMeaning(status);
        if (guessed == null) {
            ErrorKind byMessage = MessagePatterns.match(body.text(), refinementsFor(status));
            if (byMessage != null && byMessage != ErrorKind.FORMAT_ERROR) {
                return byMessage; // a cause the provider named in words
            }
            guessed = byMessage != null ? byMessage : byStatus(status, body.text());
        }
        return serverRequestedRetry && FailoverPolicy.isPermanent(guessed) ? ErrorKind.UNKNOWN : guessed;
    }

    /** Step 3: the kind of a status that means one thing, or null. */
    private static ErrorKind statusMeaning(int status) {
        switch (status) {
            case 402:
                return ErrorKind.BILLING;
            case 408:
                return ErrorKind.IDLE_TIMEOUT;
            case 500: case 502: case 503: case 504: case 529:
                return ErrorKind.OVERLOADED;
            default:
                return null;
        }
    }

    private static Set<ErrorKind> refinementsFor(int status) {
        switch (status) {
            case 401: case 403:
                return AUTH_REFINEMENTS;
            case 429:
                return RATE_LIMIT_REFINEMENTS;
            case 404:
                return NOT_FOUND_REFINEMENTS;
            default:
                return null;
        }
    }

    private static ErrorKind byStatus(int status, String text) {
        switch (status) {
            case 401: case 403:
                return ErrorKind.AUTH;
            case 404:
                return MODEL_WORD.matcher(text).find() ? ErrorKind.MODEL_NOT_FOUND : ErrorKind.FORMAT_ERROR;
            case 413:
                return ErrorKind.CONTEXT_OVERFLOW;
            case 429:
                return ErrorKind.RATE_LIMIT;
            case 409: case 425:
                return ErrorKind.UNKNOWN;
            default:
                return status >= 400 && status < 500 ? ErrorKind.FORMAT_ERROR : ErrorKind.UNKNOWN;
        }
    }
}
