package dev.idem.samples.differential;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/** JSON Schema's equality of values (numbers by value, objects by their property sets), for the test's own use. */
final class JsonValues {

    private JsonValues() {}

    static boolean equal(JsonNode a, JsonNode b) {
        return equal(a, b, false);
    }

    /** With {@code scaleSensitive}, numbers compare as {@code BigDecimal.equals} does (2.5 is not 2.50). */
    static boolean equal(JsonNode a, JsonNode b, boolean scaleSensitive) {
        if (a.isNumber() && b.isNumber()) {
            return scaleSensitive ? a.decimalValue().equals(b.decimalValue()) : a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.getNodeType() != b.getNodeType() || a.size() != b.size()) {
            return false;
        }
        if (a.isArray()) {
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i), scaleSensitive)) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject()) {
            for (Map.Entry<String, JsonNode> property : a.properties()) {
                JsonNode other = b.get(property.getKey());
                if (other == null || !equal(property.getValue(), other, scaleSensitive)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
