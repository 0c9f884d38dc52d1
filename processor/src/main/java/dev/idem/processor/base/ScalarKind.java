package dev.idem.processor.base;

import java.math.BigDecimal;

/**
 * The scalar types a tool may use, with their JSON Schema and the {@code ArgumentReader} /
 * {@code ResultEncoder} methods generated code calls for them.
 */
public enum ScalarKind {
    /** {@code String}. */
    STRING("string", null, null, "readString", "string", "java.lang.String"),
    /** {@code char} and {@code Character}: one UTF-16 unit. */
    CHAR("string", null, Patterns.CHAR, "readChar", "character", "java.lang.Character"),
    /** {@code boolean} and {@code Boolean}. */
    BOOLEAN("boolean", null, null, "readBoolean", "bool", "java.lang.Boolean"),
    /** {@code byte} and {@code Byte}. */
    BYTE("integer", null, null, "readByte", "number", "java.lang.Byte"),
    /** {@code short} and {@code Short}. */
    SHORT("integer", null, null, "readShort", "number", "java.lang.Short"),
    /** {@code int} and {@code Integer}. */
    INT("integer", null, null, "readInt", "number", "java.lang.Integer"),
    /** {@code long} and {@code Long}. */
    LONG("integer", null, null, "readLong", "number", "java.lang.Long"),
    /** {@code float} and {@code Float}. */
    FLOAT("number", null, null, "readFloat", "number", "java.lang.Float"),
    /** {@code double} and {@code Double}. */
    DOUBLE("number", null, null, "readDouble", "number", "java.lang.Double"),
    /** {@code BigInteger}. */
    BIG_INTEGER("integer", null, null, "readBigInteger", "number", "java.math.BigInteger"),
    /** {@code BigDecimal}. */
    BIG_DECIMAL("number", null, null, "readBigDecimal", "number", "java.math.BigDecimal"),
    /** {@code UUID}, format {@code uuid}. */
    UUID("string", "uuid", null, "readUuid", "isoText", "java.util.UUID"),
    /** {@code LocalDate}, format {@code date}. */
    LOCAL_DATE("string", "date", null, "readLocalDate", "isoText", "java.time.LocalDate"),
    /** {@code LocalDateTime}. */
    LOCAL_DATE_TIME("string", null, Patterns.LOCAL_DATE_TIME, "readLocalDateTime", "isoText", "java.time.LocalDateTime"),
    /** {@code LocalTime}. */
    LOCAL_TIME("string", null, Patterns.LOCAL_TIME, "readLocalTime", "isoText", "java.time.LocalTime"),
    /** {@code OffsetTime}, format {@code time}. */
    OFFSET_TIME("string", "time", Patterns.JAVA_OFFSET, "readOffsetTime", "isoText", "java.time.OffsetTime"),
    /** {@code Instant}, format {@code date-time}. */
    INSTANT("string", "date-time", null, "readInstant", "isoText", "java.time.Instant"),
    /** {@code OffsetDateTime}, format {@code date-time}. */
    OFFSET_DATE_TIME("string", "date-time", Patterns.JAVA_OFFSET, "readOffsetDateTime", "isoText", "java.time.OffsetDateTime"),
    /** {@code ZonedDateTime}, format {@code date-time}. */
    ZONED_DATE_TIME("string", "date-time", Patterns.JAVA_OFFSET, "readZonedDateTime", "isoText", "java.time.ZonedDateTime"),
    /** {@code Duration}. */
    DURATION("string", null, Patterns.DURATION, "readDuration", "isoText", "java.time.Duration"),
    /** {@code Period}. */
    PERIOD("string", null, Patterns.PERIOD, "readPeriod", "isoText", "java.time.Period");

    private final String jsonType;
    private final String format;
    private final String pattern;
    private final String readerMethod;
    private final String encoderMethod;
    private final String boxedName;

    ScalarKind(String jsonType, String format, String pattern, String readerMethod, String encoderMethod, String boxedName) {
        this.jsonType = jsonType;
        this.format = format;
        this.pattern = pattern;
        this.readerMethod = readerMethod;
        this.encoderMethod = encoderMethod;
        this.boxedName = boxedName;
    }

