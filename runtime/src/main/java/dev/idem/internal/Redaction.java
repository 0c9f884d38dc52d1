package dev.idem.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in text bound for a log: API keys, bearer tokens, {@code Authorization} and
 * similar headers, and JSON or form fields named like a credential. Provider error messages echo
 * parts of keys ("Incorrect API key provided: sk-proj-...") and tool errors may quote a header,
 * so every free text the executor and the model driver log passes through here first.
 *
 * <pre>{@code
 * Redaction.redact("Authorization: Bearer sk-abc123...")   // "Authorization: [redacted]"
 * }</pre>
 */
public final class Redaction {

    /** What a secret is replaced with. */
    public static final String MASK = "[redacted]";

    private static final String CREDENTIAL_NAME =
            "(?:authorization|proxy-authorization|x-api-key|api[-_]?key|access[-_]?token|refresh[-_]?token"
                    + "|id[-_]?token|client[-_]?secret|secret|password|passwd|token|cookie|set-cookie)";

    // Order matters: named fields first (they take the whole value, "Bearer" included), then bare tokens.
    private static final Pattern[] PATTERNS = {
        // "apiKey": "value" (JSON)
        Pattern.compile("(\"" + CREDENTIAL_NAME + "\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"", Pattern.CASE_INSENSITIVE),
        // Authorization: Bearer xyz / api_key=xyz / password = xyz (headers, forms, URLs, prose)
        Pattern.compile("(\\b" + CREDENTIAL_NAME + "\\b\\s*[:=]\\s*)(?:(?:bearer|basic|token)\\s+)?[^\\s,;&\"'}\\]]+",
                Pattern.CASE_INSENSITIVE),
        // "Incorrect API key provided: sk-..."
        Pattern.compile("(\\bkey provided:?\\s*)\\S+", Pattern.CASE_INSENSITIVE),
        // Bearer tokens anywhere
        Pattern.compile("(\\b(?:bearer|basic)\\s+)[A-Za-z0-9._~+/=-]{8,}", Pattern.CASE_INSENSITIVE),
        // Well-known key shapes: OpenAI/Anthropic (sk-...), Google (AIza...), GitHub, AWS access key ids
        Pattern.compile("()\\b(?:sk|rk|pk)-[A-Za-z0-9_*.-]{8,}"),
        Pattern.compile("()\\bAIza[0-9A-Za-z_-]{20,}"),
        Pattern.compile("()\\bgh[pousr]_[A-Za-z0-9]{20,}"),
        Pattern.compile("()\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b"),
    };

    private Redaction() {}

    /**
     * {@code text} with every secret it recognizes replaced by {@link #MASK}; {@code null} stays {@code null}.
     *
     * @param text a text, or {@code null}
     * @return the text with its secrets masked
     */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String result = text;
        for (Pattern pattern : PATTERNS) {
            Matcher matcher = pattern.matcher(result);
            if (matcher.find()) {
                // A JSON value keeps its quotes, so the redacted text still reads as JSON.
                String mask = pattern == PATTERNS[0] ? '"' + MASK + '"' : MASK;
                result = matcher.replaceAll(match -> Matcher.quoteReplacement(match.group(1) + mask));
            }
        }
        return result;
    }
}
