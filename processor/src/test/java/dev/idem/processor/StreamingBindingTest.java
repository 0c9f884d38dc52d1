package dev.idem.processor;

import static dev.idem.processor.KitchenTools.TOOLS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.canonical.CanonicalArguments;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated streaming binder is a fast path only: whatever it binds, the tree binder binds
 * too, to the same values, and both spell those values in the same canonical form (the key). A
 * seeded generator ({@link ArgumentTexts}) mutates valid calls of every supported type (missing,
 * unknown, null and wrongly typed values, other number spellings, duplicate keys, trailing text,
 * cut-off text) and compares the two binders on each.
 */
class StreamingBindingTest {
    /**
     * Reads the text as the executor's one-pass path does: duplicate keys are the binders' to catch
     * (bit masks, map keys), JSON values fail on them themselves.
     */
    private static final JsonMapper STREAM = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final Map<String, String> VALID = KitchenTools.VALID_CALLS;
    /** Tools whose valid call holds a set (containers): the tree binder's alone. */
    private static final Set<String> CHECKED_BY_TREE = Set.of("containers");
    private static final int MUTATIONS = 4_000;

    @Test
    void theStreamBindsEveryValidCallWithoutSetsOnItsOwnToWhatTheTreeBinds() throws Exception {
        for (Map.Entry<String, String> valid : VALID.entrySet()) {
            if (CHECKED_BY_TREE.contains(valid.getKey())) {
                continue;
            }
            BoundCall streamed = stream(valid.getKey(), valid.getValue());
            BoundCall tree = tree(valid.getKey(), valid.getValue());
            assertThat(streamed).as(valid.getKey()).isNotNull();
            assertSame(valid.getKey() + " " + valid.getValue(), streamed, tree);
        }
    }

    @Test
    void theStreamDefersEverySetToTheTreeBinder() {
        for (String tool : CHECKED_BY_TREE) {
            assertThat(tree(tool, VALID.get(tool))).as("the tree binds %s", tool).isNotNull();
            assertThat(stream(tool, VALID.get(tool))).as("the stream defers %s", tool).isNull();
        }
    }

    @Test
    void theStreamChecksRangesLengthsAndItemCountsAsTheTreeDoesAndHandsWhatTheyRefuseToIt() throws Exception {
        // constrained(@Param(min = 1, max = 10) long n, @Param(minLength = 2, maxLength = 3) String code,
        //             @Param(minItems = 1, maxItems = 2) List<String> tags)
        List<String> withinBounds = List.of(
                "{\"n\":1,\"code\":\"ab\",\"tags\":[\"t\"]}",
                "{\"n\":10,\"code\":\"abc\",\"tags\":[\"t\",\"u\"]}",
                "{\"n\":1.0e1,\"code\":\"\uD83D\uDE00\uD83D\uDE00\",\"tags\":[\"t\"]}"); // 2 code points, 4 chars
        for (String text : withinBounds) {
            BoundCall streamed = stream("constrained", text);
            assertThat(streamed).as("the stream binds %s", text).isNotNull();
            assertSame(text, streamed, tree("constrained", text));
        }
        List<String> outOfBounds = List.of(
                "{\"n\":0,\"code\":\"ab\",\"tags\":[\"t\"]}",
                "{\"n\":11,\"code\":\"ab\",\"tags\":[\"t\"]}",
                "{\"n\":10.5,\"code\":\"ab\",\"tags\":[\"t\"]}",
                "{\"n\":5,\"code\":\"a\",\"tags\":[\"t\"]}",
                "{\"n\":5,\"code\":\"abcd\",\"tags\":[\"t\"]}",
                "{\"n\":5,\"code\":\"ab\",\"tags\":[]}",
                "{\"n\":5,\"code\":\"ab\",\"tags\":[\"t\",\"u\",\"v\"]}");
        for (String text : outOfBounds) {
            assertThat(stream("constrained", text)).as("the stream hands %s to the tree", text).isNull();
            assertThat(tree("constrained", text)).as("the tree refuses %s", text).isNull();
        }
    }

    @Test
    void whateverTheStreamBindsTheTreeBindsToTheSameValues() throws Exception {
        Random random = new Random(20_251_201L);
        List<String> tools = new ArrayList<>(VALID.keySet());
        Collections.sort(tools);
        int streamed = 0;
        int refused = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            String tool = tools.get(random.nextInt(tools.size()));
            String text = ArgumentTexts.mutate(VALID.get(tool), random);
            BoundCall fast = stream(tool, text);
            BoundCall tree = tree(tool, text);
            if (fast != null) {
                streamed++;
                assertThat(tree).as("the tree binder refused what the stream bound: %s %s", tool, text).isNotNull();
                assertSame(tool + " " + text, fast, tree);
            } else if (tree == null) {
                refused++;
            }
        }
        // The generator must reach both sides, or the comparison proves nothing.
        assertThat(streamed).as("texts the stream bound").isGreaterThan(MUTATIONS / 10);
        assertThat(refused).as("texts both refused").isGreaterThan(MUTATIONS / 10);
    }

    @Test
    void textsThatMeanTheSameCallHaveOneCanonicalForm() throws Exception {
        String reordered = "{ \"point\" : {\"y\":3,\"x\":2.0}, \"root\":{\"children\":[{\"children\":[],\"label\":\"c\"}],"
                + "\"label\":\"r\"} }";
        assertThat(canonical(stream("tree-size", reordered))).isEqualTo(canonical(stream("tree-size", BindingTest.TREE)));
        // An explicit null and an absent optional bind alike, so they are one call.
        assertThat(canonical(tree("optionals", "{\"maybe\":null,\"nullable\":null,\"zero\":null}")))
                .isEqualTo(canonical(stream("optionals", "{}")))
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
            BoundCall bound = CHECKED_BY_TREE.contains(tool) ? tree(tool, text) : stream(tool, text);
            assertThat(canonical(bound)).as(tool).isEqualTo(fromTree.toString());
        }
        assertThat(canonical(tree("lead", BindingTest.LEAD)))
                .isEqualTo("{\"lead\":{\"address\":{\"street\":\"Rua A\",\"zip\":\"12345\"},\"name\":\"Ana\"}}");
    }

    private static void assertSame(String what, BoundCall streamed, BoundCall tree) throws Exception {
        assertThat(canonical(streamed)).as("canonical form of %s", what).isEqualTo(canonical(tree));
        assertThat(result(streamed)).as("result of %s", what).isEqualTo(result(tree));
    }

    /** What the executor's fast path gets: a call, or null when the stream defers or the text is not one object. */
    private static BoundCall stream(String tool, String text) {
        try (JsonParser parser = STREAM.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            BoundCall call = TOOLS.bindStreaming(tool, parser);
            return call != null && parser.nextToken() == null ? call : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** What the tree binder binds, or null when the text is malformed or the arguments invalid. */
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

    private static JsonNode result(BoundCall call) throws Exception {
        return call.run(ToolContext.of("c1", "tool", "k1")).toCompletableFuture().join();
    }
}
