package dev.idem.samples.chaos;

import dev.idem.llm.ProviderHttpException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.util.List;
import java.util.Map;

/**
 * What can go wrong on one model call: a provider failure thrown instead of the answer, or a
 * mistake in the answer itself (arguments cut off, a tool that does not exist).
 */
enum ModelFault {
    /** 429 with {@code Retry-After: 1}: wait at least a second. */
    RATE_LIMITED_429(1000),
    /** 503: overloaded, no hint. */
    SERVICE_UNAVAILABLE_503(0),
    /** 529: overloaded (Anthropic's spelling). */
    OVERLOADED_529(0),
    /** The request was sent and no answer came in time: the model may have acted (MAYBE_PROCESSED). */
    READ_TIMEOUT(0),
    /** Nobody listened: the request never left (NOT_SENT), safe to send again. */
    CONNECTION_REFUSED(0),
    /** 401 {@code invalid_api_key}: permanent. */
    INVALID_API_KEY_401(0),
    /** The model's first tool call comes with its arguments cut off. */
    MALFORMED_ARGUMENTS(0),
    /** The model's first tool call names a tool that does not exist. */
    UNKNOWN_TOOL(0);

    private final long hintMs;

    ModelFault(long hintMs) {
        this.hintMs = hintMs;
    }

    /** The wait the provider asks for, 0 for none. */
    long hintMs() {
        return hintMs;
    }

    /** Whether the model answers, wrongly, instead of failing. */
    boolean isMistake() {
        return this == MALFORMED_ARGUMENTS || this == UNKNOWN_TOOL;
    }

    /** A fresh exception, as the provider client reports it (checked I/O is wrapped by the script). */
    Exception exception() {
        switch (this) {
            case RATE_LIMITED_429:
                return new ProviderHttpException(429, "{\"error\":{\"message\":\"Rate limit reached\","
                        + "\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}",
                        Map.of("retry-after", List.of("1")));
            case SERVICE_UNAVAILABLE_503:
                return new ProviderHttpException(503, "{\"error\":{\"message\":\"The server is overloaded\"}}", Map.of());
            case OVERLOADED_529:
                return new ProviderHttpException(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\","
                        + "\"message\":\"Overloaded\"}}", Map.of());
            case READ_TIMEOUT:
                return new HttpTimeoutException("request timed out");
            case CONNECTION_REFUSED:
                return new ConnectException("Connection refused");
            case INVALID_API_KEY_401:
                return new ProviderHttpException(401, "{\"error\":{\"message\":\"Incorrect API key provided\","
                        + "\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}", Map.of());
            default:
                throw new IllegalStateException(this + " is a mistake in an answer, not a failure");
        }
    }
}
