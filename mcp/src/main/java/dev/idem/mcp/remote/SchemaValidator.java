package dev.idem.mcp.remote;

import dev.idem.regex.EcmaRegex;
import dev.idem.regex.RegexLimitException;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Checks arguments against a remote tool's input schema before anything is sent: Idem's own
 * validator for the JSON Schema keywords tool schemas use (2020-12, with draft-07's array
 * {@code items}, {@code additionalItems}, {@code definitions} and boolean exclusive bounds read as
 * they were meant). Keywords it does not know, {@code format} among them, are ignored, as 2020-12
 * treats annotations. A {@code $ref} is followed only inside the schema itself ({@code #},
 * {@code #/$defs/x}, any local JSON pointer); a remote one is a problem of the schema, so the call
 * is refused rather than sent unchecked.
 *
 * <p>Every problem is one sentence behind the JSON pointer of the value it is about
 * ({@code /cents: 0 is less than the minimum 1}); the root is {@code (root)}. Thread-safe once built:
 * compiled patterns are kept per schema text.
 */
final class SchemaValidator {

    /** Nested {@code $ref}s without descending into the instance: past this, a cycle. */
    private static final int MAX_REF_DEPTH = 32;

    private final JsonNode root;
    private final Map<String, EcmaRegex> patterns = new java.util.concurrent.ConcurrentHashMap<>();

    SchemaValidator(JsonNode root) {
        this.root = root;
    }

    /** The schema this validator checks against. */
    JsonNode schema() {
        return root;
    }

    /**
     * Every problem of {@code instance}, empty when it is valid.
     *
     * @param instance the arguments
     * @return one sentence per problem, behind the pointer of its value
     */
    List<String> problems(JsonNode instance) {
        List<String> problems = new ArrayList<>();
        check(root, instance, "", problems, 0);
        return problems;
    }

    boolean valid(JsonNode instance) {
        return problems(instance).isEmpty();
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> problems, int refDepth) {
        if (schema == null || schema.isMissingNode()) {
            return;
        }
        if (schema.isBoolean()) {
            if (!schema.booleanValue()) {
                problems.add(where(at) + "no value is allowed here");
            }
            return;
        }
        if (!schema.isObject()) {
            return; // not a schema: nothing is asserted
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isString()) {
            if (refDepth >= MAX_REF_DEPTH) {
                problems.add(where(at) + "the schema's $ref " + ref.asString() + " does not end (a cycle)");
                return;
            }
            JsonNode target = resolve(ref.asString());
            if (target == null) {
                problems.add(where(at) + "the schema's $ref " + ref.asString() + " names nothing in the schema");
                return;
            }
            check(target, value, at, problems, refDepth + 1);
        }
        types(schema, value, at, problems);
        JsonNode constant = schema.get("const");
        if (constant != null && !JsonEquality.equal(constant, value)) {
            problems.add(where(at) + "must be " + constant);
        }
        JsonNode choices = schema.get("enum");
        if (choices != null && choices.isArray()) {
            boolean found = false;
            for (JsonNode choice : choices) {
                found |= JsonEquality.equal(choice, value);
            }
            if (!found) {
                problems.add(where(at) + "must be one of " + choices);
            }
        }
        if (value.isString()) {
            strings(schema, value.asString(), at, problems);
        } else if (value.isNumber()) {
            numbers(schema, value.decimalValue(), at, problems);
        } else if (value.isObject()) {
            objects(schema, value, at, problems, refDepth);
        } else if (value.isArray()) {
            arrays(schema, value, at, problems, refDepth);
        }
        combinations(schema, value, at, problems, refDepth);
    }

    private static void types(JsonNode schema, JsonNode value, String at, List<String> problems) {
        JsonNode type = schema.get("type");
        if (type == null) {
            return;
        }
        if (type.isString()) {
            if (!JsonEquality.hasType(value, type.asString())) {
                problems.add(where(at) + "must be of type " + type.asString() + ", was " + JsonEquality.typeOf(value));
            }
        } else if (type.isArray()) {
            boolean any = false;
            List<String> names = new ArrayList<>();
            for (JsonNode name : type) {
                names.add(name.asString());
                any |= JsonEquality.hasType(value, name.asString());
            }
            if (!any) {
                problems.add(where(at) + "must be of type " + String.join(" or ", names) + ", was "
                        + JsonEquality.typeOf(value));
            }
        }
    }

    private void strings(JsonNode schema, String text, String at, List<String> problems) {
        int length = text.codePointCount(0, text.length());
        JsonNode min = schema.get("minLength");
        if (min != null && min.isNumber() && length < min.decimalValue().doubleValue()) {
            problems.add(where(at) + "must be at least " + min.asString() + " characters long, was " + length);
        }
        JsonNode max = schema.get("maxLength");
        if (max != null && max.isNumber() && length > max.decimalValue().doubleValue()) {
            problems.add(where(at) + "must be at most " + max.asString() + " characters long, was " + length);
        }
        JsonNode pattern = schema.get("pattern");
        if (pattern != null && pattern.isString()) {
            EcmaRegex regex;
            try {
                regex = patterns.computeIfAbsent(pattern.asString(), EcmaRegex::compile);
            } catch (IllegalArgumentException e) {
                problems.add(where(at) + "the schema's pattern " + pattern.asString() + " is not an ECMA-262 regular"
                        + " expression: " + e.getMessage());
                return;
            }
            try {
                if (!regex.find(text)) {
                    problems.add(where(at) + "must match the pattern " + pattern.asString());
                }
            } catch (RegexLimitException e) {
                problems.add(where(at) + "could not be checked against the pattern " + pattern.asString() + ": "
                        + e.getMessage());
            }
        }
    }

    private static void numbers(JsonNode schema, BigDecimal number, String at, List<String> problems) {
        JsonNode minimum = schema.get("minimum");
        JsonNode maximum = schema.get("maximum");
        JsonNode exclusiveMinimum = schema.get("exclusiveMinimum");
        JsonNode exclusiveMaximum = schema.get("exclusiveMaximum");
        // draft-04's boolean exclusive bounds make minimum and maximum exclusive
        boolean minimumExclusive = exclusiveMinimum != null && exclusiveMinimum.isBoolean()
                && exclusiveMinimum.booleanValue();
        boolean maximumExclusive = exclusiveMaximum != null && exclusiveMaximum.isBoolean()
                && exclusiveMaximum.booleanValue();
        if (minimum != null && minimum.isNumber()) {
            int compared = number.compareTo(minimum.decimalValue());
            if (compared < 0 || minimumExclusive && compared == 0) {
                problems.add(where(at) + number.toPlainString() + " is less than " + (minimumExclusive ? "or equal to " : "")
                        + "the minimum " + minimum.asString());
            }
        }
        if (maximum != null && maximum.isNumber()) {
            int compared = number.compareTo(maximum.decimalValue());
            if (compared > 0 || maximumExclusive && compared == 0) {
                problems.add(where(at) + number.toPlainString() + " is more than " + (maximumExclusive ? "or equal to " : "")
                        + "the maximum " + maximum.asString());
            }
        }
        if (exclusiveMinimum != null && exclusiveMinimum.isNumber()
                && number.compareTo(exclusiveMinimum.decimalValue()) <= 0) {
            problems.add(where(at) + number.toPlainString() + " must be more than " + exclusiveMinimum.asString());
        }
        if (exclusiveMaximum != null && exclusiveMaximum.isNumber()
                && number.compareTo(exclusiveMaximum.decimalValue()) >= 0) {
            problems.add(where(at) + number.toPlainString() + " must be less than " + exclusiveMaximum.asString());
        }
        JsonNode multipleOf = schema.get("multipleOf");
        if (multipleOf != null && multipleOf.isNumber() && multipleOf.decimalValue().signum() > 0
                && number.remainder(multipleOf.decimalValue()).signum() != 0) {
            problems.add(where(at) + number.toPlainString() + " is not a multiple of " + multipleOf.asString());
        }
    }

    private void objects(JsonNode schema, JsonNode object, String at, List<String> problems, int refDepth) {
        JsonNode required = schema.get("required");
        if (required != null && required.isArray()) {
            for (JsonNode name : required) {
                if (name.isString() && !object.has(name.asString())) {
                    problems.add(where(at) + "missing required property '" + name.asString() + "'");
                }
            }
        }
        JsonNode minProperties = schema.get("minProperties");
        if (minProperties != null && minProperties.isNumber() && object.size() < minProperties.asDouble()) {
            problems.add(where(at) + "must have at least " + minProperties.asString() + " properties");
        }
        JsonNode maxProperties = schema.get("maxProperties");
        if (maxProperties != null && maxProperties.isNumber() && object.size() > maxProperties.asDouble()) {
            problems.add(where(at) + "must have at most " + maxProperties.asString() + " properties");
        }
        JsonNode properties = schema.get("properties");
        JsonNode patternProperties = schema.get("patternProperties");
        JsonNode additional = schema.get("additionalProperties");
        for (Map.Entry<String, JsonNode> property : object.properties()) {
            String name = property.getKey();
            String below = at + "/" + escape(name);
            boolean matched = false;
            if (properties != null && properties.isObject() && properties.has(name)) {
                matched = true;
                check(properties.get(name), property.getValue(), below, problems, 0);
            }
            if (patternProperties != null && patternProperties.isObject()) {
                for (Map.Entry<String, JsonNode> pattern : patternProperties.properties()) {
                    EcmaRegex regex;
                    try {
                        regex = patterns.computeIfAbsent(pattern.getKey(), EcmaRegex::compile);
                    } catch (IllegalArgumentException e) {
                        problems.add(where(at) + "the schema's property pattern " + pattern.getKey()
                                + " is not an ECMA-262 regular expression");
                        continue;
                    }
                    if (regex.find(name)) {
                        matched = true;
                        check(pattern.getValue(), property.getValue(), below, problems, 0);
                    }
                }
            }
            if (!matched && additional != null) {
                if (additional.isBoolean() && !additional.booleanValue()) {
                    problems.add(where(at) + "unknown property '" + name + "'" + known(properties));
                } else {
                    check(additional, property.getValue(), below, problems, 0);
                }
            }
        }
    }

    private static String known(JsonNode properties) {
        if (properties == null || !properties.isObject() || properties.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>(properties.propertyNames());
        return " (known: " + String.join(", ", names) + ")";
    }

    private void arrays(JsonNode schema, JsonNode array, String at, List<String> problems, int refDepth) {
        JsonNode minItems = schema.get("minItems");
        if (minItems != null && minItems.isNumber() && array.size() < minItems.asDouble()) {
            problems.add(where(at) + "must have at least " + minItems.asString() + " items, had " + array.size());
        }
        JsonNode maxItems = schema.get("maxItems");
        if (maxItems != null && maxItems.isNumber() && array.size() > maxItems.asDouble()) {
            problems.add(where(at) + "must have at most " + maxItems.asString() + " items, had " + array.size());
        }
        JsonNode unique = schema.get("uniqueItems");
        if (unique != null && unique.isBoolean() && unique.booleanValue()) {
            outer:
            for (int i = 0; i < array.size(); i++) {
                for (int j = i + 1; j < array.size(); j++) {
                    if (JsonEquality.equal(array.get(i), array.get(j))) {
                        problems.add(where(at) + "items " + i + " and " + j + " are equal; items must be unique");
                        break outer;
                    }
                }
            }
        }
        JsonNode prefix = schema.get("prefixItems");
        JsonNode items = schema.get("items");
        JsonNode rest = items;
        if (items != null && items.isArray()) { // draft-07: items as a list, additionalItems for the rest
            prefix = items;
            rest = schema.get("additionalItems");
        }
        int first = 0;
        if (prefix != null && prefix.isArray()) {
            for (; first < prefix.size() && first < array.size(); first++) {
                check(prefix.get(first), array.get(first), at + "/" + first, problems, 0);
            }
            first = prefix.size();
        }
        if (rest != null && (rest.isObject() || rest.isBoolean())) {
            for (int i = first; i < array.size(); i++) {
                check(rest, array.get(i), at + "/" + i, problems, 0);
            }
        }
        JsonNode contains = schema.get("contains");
        if (contains != null && (contains.isObject() || contains.isBoolean())) {
            boolean any = false;
            for (JsonNode item : array) {
                any |= quiet(contains, item, at, refDepth);
            }
            if (!any) {
                problems.add(where(at) + "must contain an item that matches the schema's contains");
            }
        }
    }

    private void combinations(JsonNode schema, JsonNode value, String at, List<String> problems, int refDepth) {
        JsonNode allOf = schema.get("allOf");
        if (allOf != null && allOf.isArray()) {
            for (JsonNode each : allOf) {
                check(each, value, at, problems, refDepth);
            }
        }
        JsonNode anyOf = schema.get("anyOf");
        if (anyOf != null && anyOf.isArray()) {
            boolean any = false;
            for (JsonNode each : anyOf) {
                any |= quiet(each, value, at, refDepth);
            }
            if (!any) {
                problems.add(where(at) + "matches none of the " + anyOf.size() + " schemas of anyOf");
            }
        }
        JsonNode oneOf = schema.get("oneOf");
        if (oneOf != null && oneOf.isArray()) {
            int matches = 0;
            for (JsonNode each : oneOf) {
                matches += quiet(each, value, at, refDepth) ? 1 : 0;
            }
            if (matches != 1) {
                problems.add(where(at) + "must match exactly one of the " + oneOf.size() + " schemas of oneOf, matched "
                        + matches);
            }
        }
        JsonNode not = schema.get("not");
        if (not != null && (not.isObject() || not.isBoolean()) && quiet(not, value, at, refDepth)) {
            problems.add(where(at) + "must not match the schema of not");
        }
        JsonNode condition = schema.get("if");
        if (condition != null && (condition.isObject() || condition.isBoolean())) {
            JsonNode branch = quiet(condition, value, at, refDepth) ? schema.get("then") : schema.get("else");
            if (branch != null) {
                check(branch, value, at, problems, refDepth);
            }
        }
    }

    private boolean quiet(JsonNode schema, JsonNode value, String at, int refDepth) {
        List<String> ignored = new ArrayList<>();
        check(schema, value, at, ignored, refDepth);
        return ignored.isEmpty();
    }

    /** A local reference: {@code #} or {@code #} and a JSON pointer (percent-encoded, {@code ~0}, {@code ~1}); else null. */
    private JsonNode resolve(String ref) {
        if (!ref.startsWith("#")) {
            return null;
        }
        String pointer = URLDecoder.decode(ref.substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
        if (pointer.isEmpty()) {
            return root;
        }
        if (!pointer.startsWith("/")) {
            return anchor(root, pointer, new HashSet<>());
        }
        JsonNode node = root;
        for (String token : pointer.substring(1).split("/", -1)) {
            String name = token.replace("~1", "/").replace("~0", "~");
            if (node.isArray()) {
                try {
                    node = node.get(Integer.parseInt(name));
                } catch (NumberFormatException e) {
                    return null;
                }
            } else {
                node = node.get(name);
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /** A plain-name fragment ({@code #item}): the subschema whose {@code $anchor} it is. */
    private static JsonNode anchor(JsonNode node, String name, Set<JsonNode> seen) {
        if (node == null || !node.isContainer() || !seen.add(node)) {
            return null;
        }
        JsonNode anchor = node.get("$anchor");
        if (node.isObject() && anchor != null && name.equals(anchor.asString())) {
            return node;
        }
        Iterator<JsonNode> children = node.values().iterator();
        while (children.hasNext()) {
            JsonNode found = anchor(children.next(), name, seen);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    private static String where(String at) {
        return (at.isEmpty() ? "(root)" : at) + ": ";
    }
}
