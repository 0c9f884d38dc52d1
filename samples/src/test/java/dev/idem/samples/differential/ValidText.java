package dev.idem.samples.differential;

import dev.idem.testing.Gen;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * Strings a {@code format} or {@code pattern} of the wide tool class accepts, drawn at random with
 * the edges of each grammar: leap days, years 0000 and 9999, leap seconds that happened, offsets
 * up to 23:59 (18:00 where the pattern says so), any number of fraction digits, {@code t} and
 * {@code z} in lower case, quoted local parts and address literals. A pattern without a generator
 * here fails the test: every pattern in the schemas is exercised.
 */
final class ValidText {
    /** The patterns the processor adds for types (see the README's types table). */
    static final String CHAR = "^[\\u0000-\\uFFFF]$";
    static final String OFFSET_UP_TO_18_HOURS = "(?:[Zz]|[+-](?:0\\d|1[0-7]):[0-5]\\d|[+-]18:00)$";
    static final String LOCAL_TIME = "^(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?$";
    static final String LOCAL_DATE_TIME = "^(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)"
            + "|02-(?:0[1-9]|1\\d|2[0-8]))|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)"
            + "T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?$";
    /** What {@code Duration.parse} accepts, amounts of at most 13 digits. */
    static final String DURATION = "^(?![-+]?[Pp][Tt]?$)(?!.*T$)[-+]?[Pp](?:[-+]?[0-9]{1,13}[Dd])?"
            + "(?:[Tt](?:[-+]?[0-9]{1,13}[Hh])?(?:[-+]?[0-9]{1,13}[Mm])?(?:[-+]?[0-9]{1,13}(?:[.,][0-9]{0,9})?[Ss])?)?$";
    /** What {@code Period.parse} accepts, amounts of at most 9 digits (8 for weeks). */
    static final String PERIOD = "^(?![-+]?[Pp]$)[-+]?[Pp](?:[-+]?[0-9]{1,9}[Yy])?(?:[-+]?[0-9]{1,9}[Mm])?"
            + "(?:[-+]?[0-9]{1,8}[Ww])?(?:[-+]?[0-9]{1,9}[Dd])?$";
    /** Days ending with a leap second (IERS). */
    static final List<String> LEAP_SECOND_DAYS = List.of("1972-06-30", "1972-12-31", "1979-12-31", "1990-12-31",
            "1998-12-31", "2005-12-31", "2008-12-31", "2012-06-30", "2015-06-30", "2016-12-31");

    private static final Map<String, Function<Gen, String>> BY_PATTERN = Map.ofEntries(
            Map.entry(CHAR, ValidText::bmpCharacter),
            Map.entry(LOCAL_TIME, gen -> localClock(gen)),
            Map.entry(LOCAL_DATE_TIME, gen -> date(gen) + "T" + localClock(gen)),
            Map.entry(DURATION, ValidText::javaDuration),
            Map.entry(PERIOD, ValidText::javaPeriod),
            Map.entry("^[A-Z]{3}$", gen -> letters(gen, 3, 'A', 26)),
            Map.entry("^\\d{5}(-\\d{4})?$", gen -> digits(gen, 5) + (gen.bool() ? "-" + digits(gen, 4) : "")),
            Map.entry("^[A-Z]{2}-\\d{4}$", gen -> letters(gen, 2, 'A', 26) + "-" + digits(gen, 4)),
            Map.entry("^(ab|cd)*$", gen -> String.join("", gen.list(32, () -> gen.pick("ab", "cd")))),
            Map.entry("^[a-z][a-z0-9_]{2,15}$", gen -> letters(gen, 1, 'a', 26)
                    + String.join("", gen.list(2, 15, () -> gen.pick("a", "z", "0", "9", "_", "m")))));

    private ValidText() {}

