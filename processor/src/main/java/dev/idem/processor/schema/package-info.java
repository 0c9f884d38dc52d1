/**
 * JSON Schema 2020-12 of a tool's arguments, and its OpenAI strict-dialect variant, as ordered
 * trees: deterministic, properties in source order, named types under {@code $defs}.
 *
 * <p>Entry types: {@link dev.idem.processor.schema.ToolSchemas} (both schemas of one tool),
 * {@link dev.idem.processor.schema.StrictDialect} (what the strict dialect cannot express) and
 * {@link dev.idem.processor.schema.JsonText} (tree to JSON text).
 *
 * <pre>{@code
 * ToolSchemas schemas = ToolSchemas.of(tool, model.inputTypes());
 * String standard = schemas.standardText();   // {"type":"object","properties":{...}}
 * String strict = schemas.strictText();       // null for a tool with a Map or JsonNode
 * }</pre>
 */
package dev.idem.processor.schema;
