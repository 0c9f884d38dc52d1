package dev.idem.processor;

import static dev.idem.processor.KitchenTools.JSON;
import static dev.idem.processor.KitchenTools.TOOLS;
import static dev.idem.processor.KitchenTools.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Generated binders read every supported type and report every problem before anything runs. */
class BindingTest {
    static final String SCALARS = "{\"b\":true,\"by\":7,\"s\":300,\"i\":2.0,\"l\":9007199254740993,\"f\":1.5,\"d\":2.25,"
            + "\"c\":\"x\",\"boxed\":4,\"text\":\"hi\",\"money\":12.50,\"big\":123456789012345678901234567890,"
            + "\"id\":\"123e4567-e89b-12d3-a456-426614174000\",\"day\":\"2026-12-01\",\"local\":\"2026-12-01T10:15:30\","
            + "\"time\":\"10:15\",\"at\":\"2026-12-01T10:15:30Z\",\"offset\":\"2026-12-01T10:15:30+01:00\",\"wait\":\"PT15M\","
            + "\"colour\":\"GREEN\"}";
    static final String LEAD = "{\"lead\":{\"name\":\"Ana\",\"address\":{\"street\":\"Rua A\",\"zip\":\"12345\"}}}";
    static final String CONTAINERS = "{\"list\":[1,2],\"set\":[\"a\",\"b\"],\"coll\":[3],\"ints\":[4,5],\"strings\":[\"s\"],"
            + "\"map\":{\"k\":1.5},\"nested\":[[\"RED\"],[]],\"any\":{\"free\":[1,\"x\"]}}";
    static final String TREE = "{\"root\":{\"label\":\"r\",\"children\":[{\"label\":\"c\",\"children\":[]}]},\"point\":{\"x\":2,\"y\":3}}";
    static final String CONSTRAINED = "{\"n\":5,\"code\":\"ab\",\"tags\":[\"t\"]}";

    @Test
    void everyScalarTypeIsBoundFromJson() throws Exception {
        JsonNode result = run("scalars", SCALARS);
        // Map<String, Object>: Object values cannot be encoded structurally, so they arrive as their text.
        assertThat(result.get("by").asString()).isEqualTo("7");
        assertThat(result.get("l").asString()).isEqualTo("9007199254740993");
        assertThat(new java.math.BigDecimal(result.get("money").asString())).isEqualByComparingTo("12.50");
        assertThat(result.get("colour").asString()).isEqualTo("GREEN");
        assertThat(result.get("day").asString()).isEqualTo("2026-12-01");
        assertThat(result.get("c").asString()).isEqualTo("x");
    }

    @Test
    void recordsNestInRecordsAndComeBackAsObjects() throws Exception {
        JsonNode result = run("lead", LEAD);
        assertThat(result).isEqualTo(JSON.readTree(LEAD).get("lead"));
    }

    @Test
    void collectionsArraysMapsAndJsonAreBound() throws Exception {
        assertThat(run("containers", CONTAINERS).asString())
                .isEqualTo("[1, 2]|[a, b]|[3]|[4, 5]|[s]|{k=1.5}|[[RED], []]|{\"free\":[1,\"x\"]}");
    }

    @Test
    void recursiveRecordsAndCanonicalConstructorClassesAreBound() throws Exception {
        assertThat(run("tree-size", TREE).intValue()).isEqualTo(6);
    }

    @Test
    void absentOptionalsBindToEmptyNullAndZero() throws Exception {
        assertThat(run("optionals", "{}").asString()).isEqualTo("Optional.empty|null|0|null");
        assertThat(run("optionals", "{\"maybe\":null,\"nullable\":null,\"zero\":null}").asString())
                .isEqualTo("Optional.empty|null|0|null");
        assertThat(run("optionals", "{\"maybe\":\"m\",\"nullable\":\"n\",\"zero\":3,\"none\":4}").asString())
                .isEqualTo("Optional[m]|n|3|4");
    }

    @Test
    void asyncResultsAreMappedToJson() throws Exception {
        assertThat(run("later", "{}").toString()).isEqualTo("[\"RED\"]");
        assertThat(TOOLS.descriptors().stream().filter(d -> d.name().equals("later")).findFirst().orElseThrow().async()).isTrue();
    }

    @Test
    void voidResultIsJsonNull() throws Exception {
        assertThat(run("nothing", "").isNull()).isTrue();
    }

