package dev.idem.internal.binding;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Set;

/**
 * RFC 3339 dates and times exactly as JSON Schema's {@code date}, {@code time} and
 * {@code date-time} formats define them: four-digit years, real calendar days, {@code T} and
 * {@code Z} in either case, any number of fraction digits, offsets {@code Z} or {@code ±hh:mm}
 * up to 23:59, and second 60 only where a leap second was inserted (the 27 of the IERS table,
 * 23:59:60 UTC). Nothing else: no signed or five-digit years, no missing seconds, no zone names.
 * The "local" forms for {@code LocalDateTime} and {@code LocalTime} are RFC 3339 without the
 * offset, seconds optional, no leap second: what their schema patterns say.
 */
final class Rfc3339 {
    /** UTC days at whose end a leap second was inserted (IERS Bulletin C, none since 2016). */
    private static final Set<LocalDate> LEAP_SECOND_DAYS = Set.of(
            LocalDate.of(1972, 6, 30), LocalDate.of(1972, 12, 31), LocalDate.of(1973, 12, 31),
            LocalDate.of(1974, 12, 31), LocalDate.of(1975, 12, 31), LocalDate.of(1976, 12, 31),
            LocalDate.of(1977, 12, 31), LocalDate.of(1978, 12, 31), LocalDate.of(1979, 12, 31),
            LocalDate.of(1981, 6, 30), LocalDate.of(1982, 6, 30), LocalDate.of(1983, 6, 30),
            LocalDate.of(1985, 6, 30), LocalDate.of(1987, 12, 31), LocalDate.of(1989, 12, 31),
            LocalDate.of(1990, 12, 31), LocalDate.of(1992, 6, 30), LocalDate.of(1993, 6, 30),
            LocalDate.of(1994, 6, 30), LocalDate.of(1995, 12, 31), LocalDate.of(1997, 6, 30),
            LocalDate.of(1998, 12, 31), LocalDate.of(2005, 12, 31), LocalDate.of(2008, 12, 31),
            LocalDate.of(2012, 6, 30), LocalDate.of(2015, 6, 30), LocalDate.of(2016, 12, 31));

    /**
     * A parsed time of day: a leap second keeps {@code second == 60} here; {@link #toLocal} turns
     * it into the last nanosecond of the minute, the closest value {@code java.time} can hold.
     */
    record Time(int hour, int minute, int second, int nanos) {
        boolean leap() {
            return second == 60;
        }

        java.time.LocalTime toLocal() {
            return leap() ? java.time.LocalTime.of(hour, minute, 59, 999_999_999)
                    : java.time.LocalTime.of(hour, minute, second, nanos);
        }
    }

    /** A parsed {@code date-time}; the offset in seconds east of UTC (-00:00 is 0). */
    record DateTime(LocalDate date, Time time, int offsetSeconds) {
        LocalDateTime local() {
            return date.atTime(time.toLocal());
        }
    }

    /** A parsed {@code time} (RFC 3339 full-time). */
    record OffsetTime(Time time, int offsetSeconds) {}

    private final String text;
    private int index;

    private Rfc3339(String text) {
        this.text = text;
    }

    /** {@code format: date}, or null. */
    static LocalDate fullDate(String text) {
        Rfc3339 parser = new Rfc3339(text);
        LocalDate date = parser.date();
        return date != null && parser.atEnd() ? date : null;
    }

    /** {@code format: date-time}, or null. */
    static DateTime dateTime(String text) {
        Rfc3339 parser = new Rfc3339(text);
        LocalDate date = parser.date();
        if (date == null || !parser.take('T', 't')) {
            return null;
        }
        Time time = parser.time(true);
        Integer offset = time == null ? null : parser.offset();
        if (offset == null || !parser.atEnd()) {
            return null;
        }
        if (time.leap()) {
            LocalDateTime utc = date.atTime(time.hour(), time.minute()).minusSeconds(offset);
            if (utc.getHour() != 23 || utc.getMinute() != 59 || !LEAP_SECOND_DAYS.contains(utc.toLocalDate())) {
                return null;
            }
        }
        return new DateTime(date, time, offset);
    }

