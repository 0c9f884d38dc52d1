package dev.idem.generated;

import dev.idem.internal.binding.ArgumentReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the arguments of a {@link Shape} from a token stream in one pass: objects (the arguments,
 * records and classes) and lists and arrays are walked by tokens, each scalar becomes a small node
 * read by {@link ShapeReader}, so every value check and every sentence is the tree reader's. An
 * object's problems are reported as the tree reader reports them: unknown properties first, then
 * each property's, in declaration order. A key twice in one object is malformed text, as for the
 * strict tree. Paths are kept as a stack of segments and written out only for a problem. Not
 * thread-safe: one per bind.
 */
final class TokenReader {
    private final ShapeReader shapes;
    private final ArgumentReader reader;
    // the path of the value being read: property names, or element indices where the name is null
    private String[] names = new String[4];
    private int[] indices = new int[4];
    private int depth;
    // whether the object just read had no problem but unknown names: then it is built
    private boolean propertiesRead;

    TokenReader(ShapeReader shapes) {
        this.shapes = shapes;
        this.reader = shapes.reader();
    }

    /** The argument values of {@code shape}; nothing, or JSON null, counts as {@code {}}. */
    Object[] readArguments(Shape shape, JsonParser parser) {
        JsonToken token = parser.currentToken() != null ? parser.currentToken() : parser.nextToken();
        if (token == JsonToken.START_OBJECT) {
            return properties(shape, parser);
        }
        return shapes.readArguments(shape, token == null ? null : TokenTrees.tree(parser, token));
    }