    @Test
    void everyProblemIsReportedWithItsPathAndTheToolNeverRuns() throws Exception {
        int before = KitchenTools.calls();
        String bad = "{\"lead\":{\"name\":5,\"address\":{\"zip\":\"12\",\"geo\":1}},\"extra\":true}";
        assertThatThrownBy(() -> TOOLS.bind("lead", JSON.readTree(bad)))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems()).containsExactly(
                        "unknown parameter 'extra'; expected lead",
                        "parameter 'lead.name' must be a string, was number 5",
                        "unknown parameter 'lead.address.geo'; expected street, zip",
                        "missing required parameter 'lead.address.street'",
                        "parameter 'lead.address.zip' must match the pattern ^[0-9]{5}$, was \"12\""));
        assertThat(KitchenTools.calls()).isEqualTo(before);
    }

    @Test
    void wrongTypesOverflowAndFractionsAreProblems() throws Exception {
        String bad = SCALARS.replace("\"by\":7", "\"by\":300").replace("\"i\":2.0", "\"i\":1e20")
                .replace("\"l\":9007199254740993", "\"l\":1.5").replace("\"c\":\"x\"", "\"c\":\"xy\"")
                .replace("\"boxed\":4", "\"boxed\":\"4\"").replace("\"colour\":\"GREEN\"", "\"colour\":\"BLUE\"")
                .replace("\"day\":\"2026-12-01\"", "\"day\":\"tomorrow\"").replace("\"b\":true", "\"b\":\"true\"")
                .replace("\"id\":\"123e4567-e89b-12d3-a456-426614174000\"", "\"id\":\"1-1-1-1-1\"");
        assertThatThrownBy(() -> TOOLS.bind("scalars", JSON.readTree(bad)))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems()).containsExactly(
                        "parameter 'b' must be a boolean, was string \"true\"",
                        "parameter 'by' must be an integer between -128 and 127, was number 300",
                        "parameter 'i' must be an integer between -2147483648 and 2147483647, was number 1.0E20",
                        "parameter 'l' must be an integer (no fractional part), was number 1.5",
                        "parameter 'c' must be a string of exactly one character, was string \"xy\"",
                        "parameter 'boxed' must be an integer, was string \"4\"",
                        "parameter 'id' must be a UUID string like 123e4567-e89b-12d3-a456-426614174000, was string \"1-1-1-1-1\"",
                        "parameter 'day' must be an ISO date like 2026-12-01, was string \"tomorrow\"",
                        "parameter 'colour' must be one of RED, GREEN, was string \"BLUE\""));
    }

    @Test
    void constraintsAreCheckedBeforeTheCall() throws Exception {
        int before = KitchenTools.calls();
        assertThatThrownBy(() -> TOOLS.bind("constrained", JSON.readTree("{\"n\":0,\"code\":\"abcd\",\"tags\":[]}")))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems()).containsExactly(
                        "parameter 'n' must be at least 1, was 0",
                        "parameter 'code' must have at most 3 characters, had 4",
                        "parameter 'tags' must have at least 1 items, had 0"));
        assertThat(KitchenTools.calls()).isEqualTo(before);
        assertThat(run("constrained", CONSTRAINED).longValue()).isEqualTo(5);
    }

    @Test
    void missingRequiredParametersAreAllNamed() {
        assertThatThrownBy(() -> TOOLS.bind("constrained", JSON.readTree("{}")))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems()).containsExactly(
                        "missing required parameter 'n'", "missing required parameter 'code'",
                        "missing required parameter 'tags'"));
    }

    @Test
    void unknownToolNameIsAnIllegalArgument() {
        assertThatThrownBy(() -> TOOLS.bind("nope", JSON.readTree("{}"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope");
    }

    @Test
    void descriptorsCarryFlagsPolicyAndTimeout() {
        ToolDescriptor constrained = TOOLS.descriptors().stream().filter(d -> d.name().equals("constrained")).findFirst().orElseThrow();
        assertThat(constrained.restartSafe()).isFalse();
        assertThat(constrained.idempotent()).isTrue();
        assertThat(constrained.timeoutMs()).isEqualTo(2000);
        assertThat(constrained.retryPolicy()).isEqualTo(RetryPolicy.builder().maxAttempts(2).initialDelayMs(10)
                .retryOn(dev.idem.ErrorType.TIMEOUT).build());
        assertThat(constrained.requiredParameters()).containsExactly("n", "code", "tags");
        ToolDescriptor optionals = TOOLS.descriptors().stream().filter(d -> d.name().equals("optionals")).findFirst().orElseThrow();
        assertThat(optionals.optionalParameters()).containsExactly("maybe", "nullable", "zero", "none");
        assertThat(optionals.retryPolicy()).isNull();
        assertThat(TOOLS.descriptors()).extracting(ToolDescriptor::name).containsExactly(
                List.of("scalars", "lead", "containers", "optionals", "constrained", "tree-size", "later", "nothing").toArray(new String[0]));
    }
}
