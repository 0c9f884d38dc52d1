package dev.idem.generated;

import dev.idem.internal.binding.ArgumentReader;
import dev.idem.internal.binding.PrimitiveArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Reads values of a {@link Shape} from a tree with {@link ArgumentReader}, whose sentences are the
 * problems the model sees. {@link TokenReader} walks the containers of the text by tokens and
 * hands each scalar, as a small node, to {@link #read}; values it does not walk (sets, maps, JSON,
 * a value of the wrong kind) arrive here as a subtree. Remembers what each record and array was built from, for the
 * canonical arguments. Not thread-safe: one per bind.
 */
final class ShapeReader {
    private final ArgumentReader reader;
    private Components components; // made for the first record or array

    ShapeReader(long deadlineNanos) {
        reader = deadlineNanos == Long.MAX_VALUE ? new ArgumentReader() : new ArgumentReader(deadlineNanos);
    }

    Components components() {
        return components != null ? components : Components.NONE;
    }

    private void remember(Object built, Object from) {
        if (components == null) {
            components = new Components();
        }
        components.put(built, from);
    }

    ArgumentReader reader() {
        return reader;
    }

    void throwIfProblems() {
        reader.throwIfProblems();
    }

    Object[] readArguments(Shape shape, JsonNode arguments) {
        JsonNode object = ArgumentReader.arguments(arguments);
        reader.object(object, "", shape.names);
        return readProperties(shape, object, "");
    }

    private Object[] readProperties(Shape shape, JsonNode object, String path) {
        List<Property> properties = shape.properties;
        Object[] values = new Object[properties.size()];
        for (int i = 0; i < values.length; i++) {
            Property property = properties.get(i);
            String name = property.name();
            String childPath = ArgumentReader.child(path, name);
            Shape value = property.shape();
            switch (property.presence()) {
                case REQUIRED -> {
                    if (value.kind == Shape.Kind.JSON) {
                        values[i] = reader.requiredJson(object, path, name);
                    } else {
                        JsonNode node = reader.requiredValue(object, name, childPath);
                        values[i] = node == null ? null : read(value, node, childPath);
                    }
                }
                case NULLABLE -> values[i] = readPresent(value, object, name, childPath);
                case OPTIONAL -> values[i] = Optional.ofNullable(readPresent(value, object, name, childPath));
                case ZERO_DEFAULT -> {
                    Object read = readPresent(value, object, name, childPath);
                    values[i] = read != null ? read : zero(value.kind);
                }
            }
        }
        return values;
    }

    private Object readPresent(Shape shape, JsonNode object, String name, String path) {
        JsonNode node = reader.presentValue(object, name);
        return node == null ? null : read(shape, node, path);
    }

    /** The value of {@code node} at {@code path}, or null (with a problem) when it does not bind. */
    Object read(Shape shape, JsonNode node, String path) {
        if (shape.hasItems()) {
            List<Object> list = list(shape, node, path);
            if (shape.kind == Shape.Kind.SET) {
                Set<Object> set = reader.unique(list, node, path);
                return reader.items(set, node, shape.minItems, shape.maxItems, path);
            }
            return sequence(shape, reader.items(list, node, shape.minItems, shape.maxItems, path));
        }
        Object value = element(shape, node, path);
        if (shape.min != null || shape.max != null) {
            value = reader.range(value, node, shape.min, shape.max, path);
        }
        if (value instanceof String text) {
            if (shape.minLength >= 0 || shape.maxLength >= 0) {
                text = reader.length(text, shape.minLength, shape.maxLength, path);
            }
            if (shape.pattern != null) {
                text = reader.matches(text, shape.pattern.regex(), path);
            }
            if (shape.format != null && shape.kind == Shape.Kind.STRING) {
                text = reader.format(text, shape.format, path);
            }
            return text;
        }
        return value;
    }

