package dev.idem.mcp.remote;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Idem's validator of remote input schemas: each keyword tool schemas use, with the JSON pointer
 * of every problem, and the same verdict as networknt's json-schema-validator (2020-12) on seeded
 * generated schema and instance pairs.
 */
class SchemaValidatorTest {

    private static final SchemaRegistry NETWORKNT = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static List<String> problems(String schema, String instance) {
        return new SchemaValidator(PaymentService.JSON.readTree(schema)).problems(PaymentService.JSON.readTree(instance));
    }

    @Test
    void everyProblemIsReportedBehindTheJsonPointerOfItsValue() {
        List<String> problems = problems(UpstreamServer.TRANSFER_SCHEMA, "{\"to\":\"ma\",\"cents\":0,\"extra\":1}");

        assertThat(problems).containsExactlyInAnyOrder(
                "(root): missing required property 'memo'",
                "/to: must be at least 3 characters long, was 2",
                "/cents: 0 is less than the minimum 1",
                "(root): unknown property 'extra' (known: to, cents, memo)");
    }

    @Test
    void localReferencesDefsAndNestedPointersAreFollowed() {
        String schema = "{\"type\":\"object\",\"properties\":{\"lines\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/line\"}}},"
                + "\"$defs\":{\"line\":{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z]{3}-\\\\d+$\"},"
                + "\"qty\":{\"type\":\"integer\",\"multipleOf\":5}},\"required\":[\"sku\"]}}}";

        assertThat(problems(schema, "{\"lines\":[{\"sku\":\"ABC-1\",\"qty\":10},{\"sku\":\"abc\",\"qty\":7},{}]}"))
                .containsExactlyInAnyOrder("/lines/1/sku: must match the pattern ^[A-Z]{3}-\\d+$",
                        "/lines/1/qty: 7 is not a multiple of 5", "/lines/2: missing required property 'sku'");
    }

    @Test
    void combinationsEnumsConstsAndUniqueItemsAreChecked() {
        assertThat(problems("{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}", "1.5")).hasSize(1);
        assertThat(problems("{\"oneOf\":[{\"minimum\":0},{\"maximum\":10}]}", "5")).singleElement().asString()
                .contains("exactly one");
        assertThat(problems("{\"not\":{\"const\":\"x\"}}", "\"x\"")).hasSize(1);
        assertThat(problems("{\"enum\":[1,\"a\",null]}", "1.0")).as("numbers compare by value").isEmpty();
        assertThat(problems("{\"uniqueItems\":true}", "[1,{\"a\":[2]},{\"a\":[2.0]}]")).hasSize(1);
        assertThat(problems("{\"type\":\"string\",\"maxLength\":1}", "\"\\ud83d\\ude00\"")).as("code points").isEmpty();
    }

    @Test
    void unknownKeywordsAndFormatsAreIgnoredAndARemoteRefIsAProblem() {
        assertThat(problems("{\"format\":\"email\",\"x-vendor\":1,\"type\":\"string\"}", "\"not an email\"")).isEmpty();
        assertThat(problems("{\"$ref\":\"https://example.com/schema.json\"}", "1")).singleElement().asString()
                .contains("names nothing");
    }

    @Test
    void agreesWithNetworkntOnGeneratedSchemasAndInstances() {
        Random random = new Random(20_261_207L);
        List<String> disagreements = new ArrayList<>();
        int pairs = 3_000;
        int valid = 0;
        for (int i = 0; i < pairs; i++) {
            ObjectNode schema = schema(random, 0);
            if (random.nextInt(4) == 0) {
                ObjectNode wrapper = NODES.objectNode().put("$ref", "#/$defs/d");
                wrapper.putObject("$defs").set("d", schema);
                schema = wrapper;
            }
            JsonNode instance = random.nextBoolean() ? instanceOf(schema, random, 0) : any(random, 0);
            boolean ours = new SchemaValidator(schema).valid(instance);
            Schema oracle = NETWORKNT.getSchema(schema);
            boolean theirs = oracle.validate(instance).isEmpty();
            valid += ours ? 1 : 0;
            if (ours != theirs && disagreements.size() < 10) {
                disagreements.add("schema " + schema + " instance " + instance + ": Idem " + ours + ", networknt " + theirs
                        + " " + oracle.validate(instance));
            }
        }

        assertThat(disagreements).isEmpty();
        assertThat(valid).as("both verdicts are exercised").isBetween(pairs / 10, pairs * 9 / 10);
    }

    private static final String[] NAMES = {"a", "b", "c", "d"};
    private static final String[] STRINGS = {"", "a", "ab", "abc", "ABC-12", "x y", "\ud83d\ude00\ud83d\ude00", "123-45", "zz"};
    private static final String[] PATTERNS = {"^[a-z]+$", "^\\d{3}-\\d{2}$", "b", "^[A-Z]{3}-\\d+$", "^.{2}$"};
    private static final String[] TYPES = {"string", "integer", "number", "boolean", "null", "object", "array"};

