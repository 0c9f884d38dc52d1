package dev.idem.mcp.remote;

import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Between the SDK's records and JSON trees: decimals kept exact, as the server wrote them. */
final class RemoteJson {

    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private RemoteJson() {}

    static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    static Map<String, Object> map(JsonNode object) {
        return MAPPER.convertValue(object, new TypeReference<Map<String, Object>>() {});
    }
}
