package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code title}, {@code destructive} and {@code openWorld}, which Idem cannot infer, reach the
 * generated descriptors and the descriptor resource; left at their defaults they change nothing.
 */
class ClientHintsTest {
    private static final JavaFileObject SOURCE = Compile.source("test.Ledger",
            "package test;",
            "import dev.idem.Tool;",
            "/** Ledger tools. */",
            "public class Ledger {",
            "    /** Adds an entry. */",
            "    @Tool(title = \"Add a ledger entry\", destructive = false, openWorld = false, idempotent = true)",
            "    public int add(int cents) { return cents; }",
            "    /** Deletes an entry. */",
            "    @Tool",
            "    public void delete(String id) { }",
            "    /** Reads the balance. */",
            "    @Tool(readOnly = true)",
            "    public int balance() { return 0; }",
            "}");

    @Test
    void declaredHintsReachTheDescriptorsAndDefaultsAreTheCautiousOnes() throws Exception {
        Compilation compilation = Compile.compile(SOURCE);
        assertThat(compilation).succeededWithoutWarnings();
        ClassLoader loader = Compile.loader(compilation);
        Class<?> ledger = loader.loadClass("test.Ledger");
        ToolSet set = (ToolSet) loader.loadClass("test.Ledger_ToolSet").getMethod("of", ledger)
                .invoke(null, ledger.getConstructor().newInstance());
        Map<String, ToolDescriptor> tools = set.descriptors().stream()
                .collect(Collectors.toMap(ToolDescriptor::name, Function.identity()));

        assertThat(tools.get("add").ownTitle()).contains("Add a ledger entry");
        assertThat(tools.get("add").destructive()).isFalse();
        assertThat(tools.get("add").openWorld()).isFalse();

        assertThat(tools.get("delete").ownTitle()).isEmpty();
        assertThat(tools.get("delete").destructive()).isTrue();
        assertThat(tools.get("delete").openWorld()).isTrue();

        assertThat(tools.get("balance").destructive()).as("read-only is never destructive").isFalse();
    }

    @Test
    void descriptorResourceListsOnlyHintsThatDifferFromTheDefaults() throws Exception {
        Compilation compilation = Compile.compile(SOURCE);
        JsonNode resource = KitchenTools.JSON.readTree(
                Compile.generatedText(compilation, JavaFileObject.Kind.OTHER, "META-INF/idem/tools/test.Ledger.json"));
        JsonNode add = resource.get("tools").get(0);
        assertThat(add.get("title").asString()).isEqualTo("Add a ledger entry");
        assertThat(add.get("destructive").asBoolean(true)).isFalse();
        assertThat(add.get("openWorld").asBoolean(true)).isFalse();
        JsonNode delete = resource.get("tools").get(1);
        assertThat(delete.has("title")).isFalse();
        assertThat(delete.has("destructive")).isFalse();
        assertThat(delete.has("openWorld")).isFalse();
    }
}
