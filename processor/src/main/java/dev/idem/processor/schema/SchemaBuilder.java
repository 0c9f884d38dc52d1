package dev.idem.processor.schema;

import dev.idem.processor.base.ScalarKind;
import dev.idem.processor.base.SequenceKind;
import dev.idem.processor.model.Constraints;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.TypeModel;
import dev.idem.processor.model.ToolModel;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the JSON Schema 2020-12 of a tool's arguments as an ordered tree (see {@link JsonText}):
 * properties in source order, {@code required}, {@code additionalProperties: false}, named types
 * under {@code $defs} in first-use order. Optional properties also accept {@code null}, as the
 * binder does.
 *
 * <p>The strict dialect (OpenAI structured outputs) lists every property as required and leaves
 * out keywords it does not take ({@code minLength}, {@code maxLength}, {@code uniqueItems}). It
 * is built only for tools {@link StrictDialect} accepts.
 */
final class SchemaBuilder {
    /**
     * What {@code Duration.parse} accepts (not JSON Schema's {@code format: duration}, which has
     * years and months, no fractions and no signs): days, hours, minutes, seconds with up to nine
     * decimals, each signed, in either case, at least one of them; an empty time part is refused
     * after {@code T} but, as the parser does, not after {@code t}.
     */
    static final String DURATION_PATTERN = "^(?![-+]?[Pp][Tt]?$)(?!.*T$)[-+]?[Pp](?:[-+]?[0-9]+[Dd])?"
            + "(?:[Tt](?:[-+]?[0-9]+[Hh])?(?:[-+]?[0-9]+[Mm])?(?:[-+]?[0-9]+(?:[.,][0-9]{0,9})?[Ss])?)?$";
    /** What {@code Period.parse} accepts: years, months, weeks, days, each signed, at least one. */
    static final String PERIOD_PATTERN = "^(?![-+]?[Pp]$)[-+]?[Pp](?:[-+]?[0-9]+[Yy])?(?:[-+]?[0-9]+[Mm])?"
            + "(?:[-+]?[0-9]+[Ww])?(?:[-+]?[0-9]+[Dd])?$";
    /** One code point of the Basic Multilingual Plane: what a Java {@code char} holds. */
    static final String CHAR_PATTERN = "^[\\u0000-\\uFFFF]$";

    private final Map<String, NamedType> namedTypes;
    private final boolean strict;
    private final Map<String, Object> defs = new LinkedHashMap<>();

    private SchemaBuilder(Map<String, NamedType> namedTypes, boolean strict) {
        this.namedTypes = namedTypes;
        this.strict = strict;
    }

    /** The standard schema of the tool's arguments. */
    static Map<String, Object> standard(ToolModel tool, Map<String, NamedType> namedTypes) {
        return new SchemaBuilder(namedTypes, false).root(tool);
    }

    /** The strict-dialect schema of a tool {@link StrictDialect} accepts. */
    static Map<String, Object> strict(ToolModel tool, Map<String, NamedType> namedTypes) {
        return new SchemaBuilder(namedTypes, true).root(tool);
    }

    private Map<String, Object> root(ToolModel tool) {
        Map<String, Object> schema = object(tool.parameters(), "");
        if (!defs.isEmpty()) {
            schema.put("$defs", defs);
        }
        return schema;
    }

    private Map<String, Object> object(List<PropertyModel> properties, String description) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        if (!description.isEmpty()) {
            schema.put("description", description);
        }
        Map<String, Object> props = new LinkedHashMap<>();
        List<Object> required = new ArrayList<>();
        for (PropertyModel property : properties) {
            props.put(property.jsonName(), property(property));
            if (strict || property.presence().isRequired()) {
                required.add(property.jsonName());
            }
        }
        schema.put("properties", props);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    private Map<String, Object> property(PropertyModel property) {
        TypeModel type = property.type() instanceof TypeModel.OptionalType optional ? optional.element() : property.type();
        Map<String, Object> schema = type(type);
        constrain(schema, property.constraints());
        if (!property.presence().isRequired()) {
            schema = orNull(schema);
        }
        if (!property.description().isEmpty()) {
            Map<String, Object> described = new LinkedHashMap<>();
            described.put("description", property.description());
            schema.forEach((key, value) -> {
                if (!key.equals("description")) {
                    described.put(key, value);
                }
            });
            schema = described;
        }
        return schema;
    }

