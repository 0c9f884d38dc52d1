package dev.idem.samples.differential;

import dev.idem.testing.Gen;
import tools.jackson.databind.JsonNode;

/**
 * Near misses (and near hits) of each string grammar the wide tool class uses: calendar edges,
 * leap seconds where they happened and where they did not, offsets past 18 and 24 hours, lower
 * case, missing seconds, long fractions, durations out of order, broken addresses, emoji and
 * surrogates for {@code char}, and the same for the patterns.
 */
final class TextMutants {

    private TextMutants() {}

    static String of(String original, JsonNode schema, Gen gen) {
        String format = schema.has("format") ? schema.get("format").stringValue() : "";
        String pattern = schema.has("pattern") ? schema.get("pattern").stringValue() : "";
        if (pattern.equals(ValidText.CHAR)) {
            return gen.pick("\uD83D\uDE00", "\uD800", "\uDFFF", "ab", "", "\uFFFF", "\uE000", "\uD7FF", "\n", "\u0000");
        }
        if (pattern.equals(ValidText.DURATION) || pattern.equals(ValidText.PERIOD) || format.equals("duration")) {
            return duration(gen);
        }
        if (pattern.equals(ValidText.LOCAL_TIME)) {
            return gen.pick("24:00", "23:59:60", "10:15:30.", "10:15:30Z", "1:15", "10:15:30.1234567891234", "10:15:30,5",
                    "10", "10:60", "00:00:00.000000000");
        }
        if (pattern.equals(ValidText.LOCAL_DATE_TIME)) {
            return gen.pick(date(gen) + "T10:15", date(gen) + "t10:15:30", date(gen) + " 10:15:30", date(gen) + "T10:15:30Z",
                    date(gen) + "T24:00:00", date(gen) + "T23:59:60", date(gen));
        }
        return switch (format) {
            case "date" -> date(gen);
            case "date-time" -> dateTime(gen);
            case "time" -> time(gen);
            case "uuid" -> gen.pick(original.replace("-", ""), "{" + original + "}", original.substring(1), original + "0",
                    original.replace('a', 'g'), original.toUpperCase(), "00000000-0000-0000-0000-000000000000");
            case "email" -> email(original, gen);
            default -> other(original, pattern, gen);
        };
    }

    private static String date(Gen gen) {
        return gen.pick("2023-02-29", "2024-02-29", "1900-02-29", "2000-02-29", "2100-02-29", "0000-02-29", "2026-04-31",
                "2026-13-01", "2026-00-10", "2026-12-00", "-0001-01-01", "+10000-01-01", "10000-01-01", "0000-01-01",
                "9999-12-31", "2026-1-01", "2026-12-01Z", "2026-12-01+01:00", "2026-12-01T00:00:00Z", "20261201",
                "２０２６-12-01", "2026-12-01 ");
    }

    private static String dateTime(Gen gen) {
        String day = gen.pick("2026-12-01", "1998-12-31", "2016-12-31", "2026-12-31", "2024-02-29", "2023-02-29", "0000-01-01",
                "9999-12-31");
        return gen.pick(day + "T23:59:60Z", day + "T23:59:60.5Z", day + "T15:59:60-08:00", day + "T23:59:59+18:00",
                day + "T23:59:59+18:01", day + "T23:59:59-18:30", day + "T10:15:30+23:59", day + "T10:15:30+24:00",
                day + "T10:15:30-00:00", day + "t10:15:30z", day + "T10:15Z", day + "T10:15:30", day + "T10:15:30.Z",
                day + "T10:15:30.1234567890123Z", day + "T10:15:30,5Z", day + "T10:15:30+0100", day + "T10:15:30+01",
                day + " 10:15:30Z", day + "T24:00:00Z", day + "T10:15:30+01:00[Europe/Paris]", "+12026-12-01T10:15:30Z",
                day + "T10:60:00Z", day + "T10:15:61Z");
    }

    private static String time(Gen gen) {
        return gen.pick("23:59:60Z", "23:59:60+00:00", "23:59:60+01:00", "22:59:60-01:00", "00:59:60+01:00", "12:59:60Z",
                "10:15:30", "10:15Z", "10:15:30.123456789123Z", "24:00:00Z", "10:15:30+18:00", "10:15:30+18:01",
                "10:15:30-23:59", "10:15:30+24:00", "10:15:30z", "10:15:30.Z", "1:15:30Z");
    }

    private static String duration(Gen gen) {
        return gen.pick("P1Y2D", "PT1H2S", "P1W2D", "P1WT1H", "p1d", "pt15m", "P", "PT", "P1DT", "PT1.5S", "-P1D", "P-1D",
                "P1234567890D", "P123456789D", "P99999999W", "P100000000W", "PT123456789H59M59S", "P1Y1M1DT1H1M1S", "P1M",
                "P1Y", "PT36H", "P0D", "P1D ", "P1d", "P1M2D", "PT1M1S", "P12345678901234567890D", "P1H", "PT1D",
                "P12345678901234D", "P1234567890123D", "PT1.1234567890S", "PT1.S", "PT-1.5S", "pT1H", "-PT", "+P", "P1DT1H1M1S1",
                "P-1Y-2M-3W-4D", "P123456789Y", "P1234567890Y", "PT1H\n", "P1D\u2028");
    }

    private static String email(String original, Gen gen) {
        return gen.pick(original.replace("@", ""), original.replace("@", "@@"), "." + original, original.replace("@", ".@"),
                original.replaceFirst("^([^@\"]+)", "$1..x"), original + ".", "josé@example.com", "joe@exämple.com",
                "a@b.c", "x@y.zz", "joe@example.c0m", "a@[001.2.3.4]", "a@[127.0.0.256]", "a@[IPv6:::ffff:1.2.3.4]", "a@[IPv6::ffff:1.2.3.4]",
                "a@[tag:stuff]", "\"a b\"@example.com", "joe@-example.com", "joe@example-.com", "a@1.2.3.4", "jo e@example.com",
                "@example.com", "joe@");
    }

    private static String other(String original, String pattern, Gen gen) {
        if (pattern.equals("^[A-Z]{3}$")) {
            return gen.pick("US", "USDX", "usd", "US1", "ÜSD", "U\u0301SD");
        }
        if (pattern.equals("^(ab|cd)*$")) {
            return gen.pick("ab".repeat(1_000), "abc", "ab".repeat(20) + "a", "", "abcdabcd", "ba");
        }
        if (pattern.equals("^\\d{5}(-\\d{4})?$")) {
            return gen.pick("1234", "123456", "12345-", "12345-123", "١٢٣٤٥", "12345-12345");
        }
        return gen.bool() ? original + original : original.isEmpty() ? "x" : original.substring(1);
    }
}
