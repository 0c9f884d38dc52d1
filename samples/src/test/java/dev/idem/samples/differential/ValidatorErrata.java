package dev.idem.samples.differential;

import com.networknt.schema.regex.JDKRegularExpressionFactory;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The validators' own departures from JSON Schema 2020-12, each pinned down by a predicate that
 * reproduces the validator's behaviour on the one value it disagrees about, so an erratum
 * explains a disagreement only when that departure is its whole cause. The README lists them.
 */
final class ValidatorErrata {
    private static final Pattern NETWORKNT_DURATION = Pattern.compile(
            "^(?:P\\d+W)|(?:P(?:\\d+Y)?(?:\\d+M)?(?:\\d+D)?(?:T(?:\\d+H)?(?:\\d+M)?(?:\\d+S)?)?)$", Pattern.CASE_INSENSITIVE);

    private ValidatorErrata() {}

    /** A documented departure: which validator, a short name, and why it is not Idem's bug. */
    record Erratum(String validator, String name, String reason) {}

    static final Erratum HARREL_JAVA_TIME = new Erratum("harrel", "date, time, date-time are java.time's ISO parsers",
            "harrel checks date, time and date-time with DateTimeFormatter.ISO_DATE, ISO_TIME and ISO_DATE_TIME, not RFC 3339:"
                    + " it accepts signed and five-digit years, missing seconds, missing offsets, zone names, and refuses"
                    + " leap seconds, offsets past 18 hours and more than nine fraction digits");
    static final Erratum HARREL_JAVA_REGEX = new Erratum("harrel", "pattern is java.util.regex",
            "harrel matches pattern with java.util.regex as is, where $ also matches before a final line terminator;"
                    + " in ECMA-262 it does not");
    static final Erratum HARREL_UNIQUE_SCALE = new Erratum("harrel", "uniqueItems compares numbers with their scale",
            "harrel's uniqueItems tells 2.5 from 2.50; JSON Schema compares numbers by value");
    static final Erratum EMAIL_NON_ASCII = new Erratum("both", "email accepts non-ASCII",
            "both accept non-ASCII addresses under format email; RFC 5321's Mailbox is ASCII (non-ASCII is idn-email)");
    static final Erratum EMAIL_ADDRESS_LITERALS = new Erratum("both", "email refuses general address literals",
            "both refuse RFC 5321's General-address-literal ([tag:content]); only IPv4 and IPv6 literals pass");
    static final Erratum EMAIL_NUMERIC_DOMAIN = new Erratum("both", "email refuses all-digit domain labels",
            "both refuse a domain whose last label is all digits (a@1.2.3.4); RFC 5321's sub-domain allows it");
    static final Erratum NETWORKNT_EMAIL_TLD = new Erratum("networknt", "email requires a known top-level domain",
            "networknt refuses addresses whose top-level domain is not in its list (x@y.zz, a@b.c); RFC 5321 has no such rule");
    static final Erratum NETWORKNT_EMAIL_OCTET = new Erratum("networknt", "email refuses leading zeros in IPv4 literals",
            "networknt refuses [001.2.3.4]; RFC 5321's Snum is one to three digits worth 0 to 255");
    static final Erratum NETWORKNT_DURATION_GAPS = new Erratum("networknt", "duration parts may skip a unit",
            "networknt accepts durations whose parts skip a unit (P1Y2D, PT1H2S); RFC 3339's grammar chains them");
    static final Erratum NETWORKNT_LONG_BOUNDS = new Erratum("networknt", "throws on integers past long under integer bounds",
            "networknt throws (asLong) for an integer written with an exponent or fraction beyond the range of a long"
                    + " (1e19, 1E+400) when the schema has integer bounds; it gives no verdict");

    static final Erratum NETWORKNT_LEAP_SECOND_TABLE = new Erratum("networknt", "its leap-second table has two wrong dates",
            "networknt's table of leap seconds (from ethlo itu) lists 1971-12 and 1988-12 instead of 1979-12-31 and"
                    + " 1987-12-31, so it refuses 1979-12-31T23:59:60Z and 1987-12-31T23:59:60Z");

