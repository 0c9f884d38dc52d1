package dev.idem.llm.failover;

import dev.idem.llm.ErrorKind;
import java.util.Map;

/**
 * Provider error codes and types that name a kind by themselves. Generic ones are deliberately
 * absent, because they only restate the status class and would otherwise outrank it:
 * {@code invalid_request_error} and {@code INVALID_ARGUMENT} (any 400), {@code api_error} (any
 * error: Ollama sends it with 401, 403, 404 and 429), {@code server_error} and
 * {@code INTERNAL} (any 500), {@code not_found} and {@code not_found_error} (any 404, a wrong
 * path as much as a missing model). They leave the decision to the status and the message.
 *
 * <p>{@code tool_use_failed} (Groq: the model's own tool call failed the server's schema check)
 * is UNKNOWN: the request was fine and another sample may pass, so it is retried a bounded
 * number of times rather than surfaced as a malformed request.
 */
final class ProviderErrorCodes {
    private static final Map<String, ErrorKind> KINDS = Map.ofEntries(
            Map.entry("insufficient_quota", ErrorKind.BILLING),
            Map.entry("billing_hard_limit_reached", ErrorKind.BILLING),
            Map.entry("billing_not_active", ErrorKind.BILLING),
            Map.entry("billing_error", ErrorKind.BILLING),
            Map.entry("payment_required", ErrorKind.BILLING),
            Map.entry("context_length_exceeded", ErrorKind.CONTEXT_OVERFLOW),
            Map.entry("request_too_large", ErrorKind.CONTEXT_OVERFLOW),
            Map.entry("string_above_max_length", ErrorKind.CONTEXT_OVERFLOW),
            Map.entry("exceed_context_size_error", ErrorKind.CONTEXT_OVERFLOW),
            Map.entry("invalid_api_key", ErrorKind.AUTH_PERMANENT),
            Map.entry("api_key_invalid", ErrorKind.AUTH_PERMANENT),
            Map.entry("account_deactivated", ErrorKind.AUTH_PERMANENT),
            Map.entry("authentication_error", ErrorKind.AUTH),
            Map.entry("permission_error", ErrorKind.AUTH),
            Map.entry("permission_denied", ErrorKind.AUTH),
            Map.entry("unauthenticated", ErrorKind.AUTH),
            Map.entry("rate_limit_exceeded", ErrorKind.RATE_LIMIT),
            Map.entry("rate_limit_error", ErrorKind.RATE_LIMIT),
            Map.entry("resource_exhausted", ErrorKind.RATE_LIMIT),
            Map.entry("overloaded_error", ErrorKind.OVERLOADED),
            Map.entry("engine_overloaded", ErrorKind.OVERLOADED),
            Map.entry("service_unavailable", ErrorKind.OVERLOADED),
            Map.entry("unavailable", ErrorKind.OVERLOADED),
            Map.entry("timeout_error", ErrorKind.IDLE_TIMEOUT),
            Map.entry("deadline_exceeded", ErrorKind.IDLE_TIMEOUT),
            Map.entry("model_not_found", ErrorKind.MODEL_NOT_FOUND),
            Map.entry("tool_use_failed", ErrorKind.UNKNOWN));

    private ProviderErrorCodes() {
    }

    /** The kind the code names, or null; the code must already be lower-cased. */
    static ErrorKind kindOf(String lowerCaseCode) {
        return lowerCaseCode == null ? null : KINDS.get(lowerCaseCode);
    }
}
