package dev.idem.generated;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;

/**
 * What a JSON value must be to bind to a Java type, as data: its kind, what it holds (elements,
 * properties), and its constraints. Generated tool sets build one per tool's arguments and one per
 * record or class, as constants; {@link Binding} reads every call with them. Immutable once built
 * (a record's properties are set once, in the generated set's static initializer, which lets
 * recursive types refer to themselves).
 */
public final class Shape {

    /** The kinds of value a shape describes. */
    enum Kind {
        STRING, CHAR, BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, BIG_INTEGER, BIG_DECIMAL, UUID,
        LOCAL_DATE, LOCAL_DATE_TIME, LOCAL_TIME, OFFSET_TIME, INSTANT, OFFSET_DATE_TIME, ZONED_DATE_TIME,
        DURATION, PERIOD, ENUM, JSON, OBJECT, LIST, SET, OBJECT_ARRAY, PRIMITIVE_ARRAY, MAP
    }

/**
 * A {@code String} value.
 */
    public static final Shape STRING = new Shape(Kind.STRING);
/**
 * A {@code char} or {@code Character} (a one-character string) value.
 */
    public static final Shape CHAR = new Shape(Kind.CHAR);
/**
 * A {@code boolean} or {@code Boolean} value.
 */
    public static final Shape BOOLEAN = new Shape(Kind.BOOLEAN);
/**
 * A {@code byte} or {@code Byte} value.
 */
    public static final Shape BYTE = new Shape(Kind.BYTE);
/**
 * A {@code short} or {@code Short} value.
 */
    public static final Shape SHORT = new Shape(Kind.SHORT);
/**
 * A {@code int} or {@code Integer} value.
 */
    public static final Shape INT = new Shape(Kind.INT);
/**
 * A {@code long} or {@code Long} value.
 */
    public static final Shape LONG = new Shape(Kind.LONG);
/**
 * A {@code float} or {@code Float} value.
 */
    public static final Shape FLOAT = new Shape(Kind.FLOAT);
/**
 * A {@code double} or {@code Double} value.
 */
    public static final Shape DOUBLE = new Shape(Kind.DOUBLE);
/**
 * A {@code BigInteger} value.
 */
    public static final Shape BIG_INTEGER = new Shape(Kind.BIG_INTEGER);
/**
 * A {@code BigDecimal} value.
 */
    public static final Shape BIG_DECIMAL = new Shape(Kind.BIG_DECIMAL);
/**
 * A {@code UUID}, from its text value.
 */
    public static final Shape UUID = new Shape(Kind.UUID);
/**
 * A {@code LocalDate}, from ISO-8601 text value.
 */
    public static final Shape LOCAL_DATE = new Shape(Kind.LOCAL_DATE);
/**
 * A {@code LocalDateTime}, from ISO-8601 text value.
 */
    public static final Shape LOCAL_DATE_TIME = new Shape(Kind.LOCAL_DATE_TIME);
/**
 * A {@code LocalTime}, from ISO-8601 text value.
 */
    public static final Shape LOCAL_TIME = new Shape(Kind.LOCAL_TIME);
/**
 * A {@code OffsetTime}, from ISO-8601 text value.
 */
    public static final Shape OFFSET_TIME = new Shape(Kind.OFFSET_TIME);
/**
 * A {@code Instant}, from RFC 3339 text value.
 */
    public static final Shape INSTANT = new Shape(Kind.INSTANT);
/**
 * A {@code OffsetDateTime}, from RFC 3339 text value.
 */
    public static final Shape OFFSET_DATE_TIME = new Shape(Kind.OFFSET_DATE_TIME);
/**
 * A {@code ZonedDateTime}, from ISO-8601 text value.
 */
    public static final Shape ZONED_DATE_TIME = new Shape(Kind.ZONED_DATE_TIME);
/**
 * A {@code Duration}, from ISO-8601 text value.
 */
    public static final Shape DURATION = new Shape(Kind.DURATION);
/**
 * A {@code Period}, from ISO-8601 text value.
 */
    public static final Shape PERIOD = new Shape(Kind.PERIOD);
    /** Any JSON value, passed through as a {@code JsonNode}. */
    public static final Shape JSON = new Shape(Kind.JSON);

    final Kind kind;
    final Shape element;
    final Enum<?>[] constants;
    final IntFunction<Object[]> newArray;
    final String typeName;
    final Instantiation instantiation;
    // set once by define(): a record's properties may refer to the record itself
    List<Property> properties = List.of();
    List<String> names = List.of();
    int[] sorted = new int[0];
    // constraints
    BigDecimal min;
    BigDecimal max;
    int minLength = -1;
    int maxLength = -1;
    Pattern pattern;
    String format;
    int minItems = -1;
    int maxItems = -1;

    private Shape(Kind kind) {
        this(kind, null, null, null, null, null);
    }

    private Shape(Kind kind, Shape element, Enum<?>[] constants, IntFunction<Object[]> newArray, String typeName,
            Instantiation instantiation) {
        this.kind = kind;
        this.element = element;
        this.constants = constants;
        this.newArray = newArray;
        this.typeName = typeName;
        this.instantiation = instantiation;
    }

    private Shape copy() {
        Shape copy = new Shape(kind, element, constants, newArray, typeName, instantiation);
        copy.properties = properties;
        copy.names = names;
        copy.sorted = sorted;
        copy.min = min;
        copy.max = max;
        copy.minLength = minLength;
        copy.maxLength = maxLength;
        copy.pattern = pattern;
        copy.format = format;
        copy.minItems = minItems;
        copy.maxItems = maxItems;
        return copy;
    }

