package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Idem reads the constructors and getters Lombok writes into a class, whichever of the two
 * processors javac asks first; and when Lombok never runs, the tool that needs its members is a
 * compile error saying so, on the parameter or method that uses the class.
 */
class LombokOrderTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final JavaFileObject POINT = Compile.source("test.Point",
            "package test;",
            "import lombok.Value;",
            "/** A point on the grid. */",
            "@Value",
            "public class Point {",
            "    int x;",
            "    int y;",
            "}");

    private static final JavaFileObject GEO = Compile.source("test.Geo",
            "package test;",
            "import dev.idem.Tool;",
            "/** Geometry. */",
            "public class Geo {",
            "    /** Moves a point one step east. @param p the point */",
            "    @Tool(readOnly = true)",
            "    public Point east(Point p) {",
            "        return new Point(p.getX() + 1, p.getY());",
            "    }",
            "    /** The origin. */",
            "    @Tool(readOnly = true)",
            "    public Point origin() {",
            "        return new Point(0, 0);",
            "    }",
            "}");

    @Test
    void lombokValueClassesBindAndEncodeWhenLombokRunsFirst() throws Exception {
        Compilation compilation = compile(lombok(), Compile.processors());

        assertBindsAndEncodesPoints(compilation);
    }

    @Test
    void lombokValueClassesBindAndEncodeWhenIdemRunsFirst() throws Exception {
        Compilation compilation = compile(Compile.processors(), lombok());

        assertBindsAndEncodesPoints(compilation);
    }

    @Test
    void lombokAnnotatedTypeWhoseMembersLombokNeverWroteIsACompileErrorOnItsUse() {
        JavaFileObject geo = Compile.source("test.Geo",
                "package test;",
                "import dev.idem.Tool;",
                "/** Geometry. */",
                "public class Geo {",
                "    /** Moves a point one step east. @param p the point */",
                "    @Tool(readOnly = true)",
                "    public Point east(Point p) {",
                "        return p;",
                "    }",
                "    /** The origin. */",
                "    @Tool(readOnly = true)",
                "    public Point origin() {",
                "        return null;",
                "    }",
                "}");

        Compilation compilation = compile(Compile.processors(), List.of(), geo);

        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("[Idem/LombokNotApplied] test.Point is annotated @lombok.Value")
                .inFile(geo).onLine(7);
        assertThat(compilation).hadErrorContaining("before idem-processor in annotationProcessorPaths")
                .inFile(geo).onLine(7);
        assertThat(compilation).hadErrorContaining("[Idem/LombokNotApplied] test.Point is annotated @lombok.Value")
                .inFile(geo).onLine(12);
    }

    private static void assertBindsAndEncodesPoints(Compilation compilation) throws Exception {
        assertThat(compilation).succeededWithoutWarnings();
        ClassLoader loader = Compile.loader(compilation);
        Class<?> geo = loader.loadClass("test.Geo");
        ToolSet tools = (ToolSet) loader.loadClass("test.Geo_ToolSet").getMethod("of", geo)
                .invoke(null, geo.getConstructor().newInstance());

        // an object, not the text "Point(x=2, y=2)" of Lombok's toString()
        assertThat(run(tools, "east", "{\"p\":{\"x\":1,\"y\":2}}").toString()).isEqualTo("{\"x\":2,\"y\":2}");
        assertThat(run(tools, "origin", "{}").toString()).isEqualTo("{\"x\":0,\"y\":0}");
    }

    private static JsonNode run(ToolSet tools, String tool, String arguments) throws Exception {
        return tools.bind(tool, JSON.readTree(arguments)).run(ToolContext.of("c1", tool, "k1")).toCompletableFuture().join();
    }

    private static Compilation compile(List<Processor> first, List<Processor> then) {
        return compile(first, then, GEO);
    }

    private static Compilation compile(List<Processor> first, List<Processor> then, JavaFileObject tools) {
        List<Processor> processors = new ArrayList<>(first);
        processors.addAll(then);
        return javac().withProcessors(processors).withOptions(Compile.LINT).compile(POINT, tools);
    }

    /** Lombok's processors, new instances, in its service file's order (as javac finds them on the processor path). */
    private static List<Processor> lombok() {
        List<Processor> lombok = ServiceLoader.load(Processor.class, LombokOrderTest.class.getClassLoader()).stream()
                .filter(provider -> provider.type().getName().startsWith("lombok."))
                .map(ServiceLoader.Provider::get)
                .toList();
        assertThat(lombok).isNotEmpty();
        return lombok;
    }
}
