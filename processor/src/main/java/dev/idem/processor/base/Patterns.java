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
    private static final String TIME_PARTS = "(?:\\d{1,9}H(?:\\d{1,9}M(?:\\d{1,9}S)?)?|\\d{1,9}M(?:\\d{1,9}S)?|\\d{1,9}S)";

    /** One UTF-16 unit that is a character of its own (a {@code char}). */
    static final String CHAR = "^[\\u0000-\\uD7FF\\uE000-\\uFFFF]$";
    /** {@code LocalDateTime}: date, {@code T}, hours and minutes, optional seconds and fraction. */
    static final String LOCAL_DATE_TIME = "^" + DATE + "T" + LOCAL_CLOCK + "$";
    /** {@code LocalTime}: hours and minutes, optional seconds and fraction. */
    static final String LOCAL_TIME = "^" + LOCAL_CLOCK + "$";
    /** An offset {@code java.time} can hold: at most 18 hours (RFC 3339 allows 23:59). */
    static final String JAVA_OFFSET = "(?:[Zz]|[+-](?:0\\d|1[0-7]):[0-5]\\d|[+-]18:00)$";
    /** {@code Duration}: weeks, or days and time parts; at most 9 digits a part; upper case. */
    static final String DURATION = "^P(?:\\d{1,9}W|\\d{1,9}D(?:T" + TIME_PARTS + ")?|T" + TIME_PARTS + ")$";
    /** {@code Period}: weeks (at most 8 digits), or years, months and days (at most 9); upper case. */
    static final String PERIOD = "^P(?:\\d{1,8}W|\\d{1,9}Y(?:\\d{1,9}M(?:\\d{1,9}D)?)?|\\d{1,9}M(?:\\d{1,9}D)?|\\d{1,9}D)$";

    private Patterns() {}
}
