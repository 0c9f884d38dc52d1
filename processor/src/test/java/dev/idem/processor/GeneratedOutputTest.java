package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated output is reviewed as golden files, is byte-identical across compilations, needs no
 * reflection, and compiles without warnings under -Xlint:all. Kitchen uses every supported type;
 * Ledger declares a transaction, a verifier, an approval condition and content.
 * Set -Didem.updateGolden=true to rewrite the golden files after an intended change.
 */
class GeneratedOutputTest {
    private static final Map<String, Compilation> COMPILATIONS = Map.of(
            "Kitchen", KitchenTools.COMPILATION,
            "Ledger", Compile.compile(JavaFileObjects.forResource("tools/Ledger.java")));

    private static String source(String tools) {
        return "test/" + tools + "_ToolSet.java";
    }

    private static String resource(String tools) {
        return "META-INF/idem/tools/test." + tools + ".json";
    }

    private static String generatedSource(String tools) {
        return Compile.generatedText(COMPILATIONS.get(tools), JavaFileObject.Kind.SOURCE, source(tools));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Kitchen", "Ledger"})
    void generatedSourceAndResourceMatchTheGoldenFiles(String tools) throws IOException {
        Compilation compilation = COMPILATIONS.get(tools);
        assertThat(compilation).succeeded();
        assertGolden("golden/" + tools + "_ToolSet.java.txt", generatedSource(tools));
        assertGolden("golden/test." + tools + ".json", Compile.generatedText(compilation, JavaFileObject.Kind.OTHER, resource(tools)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Kitchen", "Ledger"})
    void theSameInputCompiledTwiceGivesByteIdenticalOutput(String tools) {
        Compilation again = Compile.compile(JavaFileObjects.forResource("tools/" + tools + ".java"));
        assertThat(Compile.generatedText(again, JavaFileObject.Kind.SOURCE, source(tools))).isEqualTo(generatedSource(tools));
        assertThat(Compile.generatedText(again, JavaFileObject.Kind.OTHER, resource(tools)))
                .isEqualTo(Compile.generatedText(COMPILATIONS.get(tools), JavaFileObject.Kind.OTHER, resource(tools)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Kitchen", "Ledger"})
    void generatedSourcesUseNoReflection(String tools) {
        assertThat(generatedSource(tools)).doesNotContain("java.lang.reflect", "Class.forName", "getMethod", "getDeclared", "newInstance");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Kitchen", "Ledger"})
    void generatedCodeImportsOnlyTheGeneratedContractThePublicApiAnnotationsAndJackson(String tools) {
        String source = generatedSource(tools);
        assertThat(source.lines().filter(line -> line.startsWith("import ")))
                .allSatisfy(line -> assertThat(line).matches(
                        "import (dev\\.idem\\.generated|dev\\.idem\\.tool|dev\\.idem|tools\\.jackson(\\.[a-z]+)*|java(x)?(\\.[a-z]+)*|test)\\.[A-Z][A-Za-z]*;"));
        assertThat(source).doesNotContain("dev.idem.internal");
    }

    @Test
    void strictSchemaIsWrittenOnlyWhenItDiffersFromTheInputSchema() {
        String source = generatedSource("Kitchen");
        // 'lead' has one text for both dialects; 'optionals' has a strict text of its own.
        assertThat(source).contains(".inputSchema(", ", true)");
        assertThat(KitchenTools.TOOLS.descriptors()).allSatisfy(tool -> {
            if (tool.strictSchema() != null && tool.strictSchema().equals(tool.inputSchema())) {
                assertThat(source).doesNotContain(".strictSchema(\"" + tool.inputSchema().replace("\"", "\\\"") + "\")");
            }
        });
        assertThat(source.split("\\.strictSchema\\(", -1).length - 1).isLessThan(KitchenTools.TOOLS.descriptors().size());
    }

    @Test
    void generatedCodeCompilesWithoutWarningsOtherThanTheDocumentedResultFallback() {
        // Kitchen's Map<String, Object> result is the one intended warning (UnencodableResult).
        assertThat(KitchenTools.COMPILATION.warnings()).allSatisfy(warning ->
                assertThat(warning.getMessage(null)).contains("[Idem/UnencodableResult]"));
        // A ToolContent result is sent as its content (ResultEncoder.text): no warning, so -Werror builds compile it.
        assertThat(COMPILATIONS.get("Ledger").warnings()).isEmpty();
    }

    @Test
    void ledgerGoldenShowsATransactionAVerifierAnApprovalAndContent() {
        String source = generatedSource("Ledger");
        assertThat(source).contains(".transactional(true)", "instance.findPayment(key, ", ".requiresApproval(new Ledger.Large())",
                ".approvers(\"treasury\")",
                "ResultEncoder.text(instance.statement(");
    }

    @Test
    void toolsWhoseArgumentsReadTheSameShareOneShapeAndStillCallTheirOwnMethods() throws Exception {
        // Ledger's pay and transfer both take (to, cents); Kitchen's later and nothing take nothing.
        assertThat(generatedSource("Ledger")).contains("TRANSFER_ARGUMENTS = PAY_ARGUMENTS;")
                .contains("PAY_ARGUMENTS = Shape.arguments(", "RECORD_ARGUMENTS = Shape.arguments(");
        assertThat(generatedSource("Kitchen")).contains("NOTHING_ARGUMENTS = LATER_ARGUMENTS;");
        int before = KitchenTools.calls();
        assertThat(KitchenTools.run("nothing", "{}").isNull()).isTrue();
        assertThat(KitchenTools.calls()).isEqualTo(before + 1);
        assertThat(KitchenTools.run("later", "{}").toString()).isEqualTo("[\"RED\"]");
        assertThat(KitchenTools.calls()).isEqualTo(before + 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Kitchen", "Ledger"})
    void factoriesAreRegisteredForServiceLoaderSorted(String tools) {
        String services = Compile.generatedText(COMPILATIONS.get(tools), JavaFileObject.Kind.OTHER,
                "META-INF/services/dev.idem.tool.ToolSetFactory");
        assertThat(services).isEqualTo("test." + tools + "_ToolSet$Factory\n");
    }

    @Test
    void gradleIsToldGenerationIsIsolatingAndRegistrationAggregating() throws IOException {
        try (InputStream in = ToolProcessor.class.getResourceAsStream("/META-INF/gradle/incremental.annotation.processors")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(
                    ToolProcessor.class.getName() + ",isolating\n" + ServiceRegistrationProcessor.class.getName() + ",aggregating\n"
                            + LocalToolClassProcessor.class.getName() + ",isolating\n");
        }
    }

    private static void assertGolden(String resource, String actual) throws IOException {
        Path golden = Path.of("src/test/resources", resource);
        if (Boolean.getBoolean("idem.updateGolden") || !Files.exists(golden)) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}
