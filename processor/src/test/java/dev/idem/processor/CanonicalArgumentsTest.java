package dev.idem.processor;

import static dev.idem.processor.KitchenTools.TOOLS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.canonical.CanonicalWriter.CanonicalArguments;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The one binder writes the canonical arguments (what the idempotency key hashes) from the values
 * it bound: texts that mean the same call have one canonical form, and a plainly written call's is
 * its sorted JSON.
 */
class CanonicalArgumentsTest {
    private static final Map<String, String> VALID = KitchenTools.VALID_CALLS;

    @Test
    void textsThatMeanTheSameCallHaveOneCanonicalForm() throws Exception {
        String reordered = "{ \"point\" : {\"y\":3,\"x\":2.0}, \"root\":{\"children\":[{\"children\":[],\"label\":\"c\"}],"
                + "\"label\":\"r\"} }";
        assertThat(canonical(tree("tree-size", reordered))).isEqualTo(canonical(tree("tree-size", BindingTest.TREE)));
        // An explicit null and an absent optional bind alike, so they are one call.
        assertThat(canonical(tree("optionals", "{\"maybe\":null,\"nullable\":null,\"zero\":null}")))
                .isEqualTo(canonical(tree("optionals", "{}")))
                .isEqualTo("{\"zero\":0}");
        assertThat(canonical(tree("constrained", "{\"n\":5,\"code\":\"ab\",\"tags\":[\"t\"]}")))
                .isEqualTo(canonical(tree("constrained", "{\"tags\":[\"t\"],\"code\":\"ab\",\"n\":5e0}")));
    }

    @Test
    void theCanonicalFormOfTypedValuesIsTheSortedJsonOfAPlainCall() throws Exception {
        // For a call written plainly, the typed form is exactly the sorted tree: keys do not change.
        for (String tool : List.of("lead", "tree-size", "constrained")) {
            String text = VALID.get(tool);
            CanonicalWriter fromTree = new CanonicalWriter();
            fromTree.json(ArgumentTexts.STRICT.readTree(text));
            BoundCall bound = tree(tool, text);
            assertThat(canonical(bound)).as(tool).isEqualTo(fromTree.toString());
        }
        assertThat(canonical(tree("lead", BindingTest.LEAD)))
                .isEqualTo("{\"lead\":{\"address\":{\"street\":\"Rua A\",\"zip\":\"12345\"},\"name\":\"Ana\"}}");
    }

    /** What the binder binds from the text's tree, or null when the text is malformed or the arguments invalid. */
    private static BoundCall tree(String tool, String text) {
        JsonNode arguments;
        try {
            arguments = ArgumentTexts.STRICT.readTree(text);
        } catch (JacksonException e) {
            return null;
        }
        if (arguments == null || !arguments.isObject()) {
            return null;
        }
        try {
            return TOOLS.bind(tool, arguments);
        } catch (ArgumentBindingException e) {
            return null;
        }
    }

    private static String canonical(BoundCall call) {
        CanonicalWriter out = new CanonicalWriter();
        ((CanonicalArguments) call).writeCanonical(out);
        return out.toString();
    }
}
