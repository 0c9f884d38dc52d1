package dev.idem.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Generated output is reviewed as golden files, is byte-identical across compilations, needs no
 * reflection, and compiles without warnings under -Xlint:all.
 * Set -Didem.updateGolden=true to rewrite the golden files after an intended change.
 */
class GeneratedOutputTest {
    private static final String SOURCE = "test/Kitchen_ToolSet.java";
    private static final String RESOURCE = "META-INF/idem/tools/test.Kitchen.json";

    @Test
    void generatedSourceAndResourceMatchTheGoldenFiles() throws IOException {
        Compilation compilation = KitchenTools.COMPILATION;
        assertGolden("golden/Kitchen_ToolSet.java.txt", Compile.generatedText(compilation, JavaFileObject.Kind.SOURCE, SOURCE));
        assertGolden("golden/test.Kitchen.json", Compile.generatedText(compilation, JavaFileObject.Kind.OTHER, RESOURCE));
    }

    @Test
    void theSameInputCompiledTwiceGivesByteIdenticalOutput() {
        Compilation again = Compile.compile(KitchenTools.SOURCE);
        assertThat(Compile.generatedText(again, JavaFileObject.Kind.SOURCE, SOURCE))
                .isEqualTo(Compile.generatedText(KitchenTools.COMPILATION, JavaFileObject.Kind.SOURCE, SOURCE));
        assertThat(Compile.generatedText(again, JavaFileObject.Kind.OTHER, RESOURCE))
                .isEqualTo(Compile.generatedText(KitchenTools.COMPILATION, JavaFileObject.Kind.OTHER, RESOURCE));
    }

    @Test
    void generatedSourcesUseNoReflection() {
        String source = Compile.generatedText(KitchenTools.COMPILATION, JavaFileObject.Kind.SOURCE, SOURCE);
        assertThat(source).doesNotContain("java.lang.reflect", "Class.forName", "getMethod", "getDeclared", "newInstance");
    }

    @Test
    void generatedCodeImportsOnlyTheGeneratedContractThePublicApiAnnotationsAndJackson() {
        String source = Compile.generatedText(KitchenTools.COMPILATION, JavaFileObject.Kind.SOURCE, SOURCE);
        assertThat(source.lines().filter(line -> line.startsWith("import ")))
                .allSatisfy(line -> assertThat(line).matches(
                        "import (dev\\.idem\\.generated|dev\\.idem\\.tool|dev\\.idem|tools\\.jackson(\\.[a-z]+)*|java(x)?(\\.[a-z]+)*|test)\\.[A-Z][A-Za-z]*;"));
        assertThat(source).doesNotContain("dev.idem.internal");
    }

    @Test
    void strictSchemaIsWrittenOnlyWhenItDiffersFromTheInputSchema() {
        String source = Compile.generatedText(KitchenTools.COMPILATION, JavaFileObject.Kind.SOURCE, SOURCE);
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
    }

    @Test
    void factoriesAreRegisteredForServiceLoaderSorted() {
        String services = Compile.generatedText(KitchenTools.COMPILATION, JavaFileObject.Kind.OTHER,
                "META-INF/services/dev.idem.tool.ToolSetFactory");
        assertThat(services).isEqualTo("test.Kitchen_ToolSet$Factory\n");
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
