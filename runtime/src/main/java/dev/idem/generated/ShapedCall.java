package dev.idem.generated;

import dev.idem.ApprovalCondition;
import dev.idem.internal.canonical.CanonicalWriter.CanonicalArguments;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * A bound call: the values of one tool call and its method. Writes its canonical arguments from the
 * values as bound (records and arrays through the components they were built from), so the key
 * is derived without the tree.
 */
final class ShapedCall implements BoundCall, CanonicalArguments, ApprovalCondition.Arguments {
    private final Shape shape;
    private final Object[] values;
    private final ShapeReader.Components components;
    private final ToolCalls calls;
    private final int tool;
    private final Verifier verifier; // null: the tool names none

    ShapedCall(Shape shape, Object[] values, ShapeReader.Components components, ToolCalls calls, int tool, Verifier verifier) {
        this.shape = shape;
        this.values = values;
        this.components = components;
        this.calls = calls;
        this.tool = tool;
        this.verifier = verifier;
    }

    @Override
    public boolean verifiable() {
        return verifier != null;
    }

    @Override
    public Verification<JsonNode> verify(String idempotencyKey) throws Exception {
        if (verifier == null) {
            return BoundCall.super.verify(idempotencyKey);
        }
        return verifier.verify(values, idempotencyKey);
    }

    @Override
    public CompletionStage<JsonNode> run(ToolContext context) throws Exception {
        return calls.call(tool, values, context);
    }

    /** The bound value of a top-level argument, for the tool's approval condition; an empty Optional reads as null. */
    @Override
    public Object value(String name) {
        for (int i = 0; i < shape.properties.size(); i++) {
            if (shape.properties.get(i).name().equals(name)) {
                Object value = values[i];
                return value instanceof Optional<?> optional ? optional.orElse(null) : value;
            }
        }
        throw new IllegalArgumentException("the tool has no parameter '" + name + "'");
    }

    @Override
    public void writeCanonical(CanonicalWriter out) {
        writeObject(out, shape, values);
    }

    /** Properties in sorted order; null and empty optional values left out, as absent. */
    private void writeObject(CanonicalWriter out, Shape object, Object[] properties) {
        out.beginObject();
        for (int i : object.sorted) {
            Object value = properties[i];
            if (value instanceof Optional<?> optional) {
                value = optional.orElse(null);
            }
            if (value != null) {
                Property property = object.properties.get(i);
                out.name(property.name());
                write(out, property.shape(), value);
            }
        }
        out.endObject();
    }

    private void write(CanonicalWriter out, Shape shape, Object value) {
        switch (shape.kind) {
            case STRING -> out.string((String) value);
            case CHAR -> out.character((Character) value);
            case BOOLEAN -> out.bool((Boolean) value);
            case BYTE, SHORT, INT, LONG -> out.integer(((Number) value).longValue());
            case BIG_INTEGER -> out.integer((BigInteger) value);
            case FLOAT -> out.decimal((float) (Float) value);
            case DOUBLE -> out.decimal((double) (Double) value);
            case BIG_DECIMAL -> out.decimal((BigDecimal) value);
            case ENUM -> out.enumName((Enum<?>) value);
            case JSON -> out.json((JsonNode) value);
            case OBJECT -> writeObject(out, shape, (Object[]) components.get(value));
            case LIST, SET -> writeItems(out, shape.element, (Collection<?>) value);
            case OBJECT_ARRAY, PRIMITIVE_ARRAY -> writeItems(out, shape.element, (Collection<?>) components.get(value));
            case MAP -> {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = (Map<String, Object>) value;
                out.sortedEntries(map, (o, e) -> write(o, shape.element, e));
            }
            default -> out.text(value); // UUIDs and java.time values: their ISO text
        }
    }

    private void writeItems(CanonicalWriter out, Shape element, Collection<?> items) {
        out.beginArray();
        for (Object item : items) {
            write(out, element, item);
        }
        out.endArray();
    }
}
