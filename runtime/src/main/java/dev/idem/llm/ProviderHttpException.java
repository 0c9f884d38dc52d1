package dev.idem.llm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A model provider answered with an HTTP error. Carries what the classifier needs: status, body
 * and headers (names compared case-insensitively). Provider clients throw it and never retry.
 */
public final class ProviderHttpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String body;
    private final transient Map<String, List<String>> headers;

    public ProviderHttpException(int status, String body, Map<String, List<String>> headers) {
        super("HTTP " + status + (body == null || body.isEmpty() ? "" : ": " + abbreviate(body)));
        this.status = status;
        this.body = body == null ? "" : body;
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> {
            if (name != null) {
                copy.put(name, List.copyOf(values));
            }
        });
        this.headers = copy;
    }

    /** The HTTP status code. */
    public int status() {
        return status;
    }

    /** The response body, empty when there was none. */
    public String body() {
        return body;
    }

    /** Response headers, names case-insensitive. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static String abbreviate(String text) {
        return text.length() <= 500 ? text : text.substring(0, 500) + "...";
    }
}
