package dev.idem.internal.binding;

/**
 * ISO 8601 durations as JSON Schema's {@code duration} format defines them (RFC 3339 appendix A):
 * {@code P} then weeks alone, or date parts then an optional {@code T} and time parts, each part a
 * run of digits and its letter, letters case-insensitive, parts in order and without gaps
 * ({@code P1Y2M3D}, {@code PT1H30M}; not {@code P1Y2D}, {@code PT1H2S}, no fractions, no sign).
 * The binder checks it on strings declared with {@code @Param(format = "duration")}.
 */
final class IsoDuration {
    /** Parts in ABNF order; each part's number as text, null when absent. */
    private final String[] parts = new String[7];
    private static final int YEARS = 0;
    private static final int MONTHS = 1;
    private static final int DAYS = 2;
    private static final int HOURS = 3;
    private static final int MINUTES = 4;
    private static final int SECONDS = 5;
    private static final int WEEKS = 6;

    private IsoDuration() {}

    /** Whether {@code text} is a {@code duration} as the format defines it. */
    static boolean isValid(String text) {
        return parse(text) != null;
    }

    private static IsoDuration parse(String text) {
        IsoDuration result = new IsoDuration();
        int index = 0;
        if (text.isEmpty() || Character.toUpperCase(text.charAt(0)) != 'P') {
            return null;
        }
        index++;
        boolean time = false;
        int previous = -1; // the last part read, to enforce order without gaps
        int count = 0;
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c == 'T' || c == 't') {
                if (time) {
                    return null;
                }
                time = true;
                previous = -1;
                index++;
                if (index == text.length()) {
                    return null; // "T" needs a time part
                }
                continue;
            }
            int start = index;
            while (index < text.length() && text.charAt(index) >= '0' && text.charAt(index) <= '9') {
                index++;
            }
            if (index == start || index == text.length()) {
                return null;
            }
            char letter = text.charAt(index);
            int part = part(Character.toUpperCase(letter), time);
            if (part < 0 || (previous >= 0 && part != previous + 1) || (part == WEEKS && count > 0)) {
                return null;
            }
            result.parts[part] = text.substring(start, index);
            previous = part == WEEKS ? 99 : part;
            count++;
            index++;
        }
        if (count == 0) {
            return null;
        }
        // weeks stand alone
        if (result.parts[WEEKS] != null && count > 1) {
            return null;
        }
        return result;
    }

    private static int part(char letter, boolean time) {
        if (time) {
            return switch (letter) {
                case 'H' -> HOURS;
                case 'M' -> MINUTES;
                case 'S' -> SECONDS;
                default -> -1;
            };
        }
        return switch (letter) {
            case 'Y' -> YEARS;
            case 'M' -> MONTHS;
            case 'D' -> DAYS;
            case 'W' -> WEEKS;
            default -> -1;
        };
    }
}