    private Object element(Shape shape, JsonNode node, String path) {
        return switch (shape.kind) {
            case STRING -> reader.readString(node, path);
            case CHAR -> reader.readChar(node, path);
            case BOOLEAN -> reader.readBoolean(node, path);
            case BYTE -> reader.readByte(node, path);
            case SHORT -> reader.readShort(node, path);
            case INT -> reader.readInt(node, path);
            case LONG -> reader.readLong(node, path);
            case FLOAT -> reader.readFloat(node, path);
            case DOUBLE -> reader.readDouble(node, path);
            case BIG_INTEGER -> reader.readBigInteger(node, path);
            case BIG_DECIMAL -> reader.readBigDecimal(node, path);
            case UUID -> reader.readUuid(node, path);
            case LOCAL_DATE -> reader.readLocalDate(node, path);
            case LOCAL_DATE_TIME -> reader.readLocalDateTime(node, path);
            case LOCAL_TIME -> reader.readLocalTime(node, path);
            case OFFSET_TIME -> reader.readOffsetTime(node, path);
            case INSTANT -> reader.readInstant(node, path);
            case OFFSET_DATE_TIME -> reader.readOffsetDateTime(node, path);
            case ZONED_DATE_TIME -> reader.readZonedDateTime(node, path);
            case DURATION -> reader.readDuration(node, path);
            case PERIOD -> reader.readPeriod(node, path);
            case ENUM -> readEnum(shape, node, path);
            case JSON -> node;
            case OBJECT -> object(shape, node, path);
            case LIST, OBJECT_ARRAY, PRIMITIVE_ARRAY -> sequence(shape, list(shape, node, path));
            case SET -> reader.unique(list(shape, node, path), node, path);
            case MAP -> map(shape, node, path);
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object readEnum(Shape shape, JsonNode node, String path) {
        return reader.readEnum(node, path, (Enum[]) shape.constants);
    }

    private Object object(Shape shape, JsonNode node, String path) {
        if (!reader.object(node, path, shape.names)) {
            return null;
        }
        int problems = reader.problemCount();
        Object[] values = readProperties(shape, node, path);
        return reader.problemCount() != problems ? null : build(shape, values, path);
    }

    /** The record or class at {@code path} built from its values, or null when its constructor refuses them. */
    private Object build(Shape shape, Object[] values, String path) {
        try {
            return construct(shape, values);
        } catch (Exception refused) {
            // a constructor that refuses a value is the model's to fix, not a bug
            reader.refused(path, shape.typeName, refused);
            return null;
        }
    }

    /** The record or class built from its property values, remembered for the canonical arguments. */
    Object construct(Shape shape, Object[] values) throws Exception {
        Object built = shape.instantiation.create(values);
        remember(built, values);
        return built;
    }

    private List<Object> list(Shape shape, JsonNode node, String path) {
        if (!reader.array(node, path)) {
            return null;
        }
        List<Object> list = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            list.add(read(shape.element, node.get(i), ArgumentReader.index(path, i)));
        }
        return list;
    }

    /** The list as the Java type of {@code shape}: itself, or an array built from it. */
    @SuppressWarnings("unchecked")
    Object sequence(Shape shape, List<Object> list) {
        if (list == null || (shape.kind != Shape.Kind.OBJECT_ARRAY && shape.kind != Shape.Kind.PRIMITIVE_ARRAY)) {
            return list;
        }
        if (list.contains(null)) {
            return null; // an item did not bind: a problem says so, the array is never used
        }
        Object array = shape.kind == Shape.Kind.OBJECT_ARRAY
                ? PrimitiveArrays.toArray(list, shape.newArray::apply)
                : switch (shape.element.kind) {
                    case INT -> PrimitiveArrays.toIntArray((List<Integer>) (List<?>) list);
                    case LONG -> PrimitiveArrays.toLongArray((List<Long>) (List<?>) list);
                    case SHORT -> PrimitiveArrays.toShortArray((List<Short>) (List<?>) list);
                    case BYTE -> PrimitiveArrays.toByteArray((List<Byte>) (List<?>) list);
                    case DOUBLE -> PrimitiveArrays.toDoubleArray((List<Double>) (List<?>) list);
                    case FLOAT -> PrimitiveArrays.toFloatArray((List<Float>) (List<?>) list);
                    case BOOLEAN -> PrimitiveArrays.toBooleanArray((List<Boolean>) (List<?>) list);
                    case CHAR -> PrimitiveArrays.toCharArray((List<Character>) (List<?>) list);
                    default -> throw new IllegalStateException("no primitive array of " + shape.element.kind);
                };
        remember(array, list);
        return array;
    }

    private Map<String, Object> map(Shape shape, JsonNode node, String path) {
        if (!reader.object(node, path)) {
            return null;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            map.put(entry.getKey(), read(shape.element, entry.getValue(), ArgumentReader.child(path, entry.getKey())));
        }
        return map;
    }

    static Object zero(Shape.Kind kind) {
        return switch (kind) {
            case BOOLEAN -> Boolean.FALSE;
            case CHAR -> '\0';
            case BYTE -> (byte) 0;
            case SHORT -> (short) 0;
            case LONG -> 0L;
            case FLOAT -> 0.0f;
            case DOUBLE -> 0.0;
            default -> 0;
        };
    }

    /**
     * What each record and array of a bound call was built from, by identity, for the canonical
     * arguments. The few of a typical call sit in one array searched in order; past
     * {@value #LINEAR} of them, an identity map holds them.
     */
    static final class Components {
        static final Components NONE = new Components();
        private static final int LINEAR = 16;

        private Object[] pairs; // built, from, built, from, ...
        private int size;
        private IdentityHashMap<Object, Object> map;

        void put(Object built, Object from) {
            if (map != null) {
                map.put(built, from);
                return;
            }
            if (size == LINEAR) {
                map = new IdentityHashMap<>(2 * LINEAR);
                for (int i = 0; i < 2 * size; i += 2) {
                    map.put(pairs[i], pairs[i + 1]);
                }
                map.put(built, from);
                pairs = null;
                return;
            }
            if (pairs == null) {
                pairs = new Object[8];
            } else if (2 * size == pairs.length) {
                pairs = Arrays.copyOf(pairs, 2 * LINEAR); // one step to the most it holds
            }
            pairs[2 * size] = built;
            pairs[2 * size + 1] = from;
            size++;
        }

        Object get(Object built) {
            if (map != null) {
                return map.get(built);
            }
            for (int i = 0; i < 2 * size; i += 2) {
                if (pairs[i] == built) {
                    return pairs[i + 1];
                }
            }
            return null;
        }
    }
}
