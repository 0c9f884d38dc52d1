package dev.idem.processor.schema;

import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.ToolModel;
import java.util.Map;

/**
 * The two schemas of one tool's arguments, as ordered trees (see {@link JsonText}).
 *
 * <pre>{@code
 * ToolSchemas schemas = ToolSchemas.of(tool, model.inputTypes());
 * String text = schemas.standardText();
 * }</pre>
 *
 * @param standard the JSON Schema 2020-12
 * @param strict   the OpenAI strict-dialect schema, or null when the tool cannot be expressed in it
 */
public record ToolSchemas(Map<String, Object> standard, Map<String, Object> strict) {

    /**
     * Both schemas of {@code tool}.
     *
     * @param tool       the tool
     * @param namedTypes the named types its parameters reach, by key
     * @return the schemas; the strict one is null when the tool cannot be expressed in it
     */
    public static ToolSchemas of(ToolModel tool, Map<String, NamedType> namedTypes) {
        Map<String, Object> strict = StrictDialect.incompatibility(tool, namedTypes) == null
                ? SchemaBuilder.strict(tool, namedTypes)
                : null;
        return new ToolSchemas(SchemaBuilder.standard(tool, namedTypes), strict);
    }

    /**
     * The standard schema as compact JSON text.
     *
     * @return the standard schema's text
     */
    public String standardText() {
        return JsonText.compact(standard);
    }

    /**
     * The strict schema as compact JSON text, or null.
     *
     * @return the strict schema's text, or null
     */
    public String strictText() {
        return strict == null ? null : JsonText.compact(strict);
    }
}
