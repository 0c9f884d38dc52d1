package dev.idem.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
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

    /**
     * One slice per package, but the call engine (dev.idem.internal.call) is the tool package's own:
     * kept apart so users cannot reach it, not a layer of its own (the executor starts it, it
     * hands back the API's values).
     */
    private static final SliceAssignment PACKAGES_WITH_THE_ENGINE_IN_ITS_API = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (!name.startsWith("dev.idem.")) {
                return SliceIdentifier.ignore();
            }
            return SliceIdentifier.of(name.equals("dev.idem.internal.call") ? "dev.idem.tool" : name);
        }

        @Override
        public String getDescription() {
            return "the runtime's packages, the call engine in the tool package's slice";
        }
    };

    @Test
    void runtimePackagesHaveNoCycles() {
        slices().assignedFrom(PACKAGES_WITH_THE_ENGINE_IN_ITS_API).should().beFreeOfCycles()
                .because("each package builds on the ones below it, never on one above")
                .check(RUNTIME);
    }

    @Test
    void theReadmesPackageMapListsExactlyTheRuntimesPackages() {
        Set<String> packages = RUNTIME.stream().map(JavaClass::getPackageName)
                .filter(name -> !name.startsWith("dev.idem.internal"))
                .collect(Collectors.toCollection(TreeSet::new));
        String runtimeRow = readme().stream().filter(line -> line.startsWith("| `runtime/` |")).findFirst()
                .orElseThrow(() -> new AssertionError("README's module table has no runtime row"));
        Set<String> listed = new TreeSet<>();
        Matcher named = Pattern.compile("`(dev\\.idem\\.[a-z.]+?)`").matcher(runtimeRow);
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
     * Every package of the regex engine, the runtime, the agent, the OpenAI client, the samples and the testkit says what it is for. Read from the
     * source folders of the reactor (this module's siblings), since a package-info without
     * annotations leaves no class file to import.
     */
    @Test
    void everyPackageOfTheRuntimeItsNeighboursSamplesAndTestkitHasAPackageInfo() throws IOException {
        for (String module : List.of("regex", "runtime", "agent", "openai", "samples", "testkit")) {
            Path sources = Path.of("..", module, "src", "main", "java");
            assertThat(sources).as(module).isDirectory();
            try (Stream<Path> files = Files.walk(sources)) {
                Set<Path> packages = files.filter(file -> file.toString().endsWith(".java") && !file.endsWith("module-info.java"))
                        .map(Path::getParent).collect(Collectors.toSet());
                assertThat(packages).as(module).isNotEmpty();
                for (Path folder : packages) {
                    assertThat(folder.resolve("package-info.java")).as("package-info of %s", folder).isRegularFile();
                }
            }
        }
    }

    private static List<String> readme() {
        try {
            return Files.readAllLines(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
