package dev.idem.internal.binding;

import dev.idem.regex.EcmaRegex;
import dev.idem.regex.RegexLimitException;
import dev.idem.tool.ArgumentBindingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Reads tool arguments from a Jackson tree for generated binders. Every read reports what is
 * wrong as a sentence naming the parameter path ({@code lead.address.zip}) and carries on, so
 * one call to {@link #throwIfProblems()} lists all problems at once and the tool never runs on
 * bad arguments.
 *
 * <pre>{@code
 * ArgumentReader reader = new ArgumentReader(deadlineNanos);
 * JsonNode args = ArgumentReader.arguments(json);
 * reader.object(args, "", List.of("key", "cents"));
 * String key = reader.required(args, "", "key", reader::readString);
 * Long cents = reader.required(args, "", "cents", (n, p) -> reader.range(reader.readLong(n, p), n, ONE, null, p));
 * reader.throwIfProblems();
 * }</pre>
 *
 * <p>One rule throughout: a value binds exactly when the tool's JSON Schema (2020-12, formats
 * asserted) accepts it. Integers are JSON numbers without a fractional part that fit the Java
 * type ({@code 2.0} binds as 2); numbers are never numeric strings; bounds are compared with the
 * exact decimal the model sent, never a rounded double; {@code uniqueItems} is JSON equality
 * ({@code 2.5} and {@code 2.50} are one number); formats are RFC 3339, RFC 5321 and ISO 8601 as the
 * format-assertion vocabulary defines them; patterns are ECMA-262. A record or class constructor
 * that refuses its values reports a problem too (the model can fix its arguments). Pattern checks
 * stop at the reader's deadline. Not thread-safe: one reader per bind.
 */
public final class ArgumentReader {
    /** {@code BigInteger} arguments have at most this many digits (the schema: magnitude below 1E+300). */
    private static final int MAX_INTEGER_DIGITS = 300;
    private static final int MAX_MESSAGE = 200;
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final BigInteger BYTE_MIN = BigInteger.valueOf(Byte.MIN_VALUE);
    private static final BigInteger BYTE_MAX = BigInteger.valueOf(Byte.MAX_VALUE);
    private static final BigInteger SHORT_MIN = BigInteger.valueOf(Short.MIN_VALUE);
    private static final BigInteger SHORT_MAX = BigInteger.valueOf(Short.MAX_VALUE);
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    /** The schema's bound for {@code float}: its largest finite value, written out exactly. */
    private static final BigDecimal FLOAT_MAX = new BigDecimal(Float.MAX_VALUE);
    /** Amounts in a {@code Duration} the schema allows: 13 digits cannot overflow its seconds. */
    private static final int DURATION_DIGITS = 13;
    private static final int MAX_OFFSET_SECONDS = 18 * 3600;

    private List<String> problems = List.of(); // a list of its own from the first problem
    private final long deadlineNanos;
    private final boolean bounded;

    /** A reader whose pattern checks take as long as they take. */
    public ArgumentReader() {
        this.deadlineNanos = 0;
        this.bounded = false;
    }

    /** A reader whose pattern checks give up at {@code deadlineNanos} ({@link System#nanoTime()}). */
    public ArgumentReader(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
        this.bounded = true;
    }

    /** The arguments object to read: a missing or null tree counts as {@code {}}. */
    public static JsonNode arguments(JsonNode arguments) {
        return arguments == null || arguments.isNull() || arguments.isMissingNode()
                ? JsonNodeFactory.instance.objectNode()
                : arguments;
    }

    /** The path of property {@code name} under {@code path} ({@code ""} is the arguments object). */
    public static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    /** The path of element {@code index} under {@code path}. */
    public static String index(String path, int index) {
        return path + "[" + index + "]";
    }

    /** Records one problem sentence. */
    public void problem(String sentence) {
        if (problems.isEmpty()) {
            problems = new ArrayList<>();
        }
        problems.add(sentence);
    }

    /** Number of problems so far; generated code compares it to skip building broken objects. */
    public int problemCount() {
        return problems.size();
    }

    /** Problems so far, in the order found. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** @throws ArgumentBindingException listing every problem, when there is at least one */
    public void throwIfProblems() {
        if (!problems.isEmpty()) {
            throw new ArgumentBindingException(problems);
        }
    }

    // ---- objects and presence ----