    /** A string valid for this {@code format} and {@code pattern} (either may be null). */
    static String of(String format, String pattern, Gen gen) {
        if (pattern != null && !pattern.equals(OFFSET_UP_TO_18_HOURS)) {
            Function<Gen, String> generator = BY_PATTERN.get(pattern);
            if (generator == null) {
                throw new IllegalStateException("no generator for the pattern " + pattern);
            }
            return generator.apply(gen);
        }
        boolean upTo18 = OFFSET_UP_TO_18_HOURS.equals(pattern);
        return switch (format) {
            case "date" -> date(gen);
            case "date-time" -> dateTime(gen, upTo18);
            case "time" -> fullTime(gen, upTo18);
            case "duration" -> duration(gen);
            case "uuid" -> {
                String uuid = new UUID(gen.between(Long.MIN_VALUE, Long.MAX_VALUE), gen.between(Long.MIN_VALUE, Long.MAX_VALUE))
                        .toString();
                yield gen.bool() ? uuid : uuid.toUpperCase();
            }
            case "email" -> email(gen);
            default -> throw new IllegalStateException("no generator for the format " + format);
        };
    }

    static String date(Gen gen) {
        return switch (gen.below(6)) {
            case 0 -> gen.pick("0000-01-01", "9999-12-31", "2024-02-29", "2000-02-29", "0000-02-29", "1600-02-29",
                    "2026-12-01", "1970-01-01", "2023-04-30");
            default -> {
                LocalDate date = LocalDate.ofEpochDay(gen.between(LocalDate.of(0, 1, 1).toEpochDay(),
                        LocalDate.of(9999, 12, 31).toEpochDay()));
                yield String.format("%04d-%02d-%02d", date.getYear(), date.getMonthValue(), date.getDayOfMonth());
            }
        };
    }

    static String dateTime(Gen gen, boolean upTo18) {
        if (gen.oneIn(12)) {
            return gen.pick(LEAP_SECOND_DAYS) + gen.pick("T", "t") + "23:59:60" + fraction(gen) + gen.pick("Z", "z", "+00:00", "-00:00");
        }
        if (gen.oneIn(20)) {
            return "1998-12-31T15:59:60" + fraction(gen) + "-08:00";
        }
        return date(gen) + gen.pick("T", "T", "t") + clock(gen) + offset(gen, upTo18);
    }

    static String fullTime(Gen gen, boolean upTo18) {
        if (gen.oneIn(12)) {
            return gen.pick("23:59:60Z", "23:59:60+00:00", "22:59:60-01:00", "00:59:60+01:00", "23:59:60.5z");
        }
        return clock(gen) + offset(gen, upTo18);
    }

    private static String clock(Gen gen) {
        return String.format("%02d:%02d:%02d", gen.between(0, 23), gen.between(0, 59), gen.between(0, 59)) + fraction(gen);
    }

    private static String localClock(Gen gen) {
        String clock = String.format("%02d:%02d", gen.between(0, 23), gen.between(0, 59));
        return gen.bool() ? clock : clock + String.format(":%02d", gen.between(0, 59)) + fraction(gen);
    }

    private static String fraction(Gen gen) {
        return gen.bool() ? "" : "." + digits(gen, gen.between(1, 12));
    }

    private static String offset(Gen gen, boolean upTo18) {
        if (gen.bool()) {
            return gen.pick("Z", "z", "+00:00", "-00:00");
        }
        int minutes = upTo18 ? gen.between(0, 18 * 60) : gen.between(0, 23 * 60 + 59);
        return String.format("%s%02d:%02d", gen.pick("+", "-"), minutes / 60, minutes % 60);
    }

    /** The whole {@code duration} format (RFC 3339 appendix A): weeks, or date parts then time parts, in order. */
    static String duration(Gen gen) {
        if (gen.oneIn(6)) {
            return (gen.bool() ? "P" : "p") + number(gen, 12) + gen.pick("W", "w");
        }
        String date = chain(gen, new String[] {"Y", "M", "D"});
        String time = chain(gen, new String[] {"H", "M", "S"});
        if (date.isEmpty() && time.isEmpty()) {
            date = number(gen, 3) + "D";
        }
        String text = "P" + date + (time.isEmpty() ? "" : "T" + time);
        return gen.oneIn(8) ? text.toLowerCase() : text;
    }