    private Map<String, Object> type(TypeModel type) {
        Map<String, Object> schema = new LinkedHashMap<>();
        if (type instanceof TypeModel.Scalar scalar) {
            ScalarKind kind = scalar.kind();
            schema.put("type", kind.jsonType());
            if (kind.format() != null) {
                schema.put("format", kind.format());
            }
            naturalRange(schema, kind);
            if (kind == ScalarKind.CHAR) {
                schema.put("minLength", 1);
                schema.put("maxLength", 1);
                // one UTF-16 unit: an emoji is one code point but two chars
                schema.put("pattern", CHAR_PATTERN);
            } else if (kind == ScalarKind.DURATION) {
                schema.put("pattern", DURATION_PATTERN);
            } else if (kind == ScalarKind.PERIOD) {
                schema.put("pattern", PERIOD_PATTERN);
            }
            if (kind.hint() != null) {
                schema.put("description", kind.hint());
            }
        } else if (type instanceof TypeModel.EnumType enumeration) {
            schema.put("type", "string");
            schema.put("enum", new ArrayList<Object>(enumeration.constants()));
        } else if (type instanceof TypeModel.Named named) {
            define(named.key());
            schema.put("$ref", "#/$defs/" + named.key());
        } else if (type instanceof TypeModel.Sequence sequence) {
            schema.put("type", "array");
            schema.put("items", type(sequence.element()));
            if (sequence.kind() == SequenceKind.SET && !strict) {
                schema.put("uniqueItems", true);
            }
        } else if (!strict && type instanceof TypeModel.MapType map) {
            schema.put("type", "object");
            schema.put("additionalProperties", type(map.value()));
        } else if (!strict && type instanceof TypeModel.Json) {
            // any JSON value: the empty schema
        } else {
            throw new IllegalStateException("no " + (strict ? "strict " : "") + "schema for " + type);
        }
        return schema;
    }

    /**
     * What the binder accepts of a fixed-size Java number, exactly: byte to long as integers,
     * float as the finite float range (its largest value written as an exact decimal).
     */
    private static void naturalRange(Map<String, Object> schema, ScalarKind kind) {
        Number min = switch (kind) {
            case BYTE -> (long) Byte.MIN_VALUE;
            case SHORT -> (long) Short.MIN_VALUE;
            case INT -> (long) Integer.MIN_VALUE;
            case LONG -> Long.MIN_VALUE;
            case FLOAT -> new BigDecimal(-Float.MAX_VALUE);
            default -> null;
        };
        Number max = switch (kind) {
            case BYTE -> (long) Byte.MAX_VALUE;
            case SHORT -> (long) Short.MAX_VALUE;
            case INT -> (long) Integer.MAX_VALUE;
            case LONG -> Long.MAX_VALUE;
            case FLOAT -> new BigDecimal(Float.MAX_VALUE);
            default -> null;
        };
        if (min != null) {
            schema.put("minimum", min);
            schema.put("maximum", max);
        }
    }

    private void define(String key) {
        if (defs.containsKey(key)) {
            return;
        }
        defs.put(key, Map.of()); // placeholder: recursion ends here, order is first use
        NamedType named = namedTypes.get(key);
        defs.put(key, object(named.properties(), named.description()));
    }

    private void constrain(Map<String, Object> schema, Constraints constraints) {
        // declared bounds narrow the type's natural range, never widen it
        Object natural = schema.get("minimum");
        if (!Double.isInfinite(constraints.min())
                && (natural == null || constraints.min() > ((Number) natural).doubleValue())) {
            schema.put("minimum", constraints.min());
        }
        natural = schema.get("maximum");
        if (!Double.isInfinite(constraints.max())
                && (natural == null || constraints.max() < ((Number) natural).doubleValue())) {
            schema.put("maximum", constraints.max());
        }
        if (constraints.minLength() >= 0 && !strict) {
            schema.put("minLength", constraints.minLength());
        }
        if (constraints.maxLength() >= 0 && !strict) {
            schema.put("maxLength", constraints.maxLength());
        }
        if (constraints.hasPattern()) {
            schema.put("pattern", constraints.pattern());
        }
        if (!constraints.format().isEmpty()) {
            schema.put("format", constraints.format());
        }
        if (constraints.minItems() >= 0) {
            schema.put("minItems", constraints.minItems());
        }
        if (constraints.maxItems() >= 0) {
            schema.put("maxItems", constraints.maxItems());
        }
    }

    /** A plain {@code type} becomes {@code [type, "null"]}; anything else {@code anyOf} with null. */
    private static Map<String, Object> orNull(Map<String, Object> schema) {
        Object type = schema.get("type");
        if (type instanceof String && !schema.containsKey("enum")) {
            Map<String, Object> nullable = new LinkedHashMap<>(schema);
            nullable.put("type", List.of(type, "null"));
            return nullable;
        }
        Map<String, Object> anyOf = new LinkedHashMap<>();
        anyOf.put("anyOf", List.of(schema, Map.of("type", "null")));
        return anyOf;
    }
}
