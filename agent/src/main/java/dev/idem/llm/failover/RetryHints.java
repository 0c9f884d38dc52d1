package dev.idem.llm.failover;

import dev.idem.llm.ProviderHttpException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the server's hints about retrying. Precedence, first usable wins: {@code retry-after-ms}
 * header, {@code Retry-After} header (seconds, or an HTTP date relative to the clock), Google's
 * body {@code retryDelay} ("58s"), then "try again in 20s" / "Please try again in 1.5s" / "retry
 * after 30 seconds" in the message. NaN, infinite and negative values are ignored; a date in
 * the past means "now" (0 ms).
 */
final class RetryHints {
    private static final Pattern NUMBER = Pattern.compile("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");
    private static final Pattern DURATION = Pattern.compile("((?:\\d+(?:\\.\\d+)?(?:ms|h|m|s))+)");
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)");
    private static final Pattern TEXT_HINT = Pattern.compile(
            "(?:try again|retry) (?:in|after) (\\d+(?:\\.\\d+)?(?:ms|h|m|s)(?:\\d+(?:\\.\\d+)?(?:ms|h|m|s))*)\\b"
                    + "|(?:try again|retry) (?:in|after) (\\d+(?:\\.\\d+)?) ?(milliseconds?|seconds?|secs?|minutes?|mins?)\\b");

    private RetryHints() {
    }

    /** The header hints of an HTTP answer, in ms. */
    static OptionalLong fromHeaders(ProviderHttpException http, Clock clock) {
        OptionalLong millis = nonNegative(http.header("retry-after-ms"), 1);
        if (millis.isPresent()) {
            return millis;
        }
        String retryAfter = http.header("retry-after");
        if (retryAfter == null) {
            return OptionalLong.empty();
        }
        OptionalLong seconds = nonNegative(retryAfter, 1000);
        return seconds.isPresent() ? seconds : httpDate(retryAfter, clock);
    }

    /** {@code x-should-retry}: {@code true} or {@code false}, anything else is no verdict. */
    static Optional<Boolean> shouldRetry(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String value = header.strip();
        if (value.equalsIgnoreCase("true")) {
            return Optional.of(Boolean.TRUE);
        }
        return value.equalsIgnoreCase("false") ? Optional.of(Boolean.FALSE) : Optional.empty();
    }

    /** A protobuf-style duration such as "58s", "1.5s", "500ms" or "6m0s". */
    static OptionalLong parseDuration(String text) {
        if (text == null) {
            return OptionalLong.empty();
        }
        String value = text.strip().toLowerCase(Locale.ROOT);
        return DURATION.matcher(value).matches() ? sumParts(value) : OptionalLong.empty();
    }

    /** A hint written in an error message, e.g. "Please try again in 1.5s"; text is lower-cased. */
    static OptionalLong fromText(String lowerCaseText) {
        if (lowerCaseText == null || lowerCaseText.indexOf("try") < 0) {
            return OptionalLong.empty();
        }
        Matcher hint = TEXT_HINT.matcher(lowerCaseText);
        if (!hint.find()) {
            return OptionalLong.empty();
        }
        if (hint.group(1) != null) {
            return sumParts(hint.group(1));
        }
        double amount = Double.parseDouble(hint.group(2));
        String unit = hint.group(3);
        double factor = unit.startsWith("milli") ? 1 : unit.startsWith("min") ? 60_000 : 1000;
        return millis(amount * factor);
    }

    private static OptionalLong sumParts(String duration) {
        Matcher part = DURATION_PART.matcher(duration);
        double total = 0;
        while (part.find()) {
            double amount = Double.parseDouble(part.group(1));
            total += switch (part.group(2)) {
                case "ms" -> amount;
                case "s" -> amount * 1000;
                case "m" -> amount * 60_000;
                default -> amount * 3_600_000;
            };
        }
        return millis(total);
    }

    private static OptionalLong nonNegative(String value, double factor) {
        if (value == null || !NUMBER.matcher(value.strip()).matches()) {
            return OptionalLong.empty();
        }
        return millis(Double.parseDouble(value.strip()) * factor);
    }

    private static OptionalLong httpDate(String value, Clock clock) {
        try {
            ZonedDateTime date = ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME);
            long delta = Duration.between(clock.instant(), date.toInstant()).toMillis();
            return OptionalLong.of(Math.max(0, delta));
        } catch (DateTimeParseException | ArithmeticException notADate) {
            return OptionalLong.empty();
        }
    }

    /** Finite, non-negative amounts only; huge ones saturate so that they exceed any maximum wait. */
    private static OptionalLong millis(double amount) {
        if (Double.isNaN(amount) || Double.isInfinite(amount) || amount < 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(amount >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(amount));
    }
}
