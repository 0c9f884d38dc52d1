package dev.idem.samples.differential;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.harrel.jsonschema.FormatEvaluatorFactory;
import dev.harrel.jsonschema.Validator;
import dev.harrel.jsonschema.ValidatorFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The two independent JSON Schema 2020-12 validators, formats asserted: networknt
 * json-schema-validator and dev.harrel json-schema. Each tool schema is compiled once.
 */
final class Oracles {
    /** Reads texts as the executor does: strict, fractions as exact decimals. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** A validator's answer: valid, or the JSON pointers it complained about, or what it threw. */
    record Verdict(boolean valid, List<String> pointers, Throwable thrown) {
        boolean threw() {
            return thrown != null;
        }
    }

    private final SchemaRegistry networkntRegistry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    private final Validator harrel = new ValidatorFactory()
            .withJsonNodeFactory(new HarrelJacksonNode.Factory(JSON))
            .withEvaluatorFactory(new FormatEvaluatorFactory())
            .createValidator();
    private final Map<String, Schema> networknt = new HashMap<>();
    private final Map<String, URI> harrelSchemas = new HashMap<>();

    private static final Schema EMAIL = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()))
            .getSchema(JSON.readTree("{\"type\":\"string\",\"format\":\"email\"}"));

    /** networknt's verdict on one address alone. */
    static boolean networkntAcceptsEmail(String address) {
        return EMAIL.validate(JSON.getNodeFactory().stringNode(address)).isEmpty();
    }

    void register(String tool, String schemaText) {
        JsonNode schema = JSON.readTree(schemaText);
        networknt.put(tool, networkntRegistry.getSchema(schema));
        harrelSchemas.put(tool, harrel.registerSchema(URI.create("urn:idem:" + tool), schema));
    }

    Verdict networknt(String tool, JsonNode instance) {
        try {
            List<com.networknt.schema.Error> errors = networknt.get(tool).validate(instance);
            List<String> pointers = new ArrayList<>();
            errors.forEach(error -> pointers.add(pointer(error.getInstanceLocation())));
            return new Verdict(errors.isEmpty(), pointers, null);
        } catch (RuntimeException e) {
            return new Verdict(false, List.of(), e);
        }
    }

    private static String pointer(NodePath path) {
        StringBuilder pointer = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            pointer.append('/').append(String.valueOf(path.getElement(i)).replace("~", "~0").replace("/", "~1"));
        }
        return pointer.toString();
    }

    Verdict harrel(String tool, JsonNode instance) {
        try {
            Validator.Result result = harrel.validate(harrelSchemas.get(tool), instance);
            List<String> pointers = new ArrayList<>();
            result.getErrors().forEach(error -> pointers.add(error.getInstanceLocation()));
            return new Verdict(result.isValid(), pointers, null);
        } catch (RuntimeException | LinkageError e) {
            return new Verdict(false, List.of(), e);
        }
    }
}
