package dev.idem.samples.differential;

import tools.jackson.databind.JsonNode;

/** The subschema that applies at a JSON pointer of an instance (resolving $ref and the null option). */
final class SchemaWalk {

    private SchemaWalk() {}

    static JsonNode at(InstanceGenerator schemas, JsonNode root, String pointer) {
        JsonNode schema = schemas.nonNull(root);
        if (pointer.isEmpty()) {
            return schema;
        }
        for (String token : pointer.substring(1).split("/", -1)) {
            String name = token.replace("~1", "/").replace("~0", "~");
            JsonNode next;
            if (schema.has("properties")) {
                next = schema.get("properties").get(name);
            } else if (schema.has("items")) {
                next = schema.get("items");
            } else if (schema.path("additionalProperties").isObject()) {
                next = schema.get("additionalProperties");
            } else {
                return null;
            }
            if (next == null) {
                return null;
            }
            schema = schemas.nonNull(next);
        }
        return schema;
    }
}