    private static ObjectNode schema(Random random, int depth) {
        ObjectNode schema = NODES.objectNode();
        int kind = depth >= 2 ? random.nextInt(4) : random.nextInt(9);
        switch (kind) {
            case 0 -> {
                schema.put("type", "string");
                maybe(random, () -> schema.put("minLength", random.nextInt(4)));
                maybe(random, () -> schema.put("maxLength", random.nextInt(5)));
                maybe(random, () -> schema.put("pattern", PATTERNS[random.nextInt(PATTERNS.length)]));
            }
            case 1 -> {
                schema.put("type", random.nextBoolean() ? "integer" : "number");
                maybe(random, () -> schema.put("minimum", random.nextInt(7) - 3));
                maybe(random, () -> schema.put("maximum", random.nextInt(7)));
                maybe(random, () -> schema.put("exclusiveMinimum", random.nextInt(5) - 3));
                maybe(random, () -> schema.put("exclusiveMaximum", random.nextInt(7)));
                maybe(random, () -> schema.put("multipleOf", random.nextBoolean() ? 2 : 0.5));
            }
            case 2 -> {
                ArrayNode choices = schema.putArray("enum");
                for (int i = 0; i <= random.nextInt(3); i++) {
                    choices.add(scalar(random));
                }
            }
            case 3 -> {
                if (random.nextBoolean()) {
                    schema.set("const", scalar(random));
                } else {
                    ArrayNode types = schema.putArray("type");
                    types.add(TYPES[random.nextInt(TYPES.length)]).add(TYPES[random.nextInt(TYPES.length)]);
                }
            }
            case 4, 5 -> {
                schema.put("type", "object");
                ObjectNode properties = schema.putObject("properties");
                ArrayNode required = NODES.arrayNode();
                for (String name : NAMES) {
                    if (random.nextInt(3) > 0) {
                        properties.set(name, schema(random, depth + 1));
                        if (random.nextBoolean()) {
                            required.add(name);
                        }
                    }
                }
                if (!required.isEmpty()) {
                    schema.set("required", required);
                }
                int additional = random.nextInt(3);
                if (additional == 1) {
                    schema.put("additionalProperties", false);
                } else if (additional == 2) {
                    schema.set("additionalProperties", schema(random, depth + 1));
                }
            }
            case 6 -> {
                schema.put("type", "array");
                if (random.nextBoolean()) {
                    schema.putArray("prefixItems").add(schema(random, depth + 1));
                }
                maybe(random, () -> schema.set("items", schema(random, depth + 1)));
                maybe(random, () -> schema.put("minItems", random.nextInt(3)));
                maybe(random, () -> schema.put("maxItems", random.nextInt(4)));
                maybe(random, () -> schema.put("uniqueItems", true));
            }
            case 7 -> {
                String combinator = new String[] {"anyOf", "oneOf", "allOf"}[random.nextInt(3)];
                schema.putArray(combinator).add(schema(random, depth + 1)).add(schema(random, depth + 1));
            }
            default -> schema.set("not", schema(random, depth + 1));
        }
        return schema;
    }

    private static void maybe(Random random, Runnable action) {
        if (random.nextInt(3) == 0) {
            action.run();
        }
    }

    private static JsonNode scalar(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> NODES.stringNode(STRINGS[random.nextInt(STRINGS.length)]);
            case 1 -> NODES.numberNode(random.nextInt(7) - 3);
            case 2 -> NODES.numberNode(new java.math.BigDecimal(random.nextInt(9) - 4).add(new java.math.BigDecimal("0.5")));
            case 3 -> NODES.booleanNode(random.nextBoolean());
            default -> NODES.nullNode();
        };
    }

    private static JsonNode any(Random random, int depth) {
        int kind = depth >= 3 ? 0 : random.nextInt(6);
        if (kind == 4) {
            ObjectNode object = NODES.objectNode();
            for (String name : NAMES) {
                if (random.nextBoolean()) {
                    object.set(name, any(random, depth + 1));
                }
            }
            if (random.nextInt(4) == 0) {
                object.set("e", any(random, depth + 1));
            }
            return object;
        }
        if (kind == 5) {
            ArrayNode array = NODES.arrayNode();
            for (int i = random.nextInt(4); i > 0; i--) {
                array.add(random.nextBoolean() ? any(random, depth + 1) : NODES.numberNode(1));
            }
            return array;
        }
        return scalar(random);
    }

    /** A value shaped by the schema: often valid, sometimes just off. */
    private static JsonNode instanceOf(JsonNode schema, Random random, int depth) {
        if (depth > 3) {
            return any(random, 3);
        }
        if (schema.has("$ref") && schema.has("$defs")) {
            return instanceOf(schema.get("$defs").get("d"), random, depth);
        }
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.has("enum")) {
            return schema.get("enum").get(random.nextInt(schema.get("enum").size()));
        }
        String type = schema.path("type").isString() ? schema.path("type").asString() : "";
        switch (type) {
            case "string":
                return NODES.stringNode(STRINGS[random.nextInt(STRINGS.length)]);
            case "integer":
                return NODES.numberNode(random.nextInt(9) - 3);
            case "number":
                return random.nextBoolean() ? NODES.numberNode(random.nextInt(9) - 3) : scalar(random);
            case "object": {
                ObjectNode object = NODES.objectNode();
                schema.path("properties").properties().forEach(property -> {
                    if (random.nextInt(4) > 0) {
                        object.set(property.getKey(), instanceOf(property.getValue(), random, depth + 1));
                    }
                });
                if (random.nextInt(5) == 0) {
                    object.set("e", any(random, depth + 1));
                }
                return object;
            }
            case "array": {
                ArrayNode array = NODES.arrayNode();
                JsonNode items = schema.has("items") ? schema.get("items") : NODES.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(instanceOf(items, random, depth + 1));
                }
                return array;
            }
            default:
                if (schema.has("anyOf") || schema.has("oneOf") || schema.has("allOf")) {
                    JsonNode options = schema.has("anyOf") ? schema.get("anyOf")
                            : schema.has("oneOf") ? schema.get("oneOf") : schema.get("allOf");
                    return instanceOf(options.get(random.nextInt(options.size())), random, depth + 1);
                }
                return any(random, depth);
        }
    }
}