    /**
     * The ECMA-262 pattern the schema adds so that it says exactly what binds, or null: a
     * {@code char} is one UTF-16 unit, a {@code Duration} or {@code Period} the part of the
     * {@code duration} format it holds, an offset at most 18 hours, local times their own syntax.
     *
     * @return the pattern, or null
     */
    public String pattern() {
        return pattern;
    }

    /**
     * The smallest value of the Java type, exactly, as the schema's {@code minimum}; null when none.
     * A {@code float}'s bound is its largest finite value written out exactly; a {@code double} has
     * none: a larger JSON number binds as the nearest double, an infinity (IEEE rounding).
     *
     * @return the minimum, or null
     */
    public String naturalMinimum() {
        return switch (this) {
            case BYTE -> Byte.toString(Byte.MIN_VALUE);
            case SHORT -> Short.toString(Short.MIN_VALUE);
            case INT -> Integer.toString(Integer.MIN_VALUE);
            case LONG -> Long.toString(Long.MIN_VALUE);
            case FLOAT -> new BigDecimal(-Float.MAX_VALUE).toPlainString();
            default -> null;
        };
    }

    /**
     * The largest value of the Java type, exactly, as the schema's {@code maximum}; null when none.
     *
     * @return the maximum, or null
     */
    public String naturalMaximum() {
        return switch (this) {
            case BYTE -> Byte.toString(Byte.MAX_VALUE);
            case SHORT -> Short.toString(Short.MAX_VALUE);
            case INT -> Integer.toString(Integer.MAX_VALUE);
            case LONG -> Long.toString(Long.MAX_VALUE);
            case FLOAT -> new BigDecimal(Float.MAX_VALUE).toPlainString();
            default -> null;
        };
    }

    /**
     * The exclusive bound on the magnitude the binder reads ({@code BigInteger}: at most 300
     * digits, so {@code 1e100000000} cannot exhaust memory, and a bound every JSON parser reads as
     * a finite number); null when none.
     *
     * @return the bound, or null
     */
    public String exclusiveMagnitude() {
        return this == BIG_INTEGER ? "1E+300" : null;
    }

    /**
     * JSON Schema {@code type}.
     *
     * @return the JSON Schema type
     */
    public String jsonType() {
        return jsonType;
    }

    /**
     * JSON Schema {@code format}, or null.
     *
     * @return the format, or null
     */
    public String format() {
        return format;
    }

    /**
     * {@code ArgumentReader} method that reads it.
     *
     * @return the reader method's name
     */
    public String readerMethod() {
        return readerMethod;
    }

    /**
     * {@code ResultEncoder} method that encodes it.
     *
     * @return the encoder method's name
     */
    public String encoderMethod() {
        return encoderMethod;
    }

    /**
     * Qualified name of the boxed (or only) Java type.
     *
     * @return the qualified name
     */
    public String boxedName() {
        return boxedName;
    }

    /**
     * Whether it is a JSON number.
     *
     * @return whether it is a JSON number
     */
    public boolean isNumeric() {
        return jsonType.equals("integer") || jsonType.equals("number");
    }

    /**
     * Whether it is a JSON string (length and pattern constraints apply to STRING only).
     *
     * @return whether it is a JSON string
     */
    public boolean isText() {
        return this == STRING;
    }

    /**
     * Whether it is a JSON integer (exclusive Bean Validation bounds apply to these only).
     *
     * @return whether it is a JSON integer
     */
    public boolean isIntegral() {
        return jsonType.equals("integer");
    }

    /**
     * Example hint for descriptions of types without a JSON Schema format, or null.
     *
     * @return the hint, or null
     */
    public String hint() {
        return switch (this) {
            case LOCAL_DATE_TIME -> "local date-time without offset, e.g. 2026-12-01T10:15:30";
            case LOCAL_TIME -> "local time without offset, e.g. 10:15:30";
            case CHAR -> "a single character";
            default -> null;
        };
    }

    /**
     * The kind whose boxed (or only) type has this qualified name, or null.
     *
     * @param qualifiedName a Java type's qualified name
     * @return the kind, or null
     */
    public static ScalarKind forBoxedName(String qualifiedName) {
        for (ScalarKind kind : values()) {
            if (kind.boxedName.equals(qualifiedName)) {
                return kind;
            }
        }
        return null;
    }
}