    /**
     * Checks that {@code node} is an object whose property names are all in {@code properties}.
     *
     * @return whether it is an object (its properties may then be read)
     */
    public boolean object(JsonNode node, String path, List<String> properties) {
        if (!node.isObject()) {
            wrongType(node, path, "an object");
            return false;
        }
        for (String name : node.propertyNames()) {
            if (!properties.contains(name)) {
                unknown(path, name, properties);
            }
        }
        return true;
    }

    /** Records that the object at {@code path} has property {@code name}, which is not one of {@code properties}. */
    public void unknown(String path, String name, List<String> properties) {
        problem("unknown parameter '" + child(path, name) + "'; expected "
                + (properties.isEmpty() ? "no parameters" : String.join(", ", properties)));
    }

    /** Records that the required property at {@code path} is absent (or JSON null where null is no value). */
    public void missing(String path) {
        problem("missing required parameter '" + path + "'");
    }

    /**
     * Removes the problems found since {@link #problemCount()} was {@code from} and returns them, so
     * a reader walking an object in text order can report them in property order.
     */
    public List<String> takeProblems(int from) {
        List<String> taken = new ArrayList<>(problems.subList(from, problems.size()));
        problems.subList(from, problems.size()).clear();
        return taken;
    }

    /** Records problems taken with {@link #takeProblems}, in their order. */
    public void problems(List<String> sentences) {
        sentences.forEach(this::problem);
    }

    /** Reads a required property: absent or JSON null is a problem. */
    public <T> T required(JsonNode object, String path, String name, ElementReader<T> reader) {
        String childPath = child(path, name);
        JsonNode node = requiredValue(object, name, childPath);
        return node == null ? null : reader.read(node, childPath);
    }

    /**
     * The value of required property {@code name} of {@code object}, whose path is {@code path}:
     * absent or JSON null is a problem, and gives {@code null}. Generated binders read the value
     * with a plain call after it (no element reader to infer, which keeps generated code cheap to
     * compile).
     */
    public JsonNode requiredValue(JsonNode object, String name, String path) {
        JsonNode node = presentValue(object, name);
        if (node == null) {
            missing(path);
        }
        return node;
    }

    /** The value of optional property {@code name} of {@code object}, or {@code null} when absent or JSON null. */
    public JsonNode presentValue(JsonNode object, String name) {
        JsonNode node = object.get(name);
        return node == null || node.isNull() || node.isMissingNode() ? null : node;
    }

    /**
     * Reads a required {@code JsonNode} property: only absence is a problem, since JSON null is a
     * value like any other for a parameter that takes any JSON (its schema, {@code {}}, accepts it).
     */
    public JsonNode requiredJson(JsonNode object, String path, String name) {
        JsonNode node = object.get(name);
        if (node == null || node.isMissingNode()) {
            missing(child(path, name));
            return null;
        }
        return node;
    }

    /** Reads an optional property that binds to {@code null} when absent or JSON null. */
    public <T> T nullable(JsonNode object, String path, String name, ElementReader<T> reader) {
        return orDefault(object, path, name, reader, null);
    }

    /** Reads an optional property that binds to {@code fallback} when absent or JSON null. */
    public <T> T orDefault(JsonNode object, String path, String name, ElementReader<T> reader, T fallback) {
        JsonNode node = presentValue(object, name);
        return node == null ? fallback : reader.read(node, child(path, name));
    }

    /**
     * Reads an {@code Optional} property: absent binds to {@code Optional.empty()}, and so does an
     * explicit JSON null (the schema allows it; the tool cannot tell the two apart).
     */
    public <T> Optional<T> optional(JsonNode object, String path, String name, ElementReader<T> reader) {
        return Optional.ofNullable(nullable(object, path, name, reader));
    }

    /**
     * Builds the object at {@code path} when nothing was wrong inside it; a constructor that
     * refuses the values is a problem of the arguments ({@code 'lead.address' was refused by
     * com.acme.Address: zip must have 5 digits}), which the model can fix.
     *
     * @param typeName the type's canonical name
     */
    public <T> T construct(String path, String typeName, Construction<T> construction) {
        try {
            return construction.create();
        } catch (Exception refused) {
            refused(path, typeName, refused);
            return null;
        }
    }