    /**
     * A tool's arguments object.
     *
     * @param properties the tool's parameters, in declaration order
     * @return the shape
     */
    public static Shape arguments(Property... properties) {
        return new Shape(Kind.OBJECT, null, null, null, null, null).define(properties);
    }

    /**
     * A record or class, built by {@code instantiation}; its properties follow with {@link #define}.
     *
     * @param typeName the type's name, for problems the constructor raises
     * @param instantiation calls the type's constructor with the bound component values
     * @return the shape, its properties still to define
     */
    public static Shape object(String typeName, Instantiation instantiation) {
        return new Shape(Kind.OBJECT, null, null, null, typeName, instantiation);
    }

    /**
     * An enum bound by constant name.
     *
     * @param constants the enum's constants
     * @return the shape
     */
    public static Shape enumOf(Enum<?>[] constants) {
        return new Shape(Kind.ENUM, null, constants.clone(), null, null, null);
    }

    /**
     * A {@code List} or {@code Collection}.
     *
     * @param element the shape of each item
     * @return the shape
     */
    public static Shape list(Shape element) {
        return new Shape(Kind.LIST, element, null, null, null, null);
    }

    /**
     * A {@code Set}: items equal as JSON values are a problem ({@code uniqueItems}).
     *
     * @param element the shape of each item
     * @return the shape
     */
    public static Shape set(Shape element) {
        return new Shape(Kind.SET, element, null, null, null, null);
    }

    /**
     * An array of objects, {@code Address[]::new}.
     *
     * @param element the shape of each item
     * @param newArray makes the array of the item type
     * @return the shape
     */
    public static Shape array(Shape element, IntFunction<Object[]> newArray) {
        return new Shape(Kind.OBJECT_ARRAY, element, null, newArray, null, null);
    }

    /**
     * An array of primitives of the element's kind ({@code int[]} for {@link #INT}).
     *
     * @param element the shape of each item, a primitive kind
     * @return the shape
     */
    public static Shape primitiveArray(Shape element) {
        return new Shape(Kind.PRIMITIVE_ARRAY, element, null, null, null, null);
    }

    /**
     * A {@code Map<String, V>}.
     *
     * @param value the shape of each value
     * @return the shape
     */
    public static Shape map(Shape value) {
        return new Shape(Kind.MAP, value, null, null, null, null);
    }

    /**
     * Sets this object's properties, once, in declaration order.
     *
     * @param list the properties
     * @return this shape
     */
    public Shape define(Property... list) {
        if (kind != Kind.OBJECT || !properties.isEmpty()) {
            throw new IllegalStateException("properties are defined once, on an object shape");
        }
        properties = List.of(list);
        List<String> names = new ArrayList<>(list.length);
        Integer[] order = new Integer[list.length];
        for (int i = 0; i < list.length; i++) {
            names.add(list[i].name());
            order[i] = i;
        }
        this.names = List.copyOf(names);
        Arrays.sort(order, Comparator.comparing(i -> list[i].name()));
        sorted = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        return this;
    }

    /**
     * This shape with an inclusive range, as exact decimals.
     *
     * @param min the least value, or {@code null} for no bound
     * @param max the greatest value, or {@code null} for no bound
     * @return a copy with the range
     */
    public Shape range(String min, String max) {
        Shape copy = copy();
        copy.min = min == null ? null : new BigDecimal(min);
        copy.max = max == null ? null : new BigDecimal(max);
        return copy;
    }

    /**
     * This shape with a length in code points.
     *
     * @param min the least length, or {@code -1} for no bound
     * @param max the greatest length, or {@code -1} for no bound
     * @return a copy with the length bounds
     */
    public Shape length(int min, int max) {
        Shape copy = copy();
        copy.minLength = min;
        copy.maxLength = max;
        return copy;
    }

    /**
     * This shape with an ECMA-262 pattern found anywhere in the string.
     *
     * @param regex the pattern, as the schema's {@code pattern} holds it
     * @return a copy with the pattern
     */
    public Shape pattern(String regex) {
        Shape copy = copy();
        copy.pattern = Pattern.compile(regex);
        return copy;
    }

    /**
     * This shape with a JSON Schema format the binder enforces on strings.
     *
     * @param name the format's name ({@code email}, {@code uri}, ...)
     * @return a copy with the format
     */
    public Shape format(String name) {
        Shape copy = copy();
        copy.format = name;
        return copy;
    }

    /**
     * This shape with an item count.
     *
     * @param min the least count, or {@code -1} for no bound
     * @param max the greatest count, or {@code -1} for no bound
     * @return a copy with the item bounds
     */
    public Shape items(int min, int max) {
        Shape copy = copy();
        copy.minItems = min;
        copy.maxItems = max;
        return copy;
    }

    /** The index of property {@code name} in declaration order, or -1 when this object has none of that name. */
    int indexOf(String name) {
        List<String> names = this.names;
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether values of this shape are checked for nothing but their kind. */
    boolean unconstrained() {
        return min == null && max == null && minLength < 0 && maxLength < 0 && pattern == null && format == null
                && minItems < 0 && maxItems < 0;
    }

    boolean hasItems() {
        return minItems >= 0 || maxItems >= 0;
    }
}
