package dev.idem.processor.base;

/**
 * The scalar types a tool may use, with their JSON Schema and the {@code ArgumentReader} /
 * {@code ResultEncoder} methods generated code calls for them.
 */
public enum ScalarKind {
    STRING("string", null, "readString", "string", "java.lang.String"),
    CHAR("string", null, "readChar", "character", "java.lang.Character"),
    BOOLEAN("boolean", null, "readBoolean", "bool", "java.lang.Boolean"),
    BYTE("integer", null, "readByte", "number", "java.lang.Byte"),
    SHORT("integer", null, "readShort", "number", "java.lang.Short"),
    INT("integer", null, "readInt", "number", "java.lang.Integer"),
    LONG("integer", null, "readLong", "number", "java.lang.Long"),
    FLOAT("number", null, "readFloat", "number", "java.lang.Float"),
    DOUBLE("number", null, "readDouble", "number", "java.lang.Double"),
    BIG_INTEGER("integer", null, "readBigInteger", "number", "java.math.BigInteger"),
    BIG_DECIMAL("number", null, "readBigDecimal", "number", "java.math.BigDecimal"),
    UUID("string", "uuid", "readUuid", "isoText", "java.util.UUID"),
    LOCAL_DATE("string", "date", "readLocalDate", "isoText", "java.time.LocalDate"),
    LOCAL_DATE_TIME("string", null, "readLocalDateTime", "isoText", "java.time.LocalDateTime"),
    LOCAL_TIME("string", null, "readLocalTime", "isoText", "java.time.LocalTime"),
    OFFSET_TIME("string", "time", "readOffsetTime", "isoText", "java.time.OffsetTime"),
    INSTANT("string", "date-time", "readInstant", "isoText", "java.time.Instant"),
    OFFSET_DATE_TIME("string", "date-time", "readOffsetDateTime", "isoText", "java.time.OffsetDateTime"),
    ZONED_DATE_TIME("string", null, "readZonedDateTime", "isoText", "java.time.ZonedDateTime"),
    DURATION("string", null, "readDuration", "isoText", "java.time.Duration"),
    PERIOD("string", null, "readPeriod", "isoText", "java.time.Period");

    private final String jsonType;
    private final String format;
    private final String readerMethod;
    private final String encoderMethod;
    private final String boxedName;

    ScalarKind(String jsonType, String format, String readerMethod, String encoderMethod, String boxedName) {
        this.jsonType = jsonType;
        this.format = format;
        this.readerMethod = readerMethod;
        this.encoderMethod = encoderMethod;
        this.boxedName = boxedName;
    }

    /** JSON Schema {@code type}. */
    public String jsonType() {
        return jsonType;
    }

    /** JSON Schema {@code format}, or null. */
    public String format() {
        return format;
    }

    /** {@code ArgumentReader} method that reads it. */
    public String readerMethod() {
        return readerMethod;
    }

    /** {@code ResultEncoder} method that encodes it. */
    public String encoderMethod() {
        return encoderMethod;
    }

    /** Qualified name of the boxed (or only) Java type. */
    public String boxedName() {
        return boxedName;
    }

    /** Whether it is a JSON number. */
    public boolean isNumeric() {
        return jsonType.equals("integer") || jsonType.equals("number");
    }

    /** Whether it is a JSON string (length and pattern constraints apply to STRING only). */
    public boolean isText() {
        return this == STRING;
    }

    /** Whether it is a JSON integer (exclusive Bean Validation bounds apply to these only). */
    public boolean isIntegral() {
        return jsonType.equals("integer");
    }

    /** Example hint for descriptions of types without a JSON Schema format, or null. */
    public String hint() {
        return switch (this) {
            case LOCAL_DATE_TIME -> "ISO-8601 local date-time, e.g. 2026-12-01T10:15:30";
            case LOCAL_TIME -> "ISO-8601 local time, e.g. 10:15:30";
            case ZONED_DATE_TIME -> "ISO-8601 zoned date-time, e.g. 2026-12-01T10:15:30+01:00[Europe/Paris]";
            case CHAR -> "a single character";
            default -> null;
        };
    }

    /** The kind whose boxed (or only) type has this qualified name, or null. */
    public static ScalarKind forBoxedName(String qualifiedName) {
        for (ScalarKind kind : values()) {
            if (kind.boxedName.equals(qualifiedName)) {
                return kind;
            }
        }
        return null;
    }
}