    static final Erratum HARREL_HUGE_EXPONENT = new Erratum("harrel", "throws on exponents near 2^31",
            "harrel throws ArithmeticException (\"Overflow\") comparing numbers such as 1E+2147483647; it gives no verdict");

    static final Erratum EMAIL_IPV6_TAG_CASE = new Erratum("both", "email refuses the IPv6 tag in another case",
            "both refuse [IPV6:::1]; ABNF strings are case-insensitive, so RFC 5321's \"IPv6:\" matches IPV6: too");
    static final Erratum HARREL_EMAIL_FOLDING = new Erratum("harrel", "email accepts RFC 5322 comments and white space",
            "harrel's email check (jmail) takes RFC 5322's comments, folding white space and control characters"
                    + " (a @b.com, a\\r@b.com, (comment)a@b.com); RFC 5321's Mailbox has none of them");
    static final Erratum HARREL_EMAIL_THROWS = new Erratum("harrel", "email check throws on some malformed addresses",
            "harrel's email check (jmail) throws StringIndexOutOfBoundsException on some malformed addresses"
                    + " (\"a\"@x\"a\"@x); it gives no verdict");

    static final List<Erratum> ALL = List.of(EMAIL_IPV6_TAG_CASE, HARREL_EMAIL_FOLDING, HARREL_EMAIL_THROWS, HARREL_HUGE_EXPONENT, NETWORKNT_LEAP_SECOND_TABLE, HARREL_JAVA_TIME, HARREL_JAVA_REGEX, HARREL_UNIQUE_SCALE, EMAIL_NON_ASCII,
            EMAIL_ADDRESS_LITERALS, EMAIL_NUMERIC_DOMAIN, NETWORKNT_EMAIL_TLD, NETWORKNT_EMAIL_OCTET, NETWORKNT_DURATION_GAPS,
            NETWORKNT_LONG_BOUNDS);

    /**
     * The erratum behind a disagreement of {@code validator} with the binder, or null. Every site
     * the disagreement is about must be explained, and where only one validator departs, the other
     * must agree with the binder.
     */
    static Erratum explain(String validator, Oracles.Verdict verdict, Oracles.Verdict other, boolean ran,
            InstanceGenerator schemas, JsonNode schema, JsonNode instance, List<String> pointers) {
        return explain(validator, verdict, other, ran, schemas, schema, instance, pointers, List.of());
    }

    /**
     * As above; {@code idemPointers} are where the binder found problems, so a one-sided erratum can
     * check, site by site, that the other validator sided with the binder there.
     */
    static Erratum explain(String validator, Oracles.Verdict verdict, Oracles.Verdict other, boolean ran,
            InstanceGenerator schemas, JsonNode schema, JsonNode instance, List<String> pointers, List<String> idemPointers) {
        if (verdict.threw()) {
            boolean otherSidesWithIdem = !other.threw() && other.valid() == ran;
            if (validator.equals("networknt") && String.valueOf(verdict.thrown().getMessage()).contains("to `long`")) {
                return otherSidesWithIdem ? NETWORKNT_LONG_BOUNDS : null;
            }
            if (validator.equals("harrel") && verdict.thrown() instanceof ArithmeticException && hasHugeExponent(instance)) {
                return otherSidesWithIdem ? HARREL_HUGE_EXPONENT : null;
            }
            if (validator.equals("harrel") && verdict.thrown() instanceof StringIndexOutOfBoundsException
                    && stackMentions(verdict.thrown(), "jmail")) {
                return otherSidesWithIdem ? HARREL_EMAIL_THROWS : null;
            }
            return null;
        }
        if (pointers.isEmpty()) {
            return null;
        }
        Erratum found = null;
        for (String pointer : pointers) {
            JsonNode value = at(instance, pointer);
            JsonNode site = SchemaWalk.at(schemas, schema, pointer);
            // at this site: did the validator accept the value? (it complained elsewhere, or nowhere)
            boolean acceptedHere = verdict.valid() || !verdict.pointers().contains(pointer);
            Erratum erratum = value == null || site == null ? null : explainSite(validator, acceptedHere, value, site);
            if (erratum == null) {
                return null;
            }
            if (!erratum.validator().equals("both")) {
                // One validator departs: at this very site the other must side with the binder, or
                // depart itself for a documented reason of its own.
                boolean otherAcceptedHere = !other.threw() && (other.valid() || !other.pointers().contains(pointer));
                boolean idemAcceptedHere = !idemPointers.contains(pointer) && (ran || !acceptedHere);
                String otherName = validator.equals("harrel") ? "networknt" : "harrel";
                if (other.threw() || (otherAcceptedHere != idemAcceptedHere
                        && explainSite(otherName, otherAcceptedHere, value, site) == null)) {
                    return null;
                }
            }
            found = erratum;
        }
        return found;
    }

