package dev.idem.internal.binding;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Equality of JSON values as JSON Schema defines it for {@code uniqueItems}, {@code enum} and
 * {@code const}: numbers by mathematical value ({@code 2.5} equals {@code 2.50}, {@code 1} equals
 * {@code 1.0}), strings by code points, arrays item by item, objects by their sets of properties
 * whatever the order.
 */
final class JsonEquality {

    private JsonEquality() {}

    /** The index of the first item equal to an earlier one, or -1. */
    static int firstDuplicate(JsonNode array) {
        Map<Key, Integer> seen = new HashMap<>();
        for (int i = 0; i < array.size(); i++) {
            if (seen.putIfAbsent(new Key(array.get(i)), i) != null) {
                return i;
            }
        }
        return -1;
    }

    static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.getNodeType() != b.getNodeType()) {
            return false;
        }
        if (a.isArray()) {
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
        if (a.isObject()) {
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
        return a.equals(b);
    }

    /** A hash consistent with {@link #equal}. */
    static int hash(JsonNode node) {
        if (node.isNumber()) {
            BigDecimal value = node.decimalValue();
            return value.signum() == 0 ? 0 : value.stripTrailingZeros().hashCode();
        }
        if (node.isArray()) {
            int hash = 1;
            for (JsonNode item : node.values()) {
                hash = 31 * hash + hash(item);
            }
            return hash;
        }
        if (node.isObject()) {
            int hash = 7;
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                hash += property.getKey().hashCode() ^ hash(property.getValue()); // order-independent
            }
            return hash;
        }
        return node.hashCode();
    }

    /** A JSON value as a hash key under JSON equality. */
    private record Key(JsonNode node) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && equal(node, key.node);
        }

        @Override
        public int hashCode() {
            return hash(node);
        }
    }
}
