package dev.idem.samples.differential;

import dev.harrel.jsonschema.JsonNode;
import dev.harrel.jsonschema.JsonNodeFactory;
import dev.harrel.jsonschema.SimpleType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * Shows a Jackson 3 tree to dev.harrel's validator (its own providers are for Jackson 2). Only the
 * tree is adapted; every keyword and format is harrel's own code. A number is an integer when its
 * value has no fractional part ({@code 1.0} is one), as JSON Schema says.
 */
final class HarrelJacksonNode implements JsonNode {
    private final tools.jackson.databind.JsonNode node;
    private final String pointer;

    private HarrelJacksonNode(tools.jackson.databind.JsonNode node, String pointer) {
        this.node = node;
        this.pointer = pointer;
    }

    @Override
    public String getJsonPointer() {
        return pointer;
    }

    @Override
    public SimpleType getNodeType() {
        if (node.isNull()) {
            return SimpleType.NULL;
        }
        if (node.isBoolean()) {
            return SimpleType.BOOLEAN;
        }
        if (node.isString()) {
            return SimpleType.STRING;
        }
        if (node.isArray()) {
            return SimpleType.ARRAY;
        }
        if (node.isObject()) {
            return SimpleType.OBJECT;
        }
        if (node.isIntegralNumber()) {
            return SimpleType.INTEGER;
        }
        BigDecimal value = node.decimalValue();
        return value.signum() == 0 || value.stripTrailingZeros().scale() <= 0 ? SimpleType.INTEGER : SimpleType.NUMBER;
    }

    @Override
    public boolean asBoolean() {
        return node.booleanValue();
    }

    @Override
    public String asString() {
        return node.stringValue();
    }

    @Override
    public BigInteger asInteger() {
        return node.isIntegralNumber() ? node.bigIntegerValue() : node.decimalValue().toBigInteger();
    }

    @Override
    public BigDecimal asNumber() {
        return node.decimalValue();
    }

    @Override
    public List<JsonNode> asArray() {
        List<JsonNode> items = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            items.add(new HarrelJacksonNode(node.get(i), pointer + "/" + i));
        }
        return items;
    }

    @Override
    public Map<String, JsonNode> asObject() {
        Map<String, JsonNode> properties = new LinkedHashMap<>();
        for (Map.Entry<String, tools.jackson.databind.JsonNode> property : node.properties()) {
            properties.put(property.getKey(), new HarrelJacksonNode(property.getValue(),
                    pointer + "/" + JsonNode.encodeJsonPointer(property.getKey())));
        }
        return properties;
    }

    /** Wraps Jackson 3 trees; parses text with the mapper the executor uses. */
    static final class Factory implements JsonNodeFactory {
        private final JsonMapper mapper;

        Factory(JsonMapper mapper) {
            this.mapper = mapper;
        }

        @Override
        public JsonNode wrap(Object node) {
            if (node instanceof HarrelJacksonNode wrapped) {
                return wrapped;
            }
            return new HarrelJacksonNode((tools.jackson.databind.JsonNode) node, "");
        }

        @Override
        public JsonNode create(String text) {
            return new HarrelJacksonNode(mapper.readTree(text), "");
        }
    }
}
