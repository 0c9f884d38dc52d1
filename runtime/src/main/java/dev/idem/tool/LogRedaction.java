package dev.idem.tool;

import dev.idem.internal.Redaction;

/**
 * The masking Idem's own log applies to free text (API keys, bearer tokens, credential-named
 * headers and JSON fields), for integrations that export call content elsewhere (trace
 * attributes, say) and must hide what the log hides.
 *
 * <pre>{@code
 * LogRedaction.redact("{\"apiKey\":\"sk-abc123456789\"}")   // {"apiKey":"[redacted]"}
 * }</pre>
 */
public final class LogRedaction {

    private LogRedaction() {}

    /**
     * {@code text} with every secret the log would mask replaced by {@code [redacted]}; {@code null} stays {@code null}.
     *
     * @param text a text, or {@code null}
     * @return the text with its secrets masked
     */
    public static String redact(String text) {
        return Redaction.redact(text);
    }
}
