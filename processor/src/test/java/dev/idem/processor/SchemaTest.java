package dev.idem.processor;

import static dev.idem.processor.KitchenTools.JSON;
import static dev.idem.processor.KitchenTools.TOOLS;
import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.idem.tool.ToolDescriptor;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Generated schemas are valid JSON Schema 2020-12 and accept the arguments the binders accept. */
class SchemaTest {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema META = REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));

    private static final Map<String, String> VALID_ARGUMENTS = Map.of(
            "scalars", BindingTest.SCALARS,
            "lead", BindingTest.LEAD,
            "containers", BindingTest.CONTAINERS,
            "optionals", "{\"maybe\":\"m\",\"nullable\":null,\"zero\":3}",
            "constrained", BindingTest.CONSTRAINED,
            "tree-size", BindingTest.TREE,
            "later", "{}",
            "nothing", "{}");

    private static ToolDescriptor tool(String name) {
        return TOOLS.descriptors().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void everyGeneratedSchemaIsValidAgainstTheMetaSchema() {
        for (ToolDescriptor tool : TOOLS.descriptors()) {
            assertThat(META.validate(JSON.readTree(tool.inputSchema()))).as(tool.name()).isEmpty();
            tool.ownStrictSchema().ifPresent(strict ->
                    assertThat(META.validate(JSON.readTree(strict))).as(tool.name() + " strict").isEmpty());
        }
    }

    @Test
    void schemasAcceptTheArgumentsTheBindersAccept() {
        VALID_ARGUMENTS.forEach((name, arguments) -> {
            Schema schema = REGISTRY.getSchema(JSON.readTree(tool(name).inputSchema()));
            assertThat(schema.validate(JSON.readTree(arguments))).as(name).isEmpty();
        });
    }

    @Test
    void schemasRejectUnknownPropertiesAndBrokenConstraints() {
        Schema schema = REGISTRY.getSchema(JSON.readTree(tool("constrained").inputSchema()));
        assertThat(schema.validate(JSON.readTree("{\"n\":0,\"code\":\"abcd\",\"tags\":[],\"x\":1}"))).hasSize(4);
    }

    @Test
    void strictDialectRequiresEveryPropertyAndAllowsNullForOptionalOnes() {
        String strict = tool("optionals").strictSchema();
        JsonNode tree = JSON.readTree(strict);
        assertThat(tree.get("required").toString()).isEqualTo("[\"maybe\",\"nullable\",\"zero\",\"none\"]");
        assertThat(tree.at("/properties/maybe/type").toString()).isEqualTo("[\"string\",\"null\"]");
        Schema schema = REGISTRY.getSchema(tree);
        assertThat(schema.validate(JSON.readTree("{\"maybe\":null,\"nullable\":\"n\",\"zero\":null,\"none\":1}"))).isEmpty();
        assertThat(schema.validate(JSON.readTree("{\"maybe\":null}"))).isNotEmpty();
    }

    @Test
    void toolsWithFreeFormValuesHaveNoStrictSchema() {
        assertThat(tool("containers").strictSchema()).isNull();
        assertThat(tool("lead").strictSchema()).isNotNull();
    }

    @Test
    void namedTypesLiveInDefsAndRecursionEndsInARef() {
        JsonNode tree = JSON.readTree(tool("tree-size").inputSchema());
        assertThat(tree.at("/properties/root/$ref").asString()).isEqualTo("#/$defs/Node");
        assertThat(tree.at("/$defs/Node/properties/children/items/$ref").asString()).isEqualTo("#/$defs/Node");
        assertThat(tree.at("/$defs/Point/required").toString()).isEqualTo("[\"x\",\"y\"]");
    }
}
