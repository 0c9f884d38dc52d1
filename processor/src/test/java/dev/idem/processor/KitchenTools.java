package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;

/** {@code Kitchen.java} (every supported type), compiled once by the processor and loaded. */
final class KitchenTools {
    static final JsonMapper JSON = JsonMapper.builder().build();
    static final JavaFileObject SOURCE = JavaFileObjects.forResource("tools/Kitchen.java");
    static final Compilation COMPILATION = Compile.compile(SOURCE);
    static final ClassLoader LOADER;
    static final ToolSet TOOLS;
    private static final Class<?> KITCHEN;
    /** A valid argument text for each Kitchen tool that takes arguments, by tool name, in name order. */
    static final Map<String, String> VALID_CALLS = new TreeMap<>(Map.of(
            "scalars", BindingTest.SCALARS,
            "lead", BindingTest.LEAD,
            "containers", BindingTest.CONTAINERS,
            "tree-size", BindingTest.TREE,
            "constrained", BindingTest.CONSTRAINED,
            "optionals", "{\"maybe\":\"m\",\"nullable\":\"n\",\"zero\":3,\"none\":4}",
            "later", "{}",
            "nothing", "{}"));

    static {
        assertThat(COMPILATION).succeeded();
        LOADER = Compile.loader(COMPILATION);
        try {
            KITCHEN = LOADER.loadClass("test.Kitchen");
            Class<?> set = LOADER.loadClass("test.Kitchen_ToolSet");
            TOOLS = (ToolSet) set.getMethod("of", KITCHEN).invoke(null, KITCHEN.getConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private KitchenTools() {}

    static JsonNode run(String tool, String arguments) throws Exception {
        return TOOLS.bind(tool, JSON.readTree(arguments)).run(ToolContext.of("c1", tool, "k1")).toCompletableFuture().join();
    }

    static int calls() throws ReflectiveOperationException {
        return KITCHEN.getField("calls").getInt(null);
    }
}