    /**
     * Records that the constructor of the object at {@code path} refused its values, as
     * {@link #construct} does; generated binders call the constructor in a {@code try} and report
     * here.
     *
     * @param typeName the type's canonical name
     */
    public void refused(String path, String typeName, Exception refused) {
        String message = refused.getMessage() == null ? refused.toString() : refused.getMessage();
        if (message.length() > MAX_MESSAGE) {
            message = message.substring(0, MAX_MESSAGE - 3) + "...";
        }
        problem("'" + path + "' was refused by " + typeName + ": " + message);
    }

    // ---- scalars ----

    public String readString(JsonNode node, String path) {
        if (!node.isString()) {
            return wrongType(node, path, "a string");
        }
        return node.stringValue();
    }

    public Boolean readBoolean(JsonNode node, String path) {
        if (!node.isBoolean()) {
            return wrongType(node, path, "a boolean");
        }
        return node.booleanValue();
    }

    /** One UTF-16 unit (the schema: one code point of the Basic Multilingual Plane); an emoji needs two. */
    public Character readChar(JsonNode node, String path) {
        if (!node.isString() || node.stringValue().length() != 1) {
            boolean astral = node.isString() && node.stringValue().codePointCount(0, node.stringValue().length()) == 1;
            return wrongType(node, path, astral ? "a string of exactly one character between U+0000 and U+FFFF:"
                    + " a Java char cannot hold it" : "a string of exactly one character");
        }
        return node.stringValue().charAt(0);
    }

    // The common case, a plain JSON integer that fits, is read without the BigDecimal detour;
    // everything else (1.0, 1e2, out of range, not a number) goes through integral() for one rule
    // and one message.

    public Byte readByte(JsonNode node, String path) {
        if (node.isInt() && node.intValue() >= Byte.MIN_VALUE && node.intValue() <= Byte.MAX_VALUE) {
            return (byte) node.intValue();
        }
        BigInteger value = integral(node, path, BYTE_MIN, BYTE_MAX);
        return value == null ? null : value.byteValue();
    }

    public Short readShort(JsonNode node, String path) {
        if (node.isInt() && node.intValue() >= Short.MIN_VALUE && node.intValue() <= Short.MAX_VALUE) {
            return (short) node.intValue();
        }
        BigInteger value = integral(node, path, SHORT_MIN, SHORT_MAX);
        return value == null ? null : value.shortValue();
    }

    public Integer readInt(JsonNode node, String path) {
        if (node.isInt()) {
            return node.intValue();
        }
        BigInteger value = integral(node, path, INT_MIN, INT_MAX);
        return value == null ? null : value.intValue();
    }

    public Long readLong(JsonNode node, String path) {
        if (node.isInt() || node.isLong()) {
            return node.longValue();
        }
        BigInteger value = integral(node, path, LONG_MIN, LONG_MAX);
        return value == null ? null : value.longValue();
    }

    /** Any integer of at most 300 digits (the schema says: greater than -1E+300, less than 1E+300). */
    public BigInteger readBigInteger(JsonNode node, String path) {
        return integral(node, path, null, null);
    }

    /**
     * Any number, as the schema says, rounded to the nearest double: past ±{@code Double.MAX_VALUE}
     * that is an infinity (IEEE rounding); a tool that minds declares {@code min}/{@code max}.
     */
    public Double readDouble(JsonNode node, String path) {
        BigDecimal value = decimal(node);
        if (value == null) {
            return wrongType(node, path, "a number");
        }
        return value.doubleValue();
    }

    /** A number within the finite floats (the schema's bounds), rounded to the nearest float. */
    public Float readFloat(JsonNode node, String path) {
        BigDecimal value = decimal(node);
        if (value == null) {
            return wrongType(node, path, "a number");
        }
        if (value.abs().compareTo(FLOAT_MAX) > 0) {
            return wrongType(node, path, "a number between -" + FLOAT_MAX + " and " + FLOAT_MAX);
        }
        return value.floatValue();
    }

    public BigDecimal readBigDecimal(JsonNode node, String path) {
        BigDecimal value = decimal(node);
        return value == null ? wrongType(node, path, "a number") : value;
    }

    public UUID readUuid(JsonNode node, String path) {
        if (!node.isString() || !UUID_TEXT.matcher(node.stringValue()).matches()) {
            return wrongType(node, path, "a UUID string like 123e4567-e89b-12d3-a456-426614174000");
        }
        return UUID.fromString(node.stringValue());
    }