    @SuppressWarnings("unchecked")
    private Object[] properties(Shape shape, JsonParser parser) {
        List<Property> properties = shape.properties;
        int count = properties.size();
        Object[] values = new Object[count];
        long seen = 0; // a bit per property; past 64 properties, seenMore
        boolean[] seenMore = count > 64 ? new boolean[count] : null;
        List<String>[] found = null;
        List<String> unknown = null;
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            int i = shape.indexOf(name);
            if (i < 0) {
                if (unknown == null) {
                    unknown = new ArrayList<>(2);
                } else if (unknown.contains(name)) {
                    throw duplicate(parser, name);
                }
                unknown.add(name);
                reader.unknown(path(), name, shape.names); // stays first: property problems are set aside
                TokenTrees.tree(parser, value); // read, not skipped: a key twice inside is malformed too
                continue;
            }
            if (i < 64 ? (seen & (1L << i)) != 0 : seenMore[i]) {
                throw duplicate(parser, name);
            }
            if (i < 64) {
                seen |= 1L << i;
            } else {
                seenMore[i] = true;
            }
            int before = reader.problemCount();
            push(name, -1);
            values[i] = property(properties.get(i), parser, value);
            depth--;
            if (reader.problemCount() != before) {
                if (found == null) {
                    found = new List[count];
                }
                found[i] = reader.takeProblems(before);
            }
        }
        if (token != JsonToken.END_OBJECT) {
            throw new IllegalStateException("the arguments end inside an object");
        }
        int unknowns = reader.problemCount(); // the tree reader builds an object whose only problems are unknown names
        for (int i = 0; i < count; i++) {
            if (found != null && found[i] != null) {
                reader.problems(found[i]);
            } else if (i < 64 ? (seen & (1L << i)) == 0 : !seenMore[i]) {
                values[i] = absent(properties.get(i));
            }
        }
        propertiesRead = reader.problemCount() == unknowns;
        return values;
    }

    private Object property(Property property, JsonParser parser, JsonToken token) {
        Shape shape = property.shape();
        if (token == JsonToken.VALUE_NULL && shape.kind != Shape.Kind.JSON) {
            if (property.presence() == Property.Presence.REQUIRED) {
                reader.missing(path());
                return null;
            }
            return absentValue(property);
        }
        Object value = read(shape, parser, token);
        return switch (property.presence()) {
            case REQUIRED -> value;
            case NULLABLE -> value instanceof JsonNode node && node.isNull() ? null : value;
            case OPTIONAL -> Optional.ofNullable(value instanceof JsonNode node && node.isNull() ? null : value);
            case ZERO_DEFAULT -> value != null ? value : ShapeReader.zero(shape.kind);
        };
    }

    /** What a property left out binds to; a required one is a problem. */
    private Object absent(Property property) {
        if (property.presence() == Property.Presence.REQUIRED) {
            push(property.name(), -1);
            reader.missing(path());
            depth--;
            return null;
        }
        return absentValue(property);
    }

    private static Object absentValue(Property property) {
        return switch (property.presence()) {
            case OPTIONAL -> Optional.empty();
            case ZERO_DEFAULT -> ShapeReader.zero(property.shape().kind);
            default -> null;
        };
    }

    /** The value at {@code token}, read by tokens where the shape walks them, else from its subtree. */
    private Object read(Shape shape, JsonParser parser, JsonToken token) {
        switch (shape.kind) {
            case OBJECT -> {
                if (token == JsonToken.START_OBJECT) {
                    return object(shape, parser);
                }
            }
            case LIST, OBJECT_ARRAY, PRIMITIVE_ARRAY -> {
                if (token == JsonToken.START_ARRAY) {
                    return list(shape, parser);
                }
            }
            case SET, MAP, JSON -> {
                // read from the subtree: uniqueness and entries are the tree reader's
            }
            default -> {
                if (token != null && token.isScalarValue()) {
                    Object plain = shape.unconstrained() ? plain(shape.kind, parser, token) : null;
                    return plain != null ? plain : scalar(shape, TokenTrees.scalar(parser, token));
                }
            }
        }
        return shapes.read(shape, TokenTrees.tree(parser, token), path());
    }

    /**
     * The value of the commonest scalars straight from the token, without a node, exactly where the
     * tree reader would take the node's value as it is: a string for a string, an int-sized integer
     * for an int or a long, a boolean for a boolean; else null.
     */
    private static Object plain(Shape.Kind kind, JsonParser parser, JsonToken token) {
        return switch (kind) {
            case STRING -> token == JsonToken.VALUE_STRING ? parser.getString() : null;
            case BOOLEAN -> token == JsonToken.VALUE_TRUE ? Boolean.TRUE
                    : token == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
            case INT -> token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT
                    ? (Object) parser.getIntValue() : null;
            case LONG -> token == JsonToken.VALUE_NUMBER_INT && (parser.getNumberType() == JsonParser.NumberType.INT
                    || parser.getNumberType() == JsonParser.NumberType.LONG) ? (Object) parser.getLongValue() : null;
            default -> null;
        };
    }

    /** A scalar read as the tree reader reads it; its path is written out only when it has a problem. */
    private Object scalar(Shape shape, JsonNode node) {
        int before = reader.problemCount();
        Object value = shapes.read(shape, node, "");
        if (reader.problemCount() != before) {
            reader.takeProblems(before);
            value = shapes.read(shape, node, path());
        }
        return value;
    }

    private Object object(Shape shape, JsonParser parser) {
        Object[] values = properties(shape, parser);
        if (!propertiesRead) {
            return null;
        }
        try {
            return shapes.construct(shape, values);
        } catch (Exception refused) {
            // a constructor that refuses a value is the model's to fix, not a bug
            reader.refused(path(), shape.typeName, refused);
            return null;
        }
    }

    private Object list(Shape shape, JsonParser parser) {
        List<Object> list = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new IllegalStateException("the arguments end inside an array");
            }
            push(null, list.size());
            list.add(read(shape.element, parser, token));
            depth--;
        }
        if (shape.hasItems()) {
            int size = list.size();
            if ((shape.minItems >= 0 && size < shape.minItems) || (shape.maxItems >= 0 && size > shape.maxItems)) {
                list = reader.items(list, size, shape.minItems, shape.maxItems, path());
            }
        }
        return shapes.sequence(shape, list);
    }

    private void push(String name, int index) {
        if (depth == names.length) {
            names = java.util.Arrays.copyOf(names, depth * 2);
            indices = java.util.Arrays.copyOf(indices, depth * 2);
        }
        names[depth] = name;
        indices[depth] = index;
        depth++;
    }

    /** The path of the value being read, as {@link ArgumentReader#child} and {@link ArgumentReader#index} write it. */
    private String path() {
        String path = "";
        for (int i = 0; i < depth; i++) {
            path = names[i] != null ? ArgumentReader.child(path, names[i]) : ArgumentReader.index(path, indices[i]);
        }
        return path;
    }

    private static StreamReadException duplicate(JsonParser parser, String name) {
        return new StreamReadException(parser, "Duplicate property '" + name + "'");
    }

    /**
     * Nodes built from a parser's tokens, as the executor's strict mapper builds them from the same
     * text: integers as int, long or big-integer nodes by size, fractions as exact decimals (a
     * tree's own double and float nodes stay what they are), property order kept; a key twice in one
     * object is malformed text, as for the strict mapper.
     */
    static final class TokenTrees {
        private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

        private TokenTrees() {}

        /** The value starting at {@code token}, the parser's current token; leaves the parser on its last token. */
        static JsonNode tree(JsonParser parser, JsonToken token) {
            if (token == JsonToken.START_OBJECT) {
                ObjectNode object = NODES.objectNode();
                JsonToken next;
                while ((next = parser.nextToken()) == JsonToken.PROPERTY_NAME) {
                    String name = parser.currentName();
                    if (object.replace(name, tree(parser, parser.nextToken())) != null) {
                        throw new StreamReadException(parser, "Duplicate property '" + name + "'");
                    }
                }
                expect(next, JsonToken.END_OBJECT);
                return object;
            }
            if (token == JsonToken.START_ARRAY) {
                ArrayNode array = NODES.arrayNode();
                JsonToken next;
                while ((next = parser.nextToken()) != JsonToken.END_ARRAY && next != null) {
                    array.add(tree(parser, next));
                }
                expect(next, JsonToken.END_ARRAY);
                return array;
            }
            return scalar(parser, token);
        }

        /** The scalar value at {@code token}, the parser's current token. */
        static JsonNode scalar(JsonParser parser, JsonToken token) {
            if (token == null) {
                throw new IllegalStateException("the arguments end before a value");
            }
            return switch (token) {
                case VALUE_STRING -> NODES.stringNode(parser.getString());
                case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                    case INT -> NODES.numberNode(parser.getIntValue());
                    case LONG -> NODES.numberNode(parser.getLongValue());
                    default -> NODES.numberNode(parser.getBigIntegerValue());
                };
                case VALUE_NUMBER_FLOAT -> switch (parser.getNumberTypeFP()) {
                    case DOUBLE64 -> NODES.numberNode(parser.getDoubleValue());
                    case FLOAT32 -> NODES.numberNode(parser.getFloatValue());
                    default -> parser.isNaN() ? NODES.numberNode(parser.getDoubleValue())
                            : NODES.numberNode(parser.getDecimalValue());
                };
                case VALUE_TRUE -> NODES.booleanNode(true);
                case VALUE_FALSE -> NODES.booleanNode(false);
                case VALUE_NULL -> NODES.nullNode();
                case VALUE_EMBEDDED_OBJECT -> NODES.pojoNode(parser.getEmbeddedObject());
                default -> throw new IllegalStateException("no value at " + token);
            };
        }

        private static void expect(JsonToken token, JsonToken expected) {
            if (token != expected) {
                throw new IllegalStateException("the arguments end inside a value");
            }
        }
    }
}
