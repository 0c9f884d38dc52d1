package dev.idem.internal.binding;

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
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
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
 * ArgumentReader reader = new ArgumentReader();
 * JsonNode args = ArgumentReader.arguments(json);
 * reader.object(args, "", List.of("key", "cents"));
 * String key = reader.required(args, "", "key", reader::readString);
 * Long cents = reader.required(args, "", "cents", (n, p) -> reader.range(reader.readLong(n, p), 1, Double.POSITIVE_INFINITY, p));
 * reader.throwIfProblems();
 * }</pre>
 *
 * <p>Rules: a required value that is absent or JSON null is missing; integers accept any JSON
 * number without a fractional part that fits the Java type; numbers are JSON numbers, never
 * numeric strings, exactly as the schema says (a body never runs on arguments its schema
 * rejects); {@code char} is a
 * string of exactly one character; enums bind by constant name; {@code java.time} values and
 * UUIDs are ISO / canonical strings. Not thread-safe: one reader per bind.
 */
public final class ArgumentReader {
    private static final int MAX_INTEGER_DIGITS = 1000;
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

    private final List<String> problems = new ArrayList<>();

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
                problem("unknown parameter '" + child(path, name) + "'; expected "
                        + (properties.isEmpty() ? "no parameters" : String.join(", ", properties)));
            }
        }
        return true;
    }

    /** Reads a required property: absent or JSON null is a problem. */
    public <T> T required(JsonNode object, String path, String name, ElementReader<T> reader) {
        String childPath = child(path, name);
        JsonNode node = object.get(name);
        if (node == null || node.isNull() || node.isMissingNode()) {
            problem("missing required parameter '" + childPath + "'");
            return null;
        }
        return reader.read(node, childPath);
    }

    /** Reads an optional property that binds to {@code null} when absent or JSON null. */
    public <T> T nullable(JsonNode object, String path, String name, ElementReader<T> reader) {
        return orDefault(object, path, name, reader, null);
    }

    /** Reads an optional property that binds to {@code fallback} when absent or JSON null. */
    public <T> T orDefault(JsonNode object, String path, String name, ElementReader<T> reader, T fallback) {
        JsonNode node = object.get(name);
        if (node == null || node.isNull() || node.isMissingNode()) {
            return fallback;
        }
        return reader.read(node, child(path, name));
    }

    /**
     * Reads an {@code Optional} property: absent binds to {@code Optional.empty()}, and so does an
     * explicit JSON null (the schema allows it; the tool cannot tell the two apart).
     */
    public <T> Optional<T> optional(JsonNode object, String path, String name, ElementReader<T> reader) {
        return Optional.ofNullable(nullable(object, path, name, reader));
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

    public Character readChar(JsonNode node, String path) {
        if (!node.isString() || node.stringValue().length() != 1) {
            return wrongType(node, path, "a string of exactly one character");
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

    public BigInteger readBigInteger(JsonNode node, String path) {
        return integral(node, path, null, null);
    }

    public Double readDouble(JsonNode node, String path) {
        if (!node.isNumber()) {
            return wrongType(node, path, "a number");
        }
        double value = node.decimalValue().doubleValue();
        if (Double.isInfinite(value)) {
            return wrongType(node, path, "a number within the range of a double");
        }
        return value;
    }

    public Float readFloat(JsonNode node, String path) {
        if (!node.isNumber()) {
            return wrongType(node, path, "a number");
        }
        float value = node.decimalValue().floatValue();
        if (Float.isInfinite(value)) {
            return wrongType(node, path, "a number within the range of a float");
        }
        return value;
    }

    public BigDecimal readBigDecimal(JsonNode node, String path) {
        if (!node.isNumber()) {
            return wrongType(node, path, "a number");
        }
        return node.decimalValue();
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
        return temporal(node, path, "an ISO date like 2026-12-01", LocalDate::parse);
    }

    public LocalDateTime readLocalDateTime(JsonNode node, String path) {
        return temporal(node, path, "an ISO local date-time like 2026-12-01T10:15:30", LocalDateTime::parse);
    }

    public LocalTime readLocalTime(JsonNode node, String path) {
        return temporal(node, path, "an ISO local time like 10:15:30", LocalTime::parse);
    }

    public OffsetTime readOffsetTime(JsonNode node, String path) {
        return temporal(node, path, "an ISO time with offset like 10:15:30+01:00", OffsetTime::parse);
    }

    public Instant readInstant(JsonNode node, String path) {
        return temporal(node, path, "an ISO instant like 2026-12-01T10:15:30Z", text -> OffsetDateTime.parse(text).toInstant());
    }

    public OffsetDateTime readOffsetDateTime(JsonNode node, String path) {
        return temporal(node, path, "an ISO date-time with offset like 2026-12-01T10:15:30+01:00", OffsetDateTime::parse);
    }

    public ZonedDateTime readZonedDateTime(JsonNode node, String path) {
        return temporal(node, path, "an ISO zoned date-time like 2026-12-01T10:15:30+01:00[Europe/Paris]", ZonedDateTime::parse);
    }

    public Duration readDuration(JsonNode node, String path) {
        return temporal(node, path, "an ISO duration like PT15M", Duration::parse);
    }

    public Period readPeriod(JsonNode node, String path) {
        return temporal(node, path, "an ISO period like P1M2D", Period::parse);
    }

    // ---- containers ----

    public <T> List<T> readList(JsonNode node, String path, ElementReader<T> element) {
        if (!node.isArray()) {
            return wrongType(node, path, "an array");
        }
        List<T> result = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            result.add(element.read(node.get(i), index(path, i)));
        }
        return result;
    }

    /** Reads an array into a set; duplicates are a problem (the schema says {@code uniqueItems}). */
    public <T> Set<T> readSet(JsonNode node, String path, ElementReader<T> element) {
        List<T> list = readList(node, path, element);
        if (list == null) {
            return null;
        }
        Set<T> result = new LinkedHashSet<>(list);
        if (result.size() != list.size()) {
            problem("parameter '" + path + "' must not contain duplicate items");
        }
        return result;
    }

    public <T> Map<String, T> readMap(JsonNode node, String path, ElementReader<T> value) {
        if (!node.isObject()) {
            return wrongType(node, path, "an object");
        }
        Map<String, T> result = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            result.put(entry.getKey(), value.read(entry.getValue(), child(path, entry.getKey())));
        }
        return result;
    }

    // ---- constraints: each returns its value so generated code can chain it ----

    /** Checks {@code min <= value <= max} (infinite bounds are no bound). */
    public <N extends Number> N range(N value, double min, double max, String path) {
        if (value == null) {
            return null;
        }
        BigDecimal actual = new BigDecimal(value.toString());
        if (!Double.isInfinite(min) && actual.compareTo(BigDecimal.valueOf(min)) < 0) {
            problem("parameter '" + path + "' must be at least " + bound(min) + ", was " + value);
        } else if (!Double.isInfinite(max) && actual.compareTo(BigDecimal.valueOf(max)) > 0) {
            problem("parameter '" + path + "' must be at most " + bound(max) + ", was " + value);
        }
        return value;
    }

    /** Checks a string's length in code points ({@code -1}: no bound). */
    public String length(String value, int minLength, int maxLength, String path) {
        if (value == null) {
            return null;
        }
        int length = value.codePointCount(0, value.length());
        if (minLength >= 0 && length < minLength) {
            problem("parameter '" + path + "' must have at least " + minLength + " characters, had " + length);
        } else if (maxLength >= 0 && length > maxLength) {
            problem("parameter '" + path + "' must have at most " + maxLength + " characters, had " + length);
        }
        return value;
    }

    /** Checks that {@code pattern} is found in the string (anywhere, as in JSON Schema). */
    public String matches(String value, Pattern pattern, String path) {
        if (value != null && !pattern.matcher(value).find()) {
            problem("parameter '" + path + "' must match the pattern " + pattern.pattern() + ", was \"" + value + "\"");
        }
        return value;
    }

    /** Checks the number of items of a collection ({@code -1}: no bound). */
    public <C extends Collection<?>> C items(C value, int minItems, int maxItems, String path) {
        if (value == null) {
            return null;
        }
        if (minItems >= 0 && value.size() < minItems) {
            problem("parameter '" + path + "' must have at least " + minItems + " items, had " + value.size());
        } else if (maxItems >= 0 && value.size() > maxItems) {
            problem("parameter '" + path + "' must have at most " + maxItems + " items, had " + value.size());
        }
        return value;
    }

    // ---- arrays: generated code reads a list, then converts ----

    /** The list as an array made by {@code create} (e.g. {@code String[]::new}); null stays null. */
    public static <T> T[] toArray(List<T> list, java.util.function.IntFunction<T[]> create) {
        return list == null ? null : list.toArray(create.apply(list.size()));
    }

    public static int[] toIntArray(List<Integer> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        int[] result = new int[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static long[] toLongArray(List<Long> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        long[] result = new long[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static short[] toShortArray(List<Short> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        short[] result = new short[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static byte[] toByteArray(List<Byte> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        byte[] result = new byte[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static double[] toDoubleArray(List<Double> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        double[] result = new double[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static float[] toFloatArray(List<Float> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        float[] result = new float[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static boolean[] toBooleanArray(List<Boolean> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        boolean[] result = new boolean[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static char[] toCharArray(List<Character> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        char[] result = new char[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    // ---- internals ----

    private BigInteger integral(JsonNode node, String path, BigInteger min, BigInteger max) {
        if (!node.isNumber()) {
            return wrongType(node, path, "an integer");
        }
        BigInteger value = whole(node.decimalValue(), node, path);
        if (value != null && min != null && (value.compareTo(min) < 0 || value.compareTo(max) > 0)) {
            return wrongType(node, path, "an integer between " + min + " and " + max);
        }
        return value;
    }

    private BigInteger whole(BigDecimal value, JsonNode node, String path) {
        if (value.precision() - value.scale() > MAX_INTEGER_DIGITS) {
            // 1e100000000 is a short literal but a huge integer: refuse it before building it.
            return wrongType(node, path, "an integer of at most " + MAX_INTEGER_DIGITS + " digits");
        }
        try {
            return value.toBigIntegerExact();
        } catch (ArithmeticException fractional) {
            return wrongType(node, path, "an integer (no fractional part)");
        }
    }

    private <T> T temporal(JsonNode node, String path, String expected, Function<String, T> parser) {
        if (!node.isString()) {
            return wrongType(node, path, expected);
        }
        try {
            return parser.apply(node.stringValue());
        } catch (RuntimeException unparseable) {
            return wrongType(node, path, expected);
        }
    }

    private <T> T wrongType(JsonNode node, String path, String expected) {
        String subject = path.isEmpty() ? "the arguments" : "parameter '" + path + "'";
        problem(subject + " must be " + expected + ", was " + describe(node));
        return null;
    }

    private static String describe(JsonNode node) {
        String text = node.toString();
        if (text.length() > 60) {
            text = text.substring(0, 57) + "...";
        }
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

    private static String bound(double bound) {
        return bound == Math.rint(bound) && Math.abs(bound) < 1e15 ? Long.toString((long) bound) : Double.toString(bound);
    }
}
