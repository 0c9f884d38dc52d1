package dev.idem.processor.base;

/**
 * ECMA-262 patterns the schemas of some types carry so that they accept exactly what the binder
 * binds (the binder implements the same grammars by hand; the differential test keeps the two
 * equal).
 */
final class Patterns {
    /** A calendar day 0000-01-01 to 9999-12-31, leap years included. */
    private static final String DATE = "(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)"
            + "|02-(?:0[1-9]|1\\d|2[0-8]))|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)";
    private static final String LOCAL_CLOCK = "(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?";

    /** One code point of the Basic Multilingual Plane: what a Java {@code char} holds (an emoji is two). */
    static final String CHAR = "^[\\u0000-\\uFFFF]$";
    /** {@code LocalDateTime}: date, {@code T}, hours and minutes, optional seconds and fraction. */
    static final String LOCAL_DATE_TIME = "^" + DATE + "T" + LOCAL_CLOCK + "$";
    /** {@code LocalTime}: hours and minutes, optional seconds and fraction. */
    static final String LOCAL_TIME = "^" + LOCAL_CLOCK + "$";
    /** An offset {@code java.time} can hold: at most 18 hours (RFC 3339 allows 23:59). */
    static final String JAVA_OFFSET = "(?:[Zz]|[+-](?:0\\d|1[0-7]):[0-5]\\d|[+-]18:00)$";
    /**
     * What {@code Duration.parse} accepts (not JSON Schema's {@code format: duration}, which has
     * years and months, no fractions and no signs): days, hours, minutes, seconds with up to nine
     * decimals, each signed, in either case, at least one of them; an empty time part is refused
     * after {@code T} but, as the parser does, not after {@code t}. At most 13 digits an amount,
     * so no text the pattern accepts overflows the parser.
     */
    static final String DURATION = "^(?![-+]?[Pp][Tt]?$)(?!.*T$)[-+]?[Pp](?:[-+]?[0-9]{1,13}[Dd])?"
            + "(?:[Tt](?:[-+]?[0-9]{1,13}[Hh])?(?:[-+]?[0-9]{1,13}[Mm])?(?:[-+]?[0-9]{1,13}(?:[.,][0-9]{0,9})?[Ss])?)?$";
    /**
     * What {@code Period.parse} accepts: years, months, weeks, days, each signed, at least one; at
     * most 9 digits an amount (8 for weeks), so no text the pattern accepts overflows an int.
     */
    static final String PERIOD = "^(?![-+]?[Pp]$)[-+]?[Pp](?:[-+]?[0-9]{1,9}[Yy])?(?:[-+]?[0-9]{1,9}[Mm])?"
            + "(?:[-+]?[0-9]{1,8}[Ww])?(?:[-+]?[0-9]{1,9}[Dd])?$";

    private Patterns() {}
}
