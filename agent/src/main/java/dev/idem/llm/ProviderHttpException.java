package dev.idem.llm;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A model provider answered with an HTTP error. Carries what the classifier needs: status, body
 * and headers (names compared case-insensitively). Provider clients throw it and never retry.
 *
 * <p>Also thrown for an error a provider reports inside an HTTP 200 stream
 * ({@code data: {"error":{...}}}, {@code event: error}): then the status is the one the error
 * states (else 200), and {@link #partialAnswer()} says whether part of the answer had already
 * arrived, which makes the response one cut short.
 *
 * <pre>{@code
 * throw new ProviderHttpException(response.statusCode(), response.body(), response.headers().map());
 * }</pre>
 */
public final class ProviderHttpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The HTTP status code. */
    private final int status;
    /** The response body, empty when there was none. */
    private final String body;
    private final transient Map<String, List<String>> headers;
    /** Whether the error arrived inside a 200 stream after part of the answer. */
    private final boolean partialAnswer;

    /**
     * An HTTP error answer; null headers or header values are taken as none.
     *
     * @param status the HTTP status code
     * @param body the response body, or {@code null}
     * @param headers the response headers, or {@code null}
     */
    public ProviderHttpException(int status, String body, Map<String, List<String>> headers) {
        this(status, body, headers, false);
    }

    /**
     * An error answer; {@code partialAnswer} when the provider reported it inside a 200 stream
     * after part of the answer had been delivered.
     *
     * @param status the HTTP status code
     * @param body the response body, or {@code null}
     * @param headers the response headers, or {@code null}
     * @param partialAnswer whether part of the answer had been delivered before the error
     */
    public ProviderHttpException(int status, String body, Map<String, List<String>> headers, boolean partialAnswer) {
        super("HTTP " + status + (partialAnswer ? " inside a 200 stream" : "")
                + (body == null || body.isEmpty() ? "" : ": " + abbreviate(body)));
        this.status = status;
        this.body = body == null ? "" : body;
        this.partialAnswer = partialAnswer;
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            headers.forEach((name, values) -> {
                if (name != null && values != null) {
                    copy.put(name, values.stream().filter(Objects::nonNull).toList());
                }
            });
        }
        this.headers = copy;
    }

    /**
     * The HTTP status code.
     *
     * @return the status code
     */
    public int status() {
        return status;
    }

    /**
     * The response body, empty when there was none.
     *
     * @return the body
     */
    public String body() {
        return body;
    }

    /**
     * Response headers, names case-insensitive.
     *
     * @return the headers, each with its values in order
     */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /**
     * Whether the error arrived inside a 200 stream after part of the answer: the response was
     * cut short, and the provider may have acted on the request.
     *
     * @return true when the response was cut short after part of the answer
     */
    public boolean partialAnswer() {
        return partialAnswer;
    }

    /**
     * The first value of a header, or {@code null}.
     *
     * @param name the header's name, in any case
     * @return the first value, or {@code null} when the header is absent
     */
    public String header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static String abbreviate(String text) {
        return text.length() <= 500 ? text : text.substring(0, 500) + "...";
    }
}
