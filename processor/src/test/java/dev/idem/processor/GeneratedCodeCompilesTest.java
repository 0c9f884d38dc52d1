package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.json.JsonMapper;
import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An edge corpus of tool classes: every generated source compiles under {@code -Xlint:all -Werror},
 * and every descriptor resource is valid JSON, or the processor answers with a precise
 * {@code [Idem/...]} error and never an internal error.
 */
class GeneratedCodeCompilesTest {

    private static JavaFileObject tools(String... body) {
        return Compile.toolsClass("import java.util.concurrent.*;", body);
    }

    static Stream<Arguments> compilingCorpus() {
        return Stream.of(
                Arguments.of("parameters named like generated locals", List.of(tools(
                        "/** A. */ @Tool public int a(int reader, int reader_, int arguments, int context, int node, int path,"
                                + " int problems, int instance, int value, int object, int n0, int p0, int e0, int r0) { return 1; }"))),
                Arguments.of("async parameter named like the result lambda", List.of(tools(
                        "/** A. */ @Tool public CompletionStage<Integer> a(int r0, int r1) { return CompletableFuture.completedFuture(r0); }"))),
                Arguments.of("record components named like generated locals", List.of(tools(
                        "public record Box(int reader, int reader_, int node, int path, int problems, int n0) {}",
                        "/** A. */ @Tool public int a(Box box) { return 1; }"))),
                Arguments.of("two types with the same simple name", List.of(tools(
                        "public static class A { public record Item(int x) {} }",
                        "public static class B { public record Item(String y) {} }",
                        "public record test_Tools_B_Item(long z) {}",
                        "/** A. */ @Tool public int a(test_Tools_B_Item first, A.Item one, B.Item two) { return 1; }"))),
                Arguments.of("records whose names differ only in characters outside Java identifiers' ASCII", List.of(tools(
                        "public record Café(int x) {}",
                        "public record Cafè(int y) {}",
                        "public record A$B(int x) {}",
                        "public record A_B(int y) {}",
                        "/** A. */ @Tool public int a(Café one, Cafè two, A$B three, A_B four) { return 1; }",
                        "/** B. */ @Tool public Café b(Cafè one) { return null; }",
                        "/** C. */ @Tool public Cafè c(Café one) { return null; }"))),
                Arguments.of("tool named with an underscore only", List.of(tools(
                        "/** A. */ @Tool(name = \"_\") public int a() { return 1; }",
                        "/** B. */ @Tool(name = \"__\") public int b() { return 1; }",
                        "/** C. */ @Tool(name = \"-\") public int c() { return 1; }",
                        "/** D. */ @Tool(name = \"DESCRIPTORS\") public int d() { return 1; }",
                        "/** E. */ @Tool(name = \"9\") public int e() { return 1; }"))),
                Arguments.of("constraints with infinite bounds", List.of(tools(
                        "/** A. */ @Tool public int a(@Param(min = Double.NEGATIVE_INFINITY, max = Double.POSITIVE_INFINITY) double x) { return 1; }"))));
    }

    static Stream<Arguments> refusedCorpus() {
        return Stream.of(
                Arguments.of("NaN as min", "InvalidBound", 8, List.of(tools(
                        "/** A. */ @Tool public int a(@Param(min = Double.NaN) double x) { return 1; }"))),
                Arguments.of("NaN as max", "InvalidBound", 8, List.of(tools(
                        "/** A. */ @Tool public int a(@Param(max = 0.0 / 0.0) double x) { return 1; }"))),
                Arguments.of("+Infinity as min", "InvalidBound", 8, List.of(tools(
                        "/** A. */ @Tool public int a(@Param(min = Double.POSITIVE_INFINITY) double x) { return 1; }"))),
                Arguments.of("non-static inner class as a parameter type", "UnsupportedParameterType", 9, List.of(tools(
                        "public class Inner { public final int x; public Inner(int x) { this.x = x; } }",
                        "/** A. */ @Tool public int a(Inner inner) { return 1; }"))),
                Arguments.of("hand-written class with the generated name", "ToolSetNameClash", 7, List.of(tools(
                        "/** A. */ @Tool public int a() { return 1; }"),
                        Compile.source("test.Tools_ToolSet", "package test;", "class Tools_ToolSet {}"))),
                Arguments.of("A.B_C and A_B.C flatten to the same tool set name", "ToolSetNameClash", 0, List.of(
                        Compile.source("test.A", "package test;", "import dev.idem.*;", "public class A {",
                                "/** Nested. */ public static class B_C { /** A. */ @Tool public int a() { return 1; } }", "}"),
                        Compile.source("test.A_B", "package test;", "import dev.idem.*;", "public class A_B {",
                                "/** Nested. */ public static class C { /** B. */ @Tool public int b() { return 1; } }", "}"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedCorpus")
    void whatCannotBeGeneratedIsAPreciseErrorNeverAnInternalOne(String name, String id, int line,
            List<JavaFileObject> sources) {
        Compilation compilation = Compile.compile(sources.toArray(JavaFileObject[]::new));
        assertThat(compilation).failed();
        if (line > 0) {
            assertThat(compilation).hadErrorContaining("[Idem/" + id + "]").inFile(sources.get(0)).onLine(line);
        } else {
            assertThat(compilation).hadErrorContaining("[Idem/" + id + "]");
        }
        assertThat(compilation.errors()).noneSatisfy(error ->
                assertThat(error.getMessage(null)).contains("[Idem/InternalError]"));
        assertThat(compilation.errors()).allSatisfy(error ->
                assertThat(String.valueOf(error.getSource())).doesNotContain("SOURCE_OUTPUT"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compilingCorpus")
    void generatedSourcesCompileWithAllLintWarningsAsErrorsAndTheResourceIsJson(String name, List<JavaFileObject> sources)
            throws IOException {
        Compilation compilation = javac().withProcessors(Compile.processors())
                .withOptions("-Xlint:all", "-Werror")
                .compile(sources);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedSourceFiles()).isNotEmpty();
        JsonMapper json = JsonMapper.builder().build();
        int resources = 0;
        for (JavaFileObject file : compilation.generatedFiles()) {
            if (file.getKind() == JavaFileObject.Kind.OTHER && file.toUri().getPath().contains("META-INF/idem/tools/")) {
                json.readTree(file.getCharContent(true).toString());
                resources++;
            }
        }
        assertThat(resources).isPositive();
    }
}
