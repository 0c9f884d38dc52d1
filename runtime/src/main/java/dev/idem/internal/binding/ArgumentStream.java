package dev.idem.internal.binding;

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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.StringNode;

/**
 * Reads tool arguments straight from the parser, for generated streaming binders: one pass over
 * the text, no tree. It is the fast path only. It binds what it can tell on its own; the moment it
 * cannot (an unknown or missing property, a value of another shape, any problem at all), it gives
 * up ({@link Deferred}), and the executor binds the tree with {@link ArgumentReader}, whose verdict
 * and messages are the only ones anybody sees.
 *
 * <p>So the rule it keeps is narrow: whatever it binds, the tree binder binds too, to equal values.
 * It keeps it by reading only the exact token each type expects (a JSON string for a
 * {@code String}, an {@code int}-sized integer for an {@code int}) and by handing every other value
 * to {@link ArgumentReader}'s own method, as the node the tree would hold there. Constraints are
 * checked by {@link #reader()}'s methods, the same ones the tree binder calls: a value they refuse
 * leaves a problem, and {@link #verdict} then hands the call to the tree binder, which says what
 * was wrong; pattern checks stop at the stream's deadline, as the tree binder's do. Sets (unique
 * by JSON equality) are left to the tree binder ({@link #constrained}).
 *
 * <p>The parser it reads need not detect duplicate keys itself (that costs a hash set per
 * object): generated binders mark each property in a bit mask ({@link #first}), maps check
 * their own keys, and JSON values are read with {@code FAIL_ON_READING_DUP_TREE_KEY}.
 *
 * <pre>{@code
 * ArgumentStream in = new ArgumentStream(parser);        // parser on the arguments' START_OBJECT
 * in.beginObject();
 * long seen = 0L;
 * for (String name = in.nextProperty(); name != null; name = in.nextProperty()) {
 *     switch (name) {
 *         case "cents" -> {
 *             seen = in.first(seen, 0x1L);
 *             cents = in.hasValue() ? in.readLong() : null;
 *         }
 *         default -> in.unknownProperty();
 *     }
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one per bind.
 */
public final class ArgumentStream {
    private final JsonParser parser;
    private final long deadlineNanos;
    private final boolean bounded;
    // Made when a value needs it: most binds read only strings, ints and objects, and never do.
    private ArgumentReader reader;

    /** A stream whose pattern checks take as long as they take. */
    public ArgumentStream(JsonParser parser) {
        this.parser = parser;
        this.deadlineNanos = 0;
        this.bounded = false;
    }

    /** A stream whose pattern checks give up at {@code deadlineNanos} ({@link System#nanoTime()}). */
    public ArgumentStream(JsonParser parser, long deadlineNanos) {
        this.parser = parser;
        this.deadlineNanos = deadlineNanos;
        this.bounded = true;
    }

    /** Constraint checks ({@code range}, {@code length}, {@code matches}, {@code format}) record here. */
    public ArgumentReader reader() {
        if (reader == null) {
            reader = bounded ? new ArgumentReader(deadlineNanos) : new ArgumentReader();
        }
        return reader;
    }

    /** {@code value} when nothing was wrong, else {@code null}: the tree binder decides. */
    public <T> T verdict(T value) {
        return reader == null || reader.problemCount() == 0 ? value : null;
    }

    // ---- structure ----