    public <E extends Enum<E>> E readEnum(JsonNode node, String path, E[] constants) {
        if (node.isString()) {
            for (E constant : constants) {
                if (constant.name().equals(node.stringValue())) {
                    return constant;
                }
            }
        }
        List<String> names = new ArrayList<>(constants.length);
        for (E constant : constants) {
            names.add(constant.name());
        }
        return wrongType(node, path, "one of " + String.join(", ", names));
    }

    /** A JSON value passed through as is. */
    public JsonNode readJson(JsonNode node, String path) {
        return node;
    }

    public LocalDate readLocalDate(JsonNode node, String path) {
        return temporal(node, path, "an ISO date like 2026-12-01", Rfc3339::fullDate);
    }

    public LocalDateTime readLocalDateTime(JsonNode node, String path) {
        return temporal(node, path, "a local date-time like 2026-12-01T10:15:30", Rfc3339::localDateTime);
    }

    public LocalTime readLocalTime(JsonNode node, String path) {
        return temporal(node, path, "a local time like 10:15:30", Rfc3339::localTime);
    }

    public OffsetTime readOffsetTime(JsonNode node, String path) {
        return temporal(node, path, "an RFC 3339 time with an offset of at most 18 hours like 10:15:30+01:00", text -> {
            Rfc3339.OffsetTime time = Rfc3339.fullTime(text);
            return time == null || Math.abs(time.offsetSeconds()) > MAX_OFFSET_SECONDS ? null
                    : OffsetTime.of(time.time().toLocal(), ZoneOffset.ofTotalSeconds(time.offsetSeconds()));
        });
    }

    /** Any RFC 3339 date-time: an instant needs no representable offset. */
    public Instant readInstant(JsonNode node, String path) {
        return temporal(node, path, "an RFC 3339 date-time like 2026-12-01T10:15:30Z", text -> {
            Rfc3339.DateTime dateTime = Rfc3339.dateTime(text);
            return dateTime == null ? null : Instant.ofEpochSecond(
                    dateTime.local().toEpochSecond(ZoneOffset.UTC) - dateTime.offsetSeconds(), dateTime.local().getNano());
        });
    }

    public OffsetDateTime readOffsetDateTime(JsonNode node, String path) {
        return temporal(node, path, "an RFC 3339 date-time with an offset of at most 18 hours like 2026-12-01T10:15:30+01:00",
                text -> {
                    Rfc3339.DateTime dateTime = offsetDateTime(text);
                    return dateTime == null ? null
                            : OffsetDateTime.of(dateTime.local(), ZoneOffset.ofTotalSeconds(dateTime.offsetSeconds()));
                });
    }

    /** An RFC 3339 date-time: the zone is its offset (no JSON Schema format names zone regions). */
    public ZonedDateTime readZonedDateTime(JsonNode node, String path) {
        return temporal(node, path, "an RFC 3339 date-time with an offset of at most 18 hours like 2026-12-01T10:15:30+01:00",
                text -> {
                    Rfc3339.DateTime dateTime = offsetDateTime(text);
                    return dateTime == null ? null
                            : ZonedDateTime.of(dateTime.local(), ZoneOffset.ofTotalSeconds(dateTime.offsetSeconds()));
                });
    }

    /** What {@code Duration.parse} accepts, amounts of at most 13 digits (the schema's pattern). */
    public Duration readDuration(JsonNode node, String path) {
        return temporal(node, path, "an ISO duration like PT15M", text -> amountsFit(text, DURATION_DIGITS, DURATION_DIGITS)
                ? parsed(text, Duration::parse) : null);
    }

    /** What {@code Period.parse} accepts, amounts of at most 9 digits, 8 for weeks (the schema's pattern). */
    public Period readPeriod(JsonNode node, String path) {
        return temporal(node, path, "an ISO period like P1M2D", text -> amountsFit(text, 9, 8) ? parsed(text, Period::parse) : null);
    }

    // ---- containers ----

    /** Checks that {@code node} is an array, whose items generated code then reads one by one. */
    public boolean array(JsonNode node, String path) {
        if (!node.isArray()) {
            wrongType(node, path, "an array");
            return false;
        }
        return true;
    }

    /** Checks that {@code node} is an object with any property names (a map), whose entries generated code then reads. */
    public boolean object(JsonNode node, String path) {
        if (!node.isObject()) {
            wrongType(node, path, "an object");
            return false;
        }
        return true;
    }

