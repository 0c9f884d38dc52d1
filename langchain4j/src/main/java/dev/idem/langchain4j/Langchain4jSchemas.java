package dev.idem.langchain4j;

import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Idem's generated schema as LangChain4j's {@link JsonObjectSchema}. LangChain4j only takes an
 * object at the root, so the root is rebuilt from the schema's own {@code properties},
 * {@code required}, {@code additionalProperties} and {@code $defs}; every property schema and
 * every definition travels as a {@link JsonRawSchema}, exactly the text Idem generated, never
 * re-typed through LangChain4j's element classes (which have no words for {@code pattern},
 * {@code minimum}, {@code format}...).
 */
final class Langchain4jSchemas {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Langchain4jSchemas() {}

    static JsonObjectSchema fromIdem(String schemaText) {
        JsonNode schema = JSON.readTree(schemaText);
        JsonObjectSchema.Builder root = JsonObjectSchema.builder();
        if (schema.has("description")) {
            root.description(schema.get("description").asString());
        }
        root.addProperties(raw(schema.get("properties")));
        List<String> required = new ArrayList<>();
        for (JsonNode name : schema.path("required")) {
            required.add(name.asString());
        }
        root.required(required);
        if (schema.has("additionalProperties") && schema.get("additionalProperties").isBoolean()) {
            root.additionalProperties(schema.get("additionalProperties").asBoolean());
        }
        if (schema.has("$defs")) {
            root.definitions(raw(schema.get("$defs")));
        }
        return root.build();
    }

    private static Map<String, JsonSchemaElement> raw(JsonNode object) {
        Map<String, JsonSchemaElement> elements = new LinkedHashMap<>();
        if (object != null) {
            for (Map.Entry<String, JsonNode> entry : object.properties()) {
                elements.put(entry.getKey(), JsonRawSchema.from(JSON.writeValueAsString(entry.getValue())));
            }
        }
        return elements;
    }
}
