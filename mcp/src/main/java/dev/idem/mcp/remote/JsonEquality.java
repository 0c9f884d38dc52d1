package dev.idem.mcp.remote;

import java.math.BigDecimal;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** JSON Schema's equality and types: numbers by value ({@code 1} is {@code 1.0}), objects regardless of order. */
final class JsonEquality {

    private JsonEquality() {}

    static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> property : a.properties()) {
                JsonNode other = b.get(property.getKey());
                if (other == null || !equal(property.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.getNodeType() == b.getNodeType() && a.equals(b);
    }

    /** Whether {@code value} is of the JSON Schema type {@code name}; an integer is a number with no fraction. */
    static boolean hasType(JsonNode value, String name) {
        switch (name) {
            case "null": return value.isNull();
            case "boolean": return value.isBoolean();
            case "string": return value.isString();
            case "object": return value.isObject();
            case "array": return value.isArray();
            case "number": return value.isNumber();
            case "integer": return value.isNumber() && isIntegral(value.decimalValue());
            default: return false;
        }
    }

    static String typeOf(JsonNode value) {
        if (value.isNumber()) {
            return isIntegral(value.decimalValue()) ? "integer" : "number";
        }
        if (value.isString()) {
            return "string";
        }
        return value.isNull() ? "null" : value.isBoolean() ? "boolean" : value.isArray() ? "array" : "object";
    }

    private static boolean isIntegral(BigDecimal number) {
        return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
    }
}