    /** {@code format: time}, or null. */
    static OffsetTime fullTime(String text) {
        Rfc3339 parser = new Rfc3339(text);
        Time time = parser.time(true);
        Integer offset = time == null ? null : parser.offset();
        if (offset == null || !parser.atEnd()) {
            return null;
        }
        if (time.leap() && Math.floorMod(time.hour() * 60 + time.minute() - offset / 60, 24 * 60) != 23 * 60 + 59) {
            return null;
        }
        return new OffsetTime(time, offset);
    }

    /** {@code yyyy-MM-ddTHH:mm[:ss[.fraction]]}, no offset, or null. */
    static LocalDateTime localDateTime(String text) {
        Rfc3339 parser = new Rfc3339(text);
        LocalDate date = parser.date();
        if (date == null || !parser.take('T', 'T')) {
            return null;
        }
        Time time = parser.time(false);
        return time != null && parser.atEnd() ? date.atTime(time.toLocal()) : null;
    }

    /** {@code HH:mm[:ss[.fraction]]}, no offset, or null. */
    static java.time.LocalTime localTime(String text) {
        Rfc3339 parser = new Rfc3339(text);
        Time time = parser.time(false);
        return time != null && parser.atEnd() ? time.toLocal() : null;
    }

    private LocalDate date() {
        int year = digits(4);
        if (year < 0 || !take('-', '-')) {
            return null;
        }
        int month = digits(2);
        if (month < 1 || month > 12 || !take('-', '-')) {
            return null;
        }
        int day = digits(2);
        if (day < 1 || day > java.time.YearMonth.of(year, month).lengthOfMonth()) {
            return null;
        }
        return LocalDate.of(year, month, day);
    }

    /** {@code rfc}: RFC 3339 partial-time (seconds required, 60 allowed); else the local form. */
    private Time time(boolean rfc) {
        int hour = digits(2);
        if (hour < 0 || hour > 23 || !take(':', ':')) {
            return null;
        }
        int minute = digits(2);
        if (minute < 0 || minute > 59) {
            return null;
        }
        if (!take(':', ':')) {
            return rfc ? null : new Time(hour, minute, 0, 0);
        }
        int second = digits(2);
        if (second < 0 || second > (rfc ? 60 : 59)) {
            return null;
        }
        int nanos = 0;
        if (take('.', '.')) {
            int start = index;
            while (index < text.length() && isDigit(text.charAt(index))) {
                if (index - start < 9) {
                    nanos = nanos * 10 + (text.charAt(index) - '0');
                }
                index++;
            }
            int count = index - start;
            if (count == 0) {
                return null;
            }
            for (int i = count; i < 9; i++) {
                nanos *= 10;
            }
        }
        return new Time(hour, minute, second, nanos);
    }

    /** Seconds east of UTC, or null. */
    private Integer offset() {
        if (take('Z', 'z')) {
            return 0;
        }
        if (index >= text.length() || (text.charAt(index) != '+' && text.charAt(index) != '-')) {
            return null;
        }
        int sign = text.charAt(index++) == '-' ? -1 : 1;
        int hours = digits(2);
        if (hours < 0 || hours > 23 || !take(':', ':')) {
            return null;
        }
        int minutes = digits(2);
        if (minutes < 0 || minutes > 59) {
            return null;
        }
        return sign * (hours * 3600 + minutes * 60);
    }

    private int digits(int count) {
        if (index + count > text.length()) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < count; i++) {
            char c = text.charAt(index + i);
            if (!isDigit(c)) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        index += count;
        return value;
    }

    private boolean take(char upper, char lower) {
        if (index < text.length() && (text.charAt(index) == upper || text.charAt(index) == lower)) {
            index++;
            return true;
        }
        return false;
    }

    private boolean atEnd() {
        return index == text.length();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