    public <T> List<T> readList(JsonNode node, String path, ElementReader<T> element) {
        if (!array(node, path)) {
            return null;
        }
        List<T> result = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            result.add(element.read(node.get(i), index(path, i)));
        }
        return result;
    }

    /**
     * Reads an array into a set. Items equal as JSON values are a problem ({@code uniqueItems});
     * distinct JSON items that are one Java value ({@code 0.1} and {@code 0.10000000000000001} as
     * a {@code float}) are accepted, as the schema does, and held once.
     */
    public <T> Set<T> readSet(JsonNode node, String path, ElementReader<T> element) {
        return unique(readList(node, path, element), node, path);
    }

    /**
     * The items of array {@code node}, read into {@code list}, as a set: items equal as JSON values
     * are a problem ({@code uniqueItems}), as in {@link #readSet}.
     */
    public <T> Set<T> unique(List<T> list, JsonNode node, String path) {
        if (list == null) {
            return null;
        }
        int duplicate = JsonEquality.firstDuplicate(node);
        if (duplicate >= 0) {
            problem("parameter '" + path + "' must not contain duplicate items, but item " + duplicate
                    + " repeats an earlier one");
        }
        return new LinkedHashSet<>(list);
    }

    public <T> Map<String, T> readMap(JsonNode node, String path, ElementReader<T> value) {
        if (!object(node, path)) {
            return null;
        }
        Map<String, T> result = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            result.put(entry.getKey(), value.read(entry.getValue(), child(path, entry.getKey())));
        }
        return result;
    }

    // ---- constraints: each returns its value so generated code can chain it ----

    /**
     * Checks {@code min <= node <= max} on the exact decimal the model sent ({@code null}: no
     * bound), when {@code value} was read.
     */
    public <N> N range(N value, JsonNode node, BigDecimal min, BigDecimal max, String path) {
        BigDecimal actual = value == null ? null : decimal(node);
        if (actual == null) {
            return value;
        }
        if (min != null && actual.compareTo(min) < 0) {
            problem("parameter '" + path + "' must be at least " + min.toString() + ", was " + shortText(node));
            return null;
        }
        if (max != null && actual.compareTo(max) > 0) {
            problem("parameter '" + path + "' must be at most " + max.toString() + ", was " + shortText(node));
            return null;
        }
        return value;
    }

    /** Checks a string's length in code points ({@code -1}: no bound); a violation ends its checks. */
    public String length(String value, int minLength, int maxLength, String path) {
        if (value == null) {
            return null;
        }
        int length = value.codePointCount(0, value.length());
        if (minLength >= 0 && length < minLength) {
            problem("parameter '" + path + "' must have at least " + minLength + " characters, had " + length);
            return null;
        }
        if (maxLength >= 0 && length > maxLength) {
            problem("parameter '" + path + "' must have at most " + maxLength + " characters, had " + length);
            return null;
        }
        return value;
    }

    /** Checks that {@code pattern} is found in the string (anywhere, as in JSON Schema), by the deadline. */
    public String matches(String value, EcmaRegex pattern, String path) {
        if (value == null) {
            return null;
        }
        try {
            boolean found = bounded ? pattern.find(value, deadlineNanos) : pattern.find(value);
            if (!found) {
                problem("parameter '" + path + "' must match the pattern " + pattern.pattern() + ", was "
                        + shortText(JsonNodeFactory.instance.stringNode(value)));
                return null;
            }
            return value;
        } catch (RegexLimitException tooSlow) {
            problem("parameter '" + path + "' could not be checked against the pattern " + pattern.pattern()
                    + " within the call's time limit (" + value.length() + " characters); send a shorter value");
            return null;
        }
    }

    /**
     * Checks a JSON Schema {@code format} the binder enforces for strings: {@code date},
     * {@code time}, {@code date-time}, {@code duration}, {@code email}, {@code uuid}.
     *
     * @throws IllegalArgumentException for any other format (the processor never emits one)
     */
    public String format(String value, String format, String path) {
        if (value == null) {
            return null;
        }
        boolean valid = switch (format) {
            case "date" -> Rfc3339.fullDate(value) != null;
            case "time" -> Rfc3339.fullTime(value) != null;
            case "date-time" -> Rfc3339.dateTime(value) != null;
            case "duration" -> IsoDuration.isValid(value);
            case "email" -> Mailbox.isValid(value);
            case "uuid" -> UUID_TEXT.matcher(value).matches();
            default -> throw new IllegalArgumentException("format '" + format + "' is not enforced by the binder");
        };
        if (!valid) {
            problem("parameter '" + path + "' must be a valid " + format + " (JSON Schema format), was "
                    + shortText(JsonNodeFactory.instance.stringNode(value)));
            return null;
        }
        return value;
    }

    /** Checks the number of items of the array read into {@code value} ({@code -1}: no bound). */
    public <C> C items(C value, JsonNode node, int minItems, int maxItems, String path) {
        return value == null ? null : items(value, node.size(), minItems, maxItems, path);
    }

    /** Checks the number of items, {@code size}, of the array read into {@code value} ({@code -1}: no bound). */
    public <C> C items(C value, int size, int minItems, int maxItems, String path) {
        if (value == null) {
            return null;
        }
        if (minItems >= 0 && size < minItems) {
            problem("parameter '" + path + "' must have at least " + minItems + " items, had " + size);
            return null;
        }
        if (maxItems >= 0 && size > maxItems) {
            problem("parameter '" + path + "' must have at most " + maxItems + " items, had " + size);
            return null;
        }
        return value;
    }

    // ---- internals ----

    /** The exact value of a JSON number, or null for anything else (and for non-finite doubles in hand-built trees). */
    private static BigDecimal decimal(JsonNode node) {
        if (!node.isNumber()) {
            return null;
        }
        if ((node.isDouble() || node.isFloat()) && !Double.isFinite(node.doubleValue())) {
            return null;
        }
        return node.decimalValue();
    }

    private BigInteger integral(JsonNode node, String path, BigInteger min, BigInteger max) {
        BigDecimal decimal = decimal(node);
        if (decimal == null) {
            return wrongType(node, path, "an integer");
        }
        BigInteger value = whole(decimal, node, path);
        if (value != null && min != null && (value.compareTo(min) < 0 || value.compareTo(max) > 0)) {
            return wrongType(node, path, "an integer between " + min + " and " + max);
        }
        return value;
    }

    private BigInteger whole(BigDecimal value, JsonNode node, String path) {
        if (value.signum() == 0) {
            return BigInteger.ZERO;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() > 0) {
            return wrongType(node, path, "an integer (no fractional part)");
        }
        // long arithmetic: 1E+2147483647 is a short literal whose digit count overflows an int
        if ((long) stripped.precision() - stripped.scale() > MAX_INTEGER_DIGITS) {
            return wrongType(node, path, "an integer of at most " + MAX_INTEGER_DIGITS + " digits");
        }
        return stripped.toBigIntegerExact();
    }

    /**
     * Whether every run of digits has at most {@code digits} of them ({@code weekDigits} before a
     * {@code W}): past that, the pattern in the schema refuses the text, so the binder does too.
     */
    private static boolean amountsFit(String text, int digits, int weekDigits) {
        int run = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            if (c >= '0' && c <= '9') {
                run++;
                continue;
            }
            if (run > ((c == 'W' || c == 'w') ? weekDigits : digits)) {
                return false;
            }
            run = 0;
        }
        return true;
    }

    private static <T> T parsed(String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (RuntimeException refused) {
            return null;
        }
    }

    private static Rfc3339.DateTime offsetDateTime(String text) {
        Rfc3339.DateTime dateTime = Rfc3339.dateTime(text);
        return dateTime == null || Math.abs(dateTime.offsetSeconds()) > MAX_OFFSET_SECONDS ? null : dateTime;
    }

    private <T> T temporal(JsonNode node, String path, String expected, Function<String, T> parser) {
        if (!node.isString()) {
            return wrongType(node, path, expected);
        }
        T value = parser.apply(node.stringValue());
        return value == null ? wrongType(node, path, expected) : value;
    }

    private <T> T wrongType(JsonNode node, String path, String expected) {
        String subject = path.isEmpty() ? "the arguments" : "parameter '" + path + "'";
        problem(subject + " must be " + expected + ", was " + describe(node));
        return null;
    }

    private static String describe(JsonNode node) {
        String text = shortText(node);
        switch (node.getNodeType()) {
            case STRING:
                return "string " + text;
            case NUMBER:
                return "number " + text;
            case BOOLEAN:
                return "boolean " + text;
            case NULL:
                return "null";
            case ARRAY:
                return "array " + text;
            case OBJECT:
                return "object " + text;
            default:
                return text;
        }
    }

    private static String shortText(JsonNode node) {
        String text = node.toString();
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