    /** {@code Duration.parse}'s syntax: signs, either case, days to seconds, up to nine decimals. */
    private static String javaDuration(Gen gen) {
        StringBuilder time = new StringBuilder();
        if (gen.bool()) {
            time.append(sign(gen)).append(number(gen, 13)).append(gen.pick("H", "h"));
        }
        if (gen.bool()) {
            time.append(sign(gen)).append(number(gen, 13)).append(gen.pick("M", "m"));
        }
        if (gen.bool()) {
            time.append(sign(gen)).append(number(gen, 13));
            if (gen.bool()) {
                time.append(gen.pick(".", ",")).append(digits(gen, gen.between(0, 9)));
            }
            time.append(gen.pick("S", "s"));
        }
        String day = gen.bool() || time.length() == 0 ? sign(gen) + number(gen, 13) + gen.pick("D", "d") : "";
        return sign(gen) + gen.pick("P", "P", "p") + day + (time.length() == 0 ? "" : gen.pick("T", "T", "t") + time);
    }

    /** {@code Period.parse}'s syntax: signs, either case, years, months, weeks, days, at least one. */
    private static String javaPeriod(Gen gen) {
        StringBuilder parts = new StringBuilder();
        String[][] units = {{"Y", "y"}, {"M", "m"}, {"W", "w"}, {"D", "d"}};
        for (String[] unit : units) {
            if (gen.bool()) {
                parts.append(sign(gen)).append(number(gen, unit[0].equals("W") ? 8 : 9)).append(gen.pick(unit[0], unit[1]));
            }
        }
        if (parts.length() == 0) {
            parts.append(number(gen, 9)).append("D");
        }
        return sign(gen) + gen.pick("P", "P", "p") + parts;
    }

    private static String sign(Gen gen) {
        return gen.pick("", "", "", "-", "+");
    }

    private static String chain(Gen gen, String[] units) {
        return chain(gen, units, 12);
    }

    /** A run of consecutive units ({@code 1Y2M}, {@code 2M3D}; never {@code 1Y3D}), possibly empty. */
    private static String chain(Gen gen, String[] units, int maxDigits) {
        if (gen.oneIn(3)) {
            return "";
        }
        int first = gen.below(units.length);
        int last = first + gen.below(units.length - first);
        StringBuilder text = new StringBuilder();
        for (int i = first; i <= last; i++) {
            text.append(number(gen, maxDigits)).append(units[i]);
        }
        return text.toString();
    }

    private static String number(Gen gen, int maxDigits) {
        return gen.oneIn(4) ? "0" : digits(gen, gen.between(1, maxDigits));
    }

    static String email(Gen gen) {
        String local = switch (gen.below(6)) {
            case 0 -> "\"" + gen.pick("joe bloggs", "a\\\"b", "", "x@y", "a..b") + "\"";
            case 1 -> gen.pick("te~st", "a!#$%&'*+-/=?^_`{|}~", "first.last", "x");
            default -> letters(gen, gen.between(1, 10), 'a', 26) + (gen.bool() ? "." + letters(gen, 3, 'a', 26) : "");
        };
        String domain = switch (gen.below(8)) {
            case 0 -> "[" + gen.pick("127.0.0.1", "192.0.2.255", "IPv6:::1", "IPv6:2001:db8::1", "IPv6:1:2:3:4:5:6:7:8") + "]";
            case 1 -> gen.pick("example", "localhost");
            default -> letters(gen, gen.between(1, 8), 'a', 26) + gen.pick("-x", "", "9") + "." + gen.pick("com", "org", "net", "io", "de");
        };
        return local + "@" + domain;
    }

    private static String bmpCharacter(Gen gen) {
        char c;
        do {
            c = gen.oneIn(3) ? (char) gen.below(0x80) : (char) gen.below(0x10000);
        } while (Character.isSurrogate(c));
        return String.valueOf(c);
    }

    private static String letters(Gen gen, int count, char first, int range) {
        StringBuilder text = new StringBuilder(count);
        for (int i = 0; i < count; i++) {
            text.append((char) (first + gen.below(range)));
        }
        return text.toString();
    }

    static String digits(Gen gen, int count) {
        StringBuilder text = new StringBuilder(count);
        for (int i = 0; i < count; i++) {
            text.append((char) ('0' + gen.below(10)));
        }
        return text.toString();
    }
}
