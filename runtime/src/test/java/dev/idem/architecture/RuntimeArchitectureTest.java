package dev.idem.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages read like a table of contents and depend on each other in one
 * direction. Imports the runtime's own main classes only (not the annotations, not tests).
 */
class RuntimeArchitectureTest {
    private static final JavaClasses RUNTIME = new ClassFileImporter().importPath(Path.of("target", "classes"));

    @Test
    void runtimePackagesHaveNoCycles() {
        slices().matching("dev.idem.(**)").should().beFreeOfCycles()
                .because("each package builds on the ones below it, never on one above")
                .check(RUNTIME);
    }

    @Test
    void providerClientsNeedOnlyTheProviderSpi() {
        noClasses().that().resideInAnyPackage("dev.idem.openai..", "dev.idem.llm.scripted..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.idem.llm.failover..", "dev.idem.agent..")
                .because("a provider reports failures with the SPI's exceptions; deciding about them is the driver's job")
                .check(RUNTIME);
    }

    @Test
    void theInternalPackagesBuildOnNothingButTheToolApi() {
        noClasses().that().resideInAPackage("dev.idem.internal..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.idem.agent..", "dev.idem.llm..",
                        "dev.idem.openai..", "dev.idem.task..", "dev.idem.state..")
                .check(RUNTIME);
    }

    /**
     * The README's module map already shows the runtime split in three: its {@code runtime/},
     * {@code agent/} and {@code openai/} rows together list exactly the packages this module holds
     * today (each row alone, once the modules are split).
     */
    @Test
    void theReadmesPackageMapListsExactlyTheRuntimesPackages() {
        Set<String> packages = RUNTIME.stream().map(JavaClass::getPackageName)
                .filter(name -> !name.startsWith("dev.idem.internal"))
                .collect(Collectors.toCollection(TreeSet::new));
        String runtimeRow = row("runtime/");
        Set<String> listed = new TreeSet<>();
        Matcher named = Pattern.compile("`(dev\\.idem\\.[a-z.]+?)`").matcher(runtimeRow + row("agent/") + row("openai/"));
        while (named.find()) {
            if (!named.group(1).startsWith("dev.idem.internal")) { // listed as one: `dev.idem.internal..`
                listed.add(named.group(1));
            }
        }

        assertThat(listed).isEqualTo(packages);
        assertThat(runtimeRow).contains("`dev.idem.internal..` is not API");
        assertThat(RUNTIME.stream().map(JavaClass::getPackageName)).contains("dev.idem.internal", "dev.idem.internal.binding");
    }

    /**
     * Every package of the runtime, the samples and the testkit says what it is for. Read from the
     * source folders of the reactor (this module's siblings), since a package-info without
     * annotations leaves no class file to import.
     */
    @Test
    void everyPackageOfTheRuntimeSamplesAndTestkitHasAPackageInfo() throws IOException {
        for (String module : List.of("runtime", "samples", "testkit")) {
            Path sources = Path.of("..", module, "src", "main", "java");
            assertThat(sources).as(module).isDirectory();
            try (Stream<Path> files = Files.walk(sources)) {
                Set<Path> packages = files.filter(file -> file.toString().endsWith(".java"))
                        .map(Path::getParent).collect(Collectors.toSet());
                assertThat(packages).as(module).isNotEmpty();
                for (Path folder : packages) {
                    assertThat(folder.resolve("package-info.java")).as("package-info of %s", folder).isRegularFile();
                }
            }
        }
    }

    private static String row(String folder) {
        return readme().stream().filter(line -> line.startsWith("| `" + folder + "` |")).findFirst()
                .orElseThrow(() -> new AssertionError("README's module table has no " + folder + " row"));
    }

    private static List<String> readme() {
        try {
            return Files.readAllLines(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