    private static Erratum explainSite(String validator, boolean accepted, JsonNode value, JsonNode schema) {
        String format = schema.path("format").asString("");
        String pattern = schema.has("pattern") ? schema.get("pattern").stringValue() : null;
        if (validator.equals("networknt") && value.isString() && value.stringValue().matches(".*[Tt]?\\d\\d:\\d\\d:60.*")
                && (format.equals("date-time") || format.equals("time")) && leapSecondOnAWrongTableDate(value.stringValue(), accepted)) {
            return NETWORKNT_LEAP_SECOND_TABLE;
        }
        if (validator.equals("harrel")) {
            if (value.isString() && !format.isEmpty() && javaTimeAccepts(format, value.stringValue()) == accepted
                    && (format.equals("date") || format.equals("time") || format.equals("date-time"))) {
                return HARREL_JAVA_TIME;
            }
            if (value.isString() && pattern != null && javaRegexFinds(pattern, value.stringValue()) == accepted
                    && ecmaFinds(pattern, value.stringValue()) != accepted) {
                return HARREL_JAVA_REGEX;
            }
            if (value.isArray() && schema.path("uniqueItems").asBoolean(false) && accepted && onlyScaleDuplicates(value)) {
                return HARREL_UNIQUE_SCALE;
            }
        }
        if (format.equals("email") && value.isString()) {
            return email(validator, accepted, value.stringValue());
        }
        if (validator.equals("networknt") && format.equals("duration") && accepted && value.isString()
                && NETWORKNT_DURATION.matcher(value.stringValue()).matches()) {
            return NETWORKNT_DURATION_GAPS;
        }
        return null;
    }

    private static Erratum email(String validator, boolean accepted, String address) {
        if (accepted && !address.chars().allMatch(c -> c < 0x80)) {
            return EMAIL_NON_ASCII;
        }
        int at = address.lastIndexOf('@');
        String domain = at < 0 ? "" : address.substring(at + 1);
        if (!accepted && domain.regionMatches(true, 0, "[IPv6:", 0, 6) && !domain.startsWith("[IPv6:")) {
            return EMAIL_IPV6_TAG_CASE;
        }
        if (validator.equals("harrel") && accepted && !address.startsWith("\"")
                && address.chars().anyMatch(c -> c <= 0x20 || c == 0x7F || c == '(')) {
            return HARREL_EMAIL_FOLDING;
        }
        if (!accepted && domain.matches("\\[[A-Za-z0-9-]+:[^\\]]+]") && !domain.regionMatches(true, 0, "[IPv6:", 0, 6)) {
            return EMAIL_ADDRESS_LITERALS;
        }
        if (!accepted && domain.matches(".*\\.\\d+")) {
            return EMAIL_NUMERIC_DOMAIN;
        }
        if (validator.equals("networknt") && !accepted && domain.matches("\\[\\d{1,3}(\\.\\d{1,3}){3}]") && domain.matches(".*\\b0\\d.*")) {
            return NETWORKNT_EMAIL_OCTET;
        }
        if (validator.equals("networknt") && !accepted && domain.contains(".") && !domain.startsWith("[")
                && Oracles.networkntAcceptsEmail(address.substring(0, at + 1) + domain.substring(0, domain.lastIndexOf('.') + 1) + "com")) {
            return NETWORKNT_EMAIL_TLD;
        }
        return null;
    }

