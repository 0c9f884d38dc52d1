package dev.idem.config;

import dev.idem.internal.NameSuggestions;
import dev.idem.ErrorType;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.RetryPolicy;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses a setting's text into its value, and applies retry values to a policy builder. Numbers
 * are ASCII digits only ({@code Long.parseLong} would take Arabic-Indic or full-width digits, and
 * {@code Double.parseDouble} {@code 2d} or {@code 0x1p3}); every duration, the attempts and the
 * backoff factor have a maximum.
 */
final class SettingValues {

    /** The longest delay between attempts, and the longest a circuit stays open: 1 hour. */
    static final long MAX_DELAY_MS = 3_600_000;
    /** The longest timeout: 24 hours. */
    static final long MAX_TIMEOUT_MS = 86_400_000;
    /** The most body runs configuration may allow one call, the first included. */
    static final long MAX_ATTEMPTS = 100;
    /** The largest growth of the delay from one retry to the next. */
    static final double MAX_BACKOFF_FACTOR = 10;

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,19}");
    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,20}(\\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?");

    private SettingValues() {}

    /**
     * The value of {@code text} for {@code setting}: a Boolean, Long, Double or {@code Set<ErrorType>};
     * {@code null} when it does not parse (a problem was added).
     *
     * @param forExecutor whether the value is for the executor's own policy (its timeout has no "inherit")
     */
    static Object parse(PolicySetting setting, boolean forExecutor, ConfigEntry entry, List<String> problems) {
        String text = entry.value().trim();
        switch (setting) {
            case RESTART_SAFE:
            case IDEMPOTENT:
            case READ_ONLY:
            case REQUIRES_APPROVAL:
            case JITTER:
                // toLowerCase before comparing, not equalsIgnoreCase: that one takes "falſe" (a long s) for "false"
                String lower = text.toLowerCase(Locale.ROOT);
                if (lower.equals("true") || lower.equals("false")) {
                    return Boolean.valueOf(lower);
                }
                return wrong(entry, "true or false", problems);
            case TIMEOUT_MS: {
                Long value = whole(entry, problems);
                long least = forExecutor ? 0 : -1;
                if (value != null && (value < least || value > MAX_TIMEOUT_MS)) {
                    return wrong(entry, (forExecutor ? "0 (no limit)" : "-1 (the executor's), 0 (no limit)")
                            + " or up to " + MAX_TIMEOUT_MS + " milliseconds (24 hours)", problems);
                }
                return value;
            }
            case MAX_ATTEMPTS: {
                Long value = whole(entry, problems);
                if (value != null && (value < 1 || value > MAX_ATTEMPTS)) {
                    return wrong(entry, "a whole number from 1 to " + MAX_ATTEMPTS, problems);
                }
                return value;
            }
            case CIRCUIT_BREAKER_FAILURE_THRESHOLD: {
                Long value = whole(entry, problems);
                if (value != null && (value < 1 || value > Integer.MAX_VALUE)) {
                    return wrong(entry, "a whole number of at least 1", problems);
                }
                return value;
            }
            case INITIAL_DELAY_MS:
            case MAX_DELAY_MS:
            case CIRCUIT_BREAKER_OPEN_MS: {
                Long value = whole(entry, problems);
                if (value != null && (value < 0 || value > MAX_DELAY_MS)) {
                    return wrong(entry, "0 to " + MAX_DELAY_MS + " milliseconds (1 hour)", problems);
                }
                return value;
            }
            case BACKOFF_FACTOR: {
                Double value = finite(text);
                if (value == null || value > MAX_BACKOFF_FACTOR) {
                    return wrong(entry, "a finite number of at most " + (long) MAX_BACKOFF_FACTOR, problems);
                }
                return value;
            }
            case JITTER_FACTOR:
            case RETRY_BUDGET_MAX_TOKENS:
            case RETRY_BUDGET_TOKEN_RATIO:
                Double value = finite(text);
                return value != null ? value : wrong(entry, "a finite number", problems);
            case RETRY_ON:
                return errorTypes(entry, problems);
            default:
                throw new IllegalStateException("unhandled setting " + setting);
        }
    }

    /** The number {@code text} spells in ASCII decimal notation, when finite; else null. */
    private static Double finite(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            return null;
        }
        double value = Double.parseDouble(text);
        return Double.isFinite(value) ? value : null;
    }

    /** Sets one retry field on {@code policy}. */
    static void applyRetry(RetryPolicy.Builder policy, PolicySetting setting, Object value) {
        switch (setting) {
            case MAX_ATTEMPTS: policy.maxAttempts(((Long) value).intValue()); break;
            case INITIAL_DELAY_MS: policy.initialDelayMs((Long) value); break;
            case BACKOFF_FACTOR: policy.backoffFactor((Double) value); break;
            case MAX_DELAY_MS: policy.maxDelayMs((Long) value); break;
            case JITTER: policy.jitter((Boolean) value); break;
            case JITTER_FACTOR: policy.jitterFactor((Double) value); break;
            case RETRY_ON: {
                @SuppressWarnings("unchecked")
                Set<ErrorType> types = (Set<ErrorType>) value;
                policy.retryOn(types);
                break;
            }
            default: throw new IllegalArgumentException(setting + " is not a retry field");
        }
    }

    private static Long whole(ConfigEntry entry, List<String> problems) {
        String text = entry.value().trim();
        try {
            if (WHOLE.matcher(text).matches()) {
                return Long.parseLong(text);
            }
        } catch (NumberFormatException tooLarge) {
            // reported below
        }
        wrong(entry, "a whole number", problems);
        return null;
    }

    private static Set<ErrorType> errorTypes(ConfigEntry entry, List<String> problems) {
        List<String> retryable = new ArrayList<>();
        for (ErrorType type : ErrorType.values()) {
            if (type.isRetryable()) {
                retryable.add(type.name());
            }
        }
        Set<ErrorType> types = EnumSet.noneOf(ErrorType.class);
        boolean ok = true;
        for (String part : entry.value().split(",")) {
            String name = part.trim().toUpperCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            ErrorType type = null;
            for (ErrorType candidate : ErrorType.values()) {
                if (candidate.name().equals(name)) {
                    type = candidate;
                }
            }
            if (type == null || !type.isRetryable()) {
                List<String> close = NameSuggestions.closeTo(name, retryable);
                problems.add(entry.origin() + "=" + entry.value() + ": " + (type == null ? "'" + part.trim()
                        + "' is not an error type" : name + " is never retried (it is terminal)")
                        + (close.isEmpty() || type != null ? "" : "; did you mean " + String.join(" or ", close) + "?")
                        + " Retryable types: " + String.join(", ", retryable) + " (comma-separated; empty for none)");
                ok = false;
            } else {
                types.add(type);
            }
        }
        return ok ? types : null;
    }

    private static Object wrong(ConfigEntry entry, String expected, List<String> problems) {
        problems.add(entry.origin() + "=" + entry.value() + ": must be " + expected);
        return null;
    }
}
