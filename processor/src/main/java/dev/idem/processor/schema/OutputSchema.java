package dev.idem.processor.schema;

import dev.idem.processor.base.ScalarKind;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema 2020-12 of a tool's value, for MCP's {@code outputSchema}: written only when the
 * value is always a JSON object (a record or class, a {@code Map<String, V>}), as MCP requires; no
 * schema for void, text, numbers, lists, {@code JsonNode} or content. It describes what the
 * generated encoder writes: every readable property present, {@code null} allowed wherever the
 * Java value may be null (all but primitives), non-finite doubles as text, no formats or
 * constraints (those are promises about input).
 *
 * <pre>{@code
 * String schema = OutputSchema.text(tool, model.outputTypes());   // null: no output schema
 * }</pre>
 */
public final class OutputSchema {
    private final Map<String, NamedType> namedTypes;
    private final Map<String, Object> defs = new LinkedHashMap<>();

    private OutputSchema(Map<String, NamedType> namedTypes) {
        this.namedTypes = namedTypes;
    }

    /**
     * The output schema of {@code tool} as compact JSON text, or null when its value is not always an object.
     *
     * @param tool the tool
     * @param namedTypes the named types its result reaches, by key
     * @return the schema's text, or null
     */
    public static String text(ToolModel tool, Map<String, NamedType> namedTypes) {
        TypeModel result = tool.result();
        if (!(result instanceof TypeModel.Named) && !(result instanceof TypeModel.MapType)) {
            return null;
        }
        OutputSchema builder = new OutputSchema(namedTypes);
        Map<String, Object> root = new LinkedHashMap<>();
        if (result instanceof TypeModel.Named named) {
            builder.define(named.key());
            root.putAll(builder.object(namedTypes.get(named.key())));
        } else {
            root.putAll(builder.type(result));
        }
        if (!builder.defs.isEmpty()) {
            root.put("$defs", builder.defs);
        }
        return JsonText.compact(root);
    }

    private Map<String, Object> object(NamedType named) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        List<Object> required = new ArrayList<>();
        for (PropertyModel property : named.properties()) {
            if (property.accessor() != null) {
                properties.put(property.jsonName(), nullable(property.type()));
                required.add(property.jsonName());
            }
        }
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        return schema;
    }

    private Map<String, Object> nullable(TypeModel type) {
        TypeModel value = type instanceof TypeModel.OptionalType optional ? optional.element() : type;
        Map<String, Object> schema = type(value);
        if (schema.isEmpty() || value.javaType().isPrimitive() && !(type instanceof TypeModel.OptionalType)) {
            return schema;
        }
        Map<String, Object> anyOf = new LinkedHashMap<>();
        anyOf.put("anyOf", List.of(schema, Map.of("type", "null")));
        return anyOf;
    }

    private Map<String, Object> type(TypeModel type) {
        Map<String, Object> schema = new LinkedHashMap<>();
        if (type instanceof TypeModel.Scalar scalar) {
            ScalarKind kind = scalar.kind();
            // the encoder writes NaN and the infinities as text: JSON has no such numbers
            schema.put("type", kind == ScalarKind.FLOAT || kind == ScalarKind.DOUBLE
                    ? List.of("number", "string") : kind.jsonType());
        } else if (type instanceof TypeModel.EnumType enumeration) {
            schema.put("type", "string");
            schema.put("enum", new ArrayList<Object>(enumeration.constants()));
        } else if (type instanceof TypeModel.Named named) {
            define(named.key());
            schema.put("$ref", "#/$defs/" + named.key());
        } else if (type instanceof TypeModel.Sequence sequence) {
            schema.put("type", "array");
            schema.put("items", nullable(sequence.element()));
        } else if (type instanceof TypeModel.MapType map) {
            schema.put("type", "object");
            schema.put("additionalProperties", nullable(map.value()));
        } else if (type instanceof TypeModel.OptionalType optional) {
            return nullable(optional);
        }
        // JsonNode and text-encoded values (content among them): any JSON, the empty schema
        return schema;
    }

    private void define(String key) {
        if (defs.containsKey(key)) {
            return;
        }
        defs.put(key, Map.of()); // placeholder: recursion ends here, order is first use
        defs.put(key, object(namedTypes.get(key)));
    }
}
