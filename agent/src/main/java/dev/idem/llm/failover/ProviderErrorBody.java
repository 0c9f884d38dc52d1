package dev.idem.llm.failover;

import java.util.Locale;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The parts of a provider's error body the classifier reads, from the shapes providers use:
 * OpenAI {@code {"error":{"type","code","message"}}}, Anthropic
 * {@code {"type":"error","error":{"type":"overloaded_error","message"}}}, Google
 * {@code {"error":{"status":"RESOURCE_EXHAUSTED","details":[{"reason", "retryDelay":"58s"}]}}},
 * and the plain {@code {"error":"..."}} / {@code {"detail":"..."}} of local servers. A body that
 * is not JSON is kept as the message. Parsing never throws.
 *
 * @param code         lower-cased provider error code (OpenAI {@code code}, Google detail {@code reason}), or null
 * @param type         lower-cased provider error type (OpenAI/Anthropic {@code type}, Google {@code status}), or null
 * @param text         the provider's message, or the raw body; lower-cased, never null
 * @param retryDelayMs Google's {@code retryDelay}, when usable
 */
record ProviderErrorBody(String code, String type, String text, OptionalLong retryDelayMs) {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final int MAX_TEXT = 4000;
    private static final ProviderErrorBody EMPTY = new ProviderErrorBody(null, null, "", OptionalLong.empty());

    static ProviderErrorBody parse(String body) {
        if (body == null || body.isBlank()) {
            return EMPTY;
        }
        String trimmed = body.strip();
        char first = trimmed.charAt(0);
        if (first == '{' || first == '[') {
            try {
                return fromTree(JSON.readTree(trimmed), trimmed);
            } catch (RuntimeException | StackOverflowError notJson) {
                // A body that looks like JSON but is not: fall through and keep it as text.
            }
        }
        return new ProviderErrorBody(null, null, lower(trimmed), OptionalLong.empty());
    }

    private static ProviderErrorBody fromTree(JsonNode root, String raw) {
        if (root == null) {
            return new ProviderErrorBody(null, null, lower(raw), OptionalLong.empty());
        }
        JsonNode top = root.isArray() ? root.path(0) : root;
        JsonNode error = top.path("error");
        String code = null;
        String type = null;
        String message = null;
        if (error.isObject()) {
            // Google's "code" is the HTTP status again; its meaningful code is a detail's "reason".
            code = error.path("code").isString() ? error.path("code").stringValue() : null;
            type = firstNonNull(scalar(error.path("type")), scalar(error.path("status")));
            message = scalar(error.path("message"));
            for (JsonNode detail : error.path("details")) {
                if (code == null) {
                    code = scalar(detail.path("reason"));
                }
            }
        } else {
            message = scalar(error);
        }
        if (message == null) {
            message = firstNonNull(scalar(top.path("message")), scalar(top.path("detail")));
        }
        OptionalLong retryDelay = OptionalLong.empty();
        JsonNode delay = root.findValue("retryDelay");
        if (delay != null) {
            retryDelay = RetryHints.parseDuration(scalar(delay));
        }
        return new ProviderErrorBody(lower(code), lower(type), lower(message == null ? raw : message), retryDelay);
    }

    /** A string or number as text; null for anything else (objects, arrays, null, missing). */
    private static String scalar(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isString()) {
            return node.stringValue();
        }
        return node.isNumber() || node.isBoolean() ? node.asString() : null;
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : b;
    }

    private static String lower(String text) {
        if (text == null) {
            return null;
        }
        String capped = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
        return capped.toLowerCase(Locale.ROOT);
    }
}
