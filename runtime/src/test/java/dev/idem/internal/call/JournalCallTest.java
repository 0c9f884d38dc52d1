package dev.idem.internal.call;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.testing.SeededTrials;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/** What the journal keeps of a result reads back as the result, whichever writer spelled it. */
class JournalCallTest {

    @Test
    void aResultRecordedAsTextReadsBackAsTheSameValue() {
        SeededTrials.run(2_000, gen -> {
            String text = gen.string(40);
            ObjectNode object = JsonNodeFactory.instance.objectNode().put("z", text).put("a", 1);
            List<JsonNode> values = List.of(StringNode.valueOf(text), IntNode.valueOf(gen.anyInt()),
                    LongNode.valueOf(gen.between(Long.MIN_VALUE, Long.MAX_VALUE)), BooleanNode.valueOf(gen.bool()),
                    NullNode.getInstance(), object);
            for (JsonNode value : values) {
                String json = JournalCall.jsonOf(value);
                assertThat(JournalCall.valueOf(json)).as("%s read back as %s", escaped(json), escaped(JournalCall.valueOf(json).toString())).isEqualTo(value);
            }
        });
    }

    private static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        text.chars().forEach(c -> out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\u%04x", c)));
        return out.toString();
    }

    @Test
    void aStringResultIsTheQuotedStringAndAnObjectKeepsItsOrderAndNumbers() {
        assertThat(JournalCall.jsonOf(StringNode.valueOf("LA3456/2/BUSINESS"))).isEqualTo("\"LA3456/2/BUSINESS\"");
        assertThat(JournalCall.jsonOf(JsonNodeFactory.instance.objectNode().put("z", 1.0).put("a", 2)))
                .isEqualTo("{\"z\":1.0,\"a\":2}");
    }
}