    /** The current token must start an object; if not, the tree binder decides. */
    public void beginObject() {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw Deferred.INSTANCE;
        }
    }

    /** The next property's name, with the parser on its value; {@code null} at the object's end. */
    public String nextProperty() {
        String name = parser.nextName();
        if (name != null) {
            parser.nextToken();
        }
        return name;
    }

    /**
     * Marks the property with {@code bit} seen in {@code seen} and returns the new mask; a
     * property seen twice is a duplicate key, for the tree path to refuse. The stream's parser
     * leaves duplicate detection to these masks, which allocate nothing, where the parser's own
     * keeps a hash set per object.
     */
    public long first(long seen, long bit) {
        if ((seen & bit) != 0) {
            throw Deferred.INSTANCE;
        }
        return seen | bit;
    }

    /** Whether the current value is not JSON null (null counts as absent, as in the tree binder). */
    public boolean hasValue() {
        return parser.currentToken() != JsonToken.VALUE_NULL;
    }

    /** A property the type does not have, or a required one that is missing: the tree binder says which. */
    public <T> T unknownProperty() {
        throw Deferred.INSTANCE;
    }

    /** A set: the tree binder checks it, since its items are unique by JSON equality, which needs the tree. */
    public <T> T constrained() {
        throw Deferred.INSTANCE;
    }

    /** A required value is missing. */
    public <T> T missing() {
        throw Deferred.INSTANCE;
    }

    // ---- scalars: the expected token directly, anything else as the tree binder reads it ----

    public String readString() {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getString();
        }
        throw Deferred.INSTANCE;
    }

    public Character readChar() {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            String text = parser.getString();
            if (text.length() == 1) {
                return text.charAt(0);
            }
        }
        throw Deferred.INSTANCE;
    }

    public Boolean readBoolean() {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
            return token == JsonToken.VALUE_TRUE;
        }
        throw Deferred.INSTANCE;
    }

    public Byte readByte() {
        return reader().readByte(numberNode(), "");
    }

    public Short readShort() {
        return reader().readShort(numberNode(), "");
    }

    public Integer readInt() {
        if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT) {
            return parser.getIntValue();
        }
        return reader().readInt(numberNode(), "");
    }

    public Long readLong() {
        if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            JsonParser.NumberType type = parser.getNumberType();
            if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
                return parser.getLongValue();
            }
        }
        return reader().readLong(numberNode(), "");
    }

    public BigInteger readBigInteger() {
        return reader().readBigInteger(numberNode(), "");
    }

    public Double readDouble() {
        return reader().readDouble(numberNode(), "");
    }

    public Float readFloat() {
        return reader().readFloat(numberNode(), "");
    }

    public BigDecimal readBigDecimal() {
        return reader().readBigDecimal(numberNode(), "");
    }

    public UUID readUuid() {
        return reader().readUuid(string(), "");
    }

    public <E extends Enum<E>> E readEnum(E[] constants) {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            String name = parser.getString();
            for (E constant : constants) {
                if (constant.name().equals(name)) {
                    return constant;
                }
            }
        }
        throw Deferred.INSTANCE;
    }

    /** Any JSON value, as the tree would hold it. */
    public JsonNode readJson() {
        return node();
    }

    public LocalDate readLocalDate() {
        return reader().readLocalDate(string(), "");
    }

    public LocalDateTime readLocalDateTime() {
        return reader().readLocalDateTime(string(), "");
    }

    public LocalTime readLocalTime() {
        return reader().readLocalTime(string(), "");
    }

    public OffsetTime readOffsetTime() {
        return reader().readOffsetTime(string(), "");
    }

    public Instant readInstant() {
        return reader().readInstant(string(), "");
    }

    public OffsetDateTime readOffsetDateTime() {
        return reader().readOffsetDateTime(string(), "");
    }

    public ZonedDateTime readZonedDateTime() {
        return reader().readZonedDateTime(string(), "");
    }

    public Duration readDuration() {
        return reader().readDuration(string(), "");
    }

    public Period readPeriod() {
        return reader().readPeriod(string(), "");
    }

    // ---- containers ----

    public <T> List<T> readList(StreamElementReader<T> element) {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw Deferred.INSTANCE;
        }
        List<T> result = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            result.add(element.read(this));
        }
        return result;
    }

    /** {@code list} if its number of items is within the bounds ({@code -1}: none), checked by {@link #reader()}. */
    public <T> List<T> items(List<T> list, int minItems, int maxItems) {
        return reader().items(list, list.size(), minItems, maxItems, "");
    }

    /**
     * A set whose elements are equal exactly when their Java values are; generated binders leave
     * sets to the tree binder ({@link #constrained}), which compares by JSON equality.
     */
    public <T> Set<T> readSet(StreamElementReader<T> element) {
        List<T> list = readList(element);
        Set<T> result = new LinkedHashSet<>(list);
        if (result.size() != list.size()) {
            throw Deferred.INSTANCE;
        }
        return result;
    }

    public <T> Map<String, T> readMap(StreamElementReader<T> value) {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw Deferred.INSTANCE;
        }
        Map<String, T> result = new LinkedHashMap<>();
        for (String name = nextProperty(); name != null; name = nextProperty()) {
            if (result.put(name, value.read(this)) != null) { // values are never null: a key seen twice
                throw Deferred.INSTANCE;
            }
        }
        return result;
    }

    // ---- internals ----

    /**
     * The current number as the tree holds it, for the readers and for a range check by
     * {@link #reader()} (which compares the exact decimal the model sent, as the tree binder's
     * does); anything else is for the tree binder.
     */
    public JsonNode numberNode() {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw Deferred.INSTANCE;
        }
        // An int or long token is the tree's IntNode or LongNode: made here, without asking the
        // mapper for a tree deserializer. Anything else is read by the mapper itself, so a decimal
        // is exactly the node the tree would hold.
        if (token == JsonToken.VALUE_NUMBER_INT) {
            JsonParser.NumberType type = parser.getNumberType();
            if (type == JsonParser.NumberType.INT) {
                return IntNode.valueOf(parser.getIntValue());
            }
            if (type == JsonParser.NumberType.LONG) {
                return LongNode.valueOf(parser.getLongValue());
            }
        }
        return parser.readValueAsTree();
    }

    /** The current string as the tree holds it; anything else is for the tree binder. */
    private JsonNode string() {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw Deferred.INSTANCE;
        }
        return StringNode.valueOf(parser.getString());
    }

    private JsonNode node() {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            return NullNode.getInstance();
        }
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
            return BooleanNode.valueOf(token == JsonToken.VALUE_TRUE);
        }
        return parser.readValueAsTree();
    }

    /**
     * Thrown when the stream cannot bind on its own; the generated binder turns it into "not bound
     * here" ({@code null}). Carries no stack trace: it is control flow on a path that is followed by
     * a full tree bind anyway.
     */
    public static final class Deferred extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Deferred INSTANCE = new Deferred();

        private Deferred() {
            super("the streaming binder defers to the tree binder", null, false, false);
        }
    }
}