    /** A leap second at the end of 1979-12-31 or 1987-12-31 (refused), or of 1971-12-31 or 1988-12-31 (accepted). */
    private static boolean leapSecondOnAWrongTableDate(String text, boolean accepted) {
        if (text.length() < 20 || (text.charAt(10) != 'T' && text.charAt(10) != 't') || !text.startsWith(":60", 16)) {
            return false;
        }
        int offsetMinutes = 0;
        char sign = text.charAt(text.length() - 6);
        if (sign == '+' || sign == '-') {
            offsetMinutes = (sign == '-' ? -1 : 1) * (Integer.parseInt(text.substring(text.length() - 5, text.length() - 3)) * 60
                    + Integer.parseInt(text.substring(text.length() - 2)));
        }
        java.time.LocalDate utc = java.time.LocalDate.parse(text.substring(0, 10))
                .atTime(Integer.parseInt(text.substring(11, 13)), Integer.parseInt(text.substring(14, 16)))
                .minusMinutes(offsetMinutes).toLocalDate();
        java.util.Set<String> dates = accepted ? java.util.Set.of("1971-12-31", "1988-12-31") : java.util.Set.of("1979-12-31", "1987-12-31");
        return dates.contains(utc.toString());
    }

    private static boolean javaTimeAccepts(String format, String text) {
        DateTimeFormatter parser = switch (format) {
            case "date" -> DateTimeFormatter.ISO_DATE;
            case "time" -> DateTimeFormatter.ISO_TIME;
            default -> DateTimeFormatter.ISO_DATE_TIME;
        };
        try {
            parser.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static boolean javaRegexFinds(String pattern, String text) {
        return Pattern.compile(pattern).matcher(text).find();
    }

    /** ECMA-262's answer as networknt gives it (java.util.regex with $ anchored at the very end). */
    private static boolean ecmaFinds(String pattern, String text) {
        return JDKRegularExpressionFactory.getInstance().getRegularExpression(pattern).matches(text);
    }

    /** Items that are pairwise distinct only when numbers keep their scale (2.5 vs 2.50). */
    private static boolean onlyScaleDuplicates(JsonNode array) {
        boolean scaleDuplicate = false;
        for (int i = 0; i < array.size(); i++) {
            for (int j = i + 1; j < array.size(); j++) {
                if (JsonValues.equal(array.get(i), array.get(j), true)) {
                    return false;
                }
                scaleDuplicate |= JsonValues.equal(array.get(i), array.get(j));
            }
        }
        return scaleDuplicate;
    }

    private static boolean stackMentions(Throwable thrown, String packagePart) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().contains(packagePart)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasHugeExponent(JsonNode node) {
        if (node.isNumber()) {
            return Math.abs((long) node.decimalValue().scale()) > 1_000_000_000L;
        }
        for (JsonNode child : node.values()) {
            if (hasHugeExponent(child)) {
                return true;
            }
        }
        return false;
    }

    /** The value at a JSON pointer, or null. */
    static JsonNode at(JsonNode instance, String pointer) {
        JsonNode node = instance;
        if (pointer.isEmpty()) {
            return node;
        }
        for (String token : pointer.substring(1).split("/", -1)) {
            String name = token.replace("~1", "/").replace("~0", "~");
            node = node.isArray() ? (name.matches("\\d+") ? node.get(Integer.parseInt(name)) : null) : node.get(name);
            if (node == null) {
                return null;
            }
        }
        return node;
    }
}
