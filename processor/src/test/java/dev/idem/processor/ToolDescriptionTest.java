package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** What the model reads about a tool: the whole Javadoc main description, unless @Tool says otherwise. */
class ToolDescriptionTest {

    private static JsonNode tool(Compilation compilation, int index) {
        assertThat(compilation).succeeded();
        String json = Compile.generatedText(compilation, JavaFileObject.Kind.OTHER, "META-INF/idem/tools/test.Bank.json");
        return KitchenTools.JSON.readTree(json).get("tools").get(index);
    }

    @Test
    void theWholeJavadocMainDescriptionIsTheToolDescriptionNotJustItsFirstSentence() {
        Compilation compilation = Compile.compile(Compile.source("test.Bank",
                "package test;",
                "import dev.idem.*;",
                "public class Bank {",
                "    /**",
                "     * Schedules a Pix transfer.",
                "     * <p>Not safe to repeat without the same {@code key}:",
                "     * the bank would pay twice.",
                "     *",
                "     * @param key the receiver's Pix key",
                "     */",
                "    @Tool public int pix(String key) { return 1; }",
                "}"));
        JsonNode pix = tool(compilation, 0);
        assertThat(pix.get("description").asString())
                .isEqualTo("Schedules a Pix transfer. Not safe to repeat without the same key: the bank would pay twice.");
        assertThat(pix.at("/inputSchema/properties/key/description").asString()).isEqualTo("the receiver's Pix key");
    }

    @Test
    void anExplicitDescriptionWinsOverTheJavadoc() {
        Compilation compilation = Compile.compile(Compile.source("test.Bank",
                "package test;",
                "import dev.idem.*;",
                "public class Bank {",
                "    /** Schedules a Pix transfer. Internal notes. */",
                "    @Tool(description = \"Pays a Pix key.\") public int pix(String key) { return 1; }",
                "}"));
        assertThat(tool(compilation, 0).get("description").asString()).isEqualTo("Pays a Pix key.");
    }
}
