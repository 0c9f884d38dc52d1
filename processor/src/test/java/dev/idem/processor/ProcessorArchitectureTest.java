package dev.idem.processor;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The processor reads as a pipeline: packages depend only downstream (no cycles), {@code base}
 * depends on no stage, and only validation (plus the processing step, for deferral and internal
 * errors) raises diagnostics. Every package has a {@code package-info.java}.
 */
class ProcessorArchitectureTest {
    // the module's own classes only: scanning the whole test classpath is slow
    private static final JavaClasses PROCESSOR = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(Path.of("target", "classes"));

    @Test
    void processorPackagesHaveNoCycles() {
        slices().matching("dev.idem.processor.(*)..").should().beFreeOfCycles().check(PROCESSOR);
    }

    @Test
    void modelNeverImportsValidation() {
        noClasses().that().resideInAPackage("dev.idem.processor.model..")
                .should().dependOnClassesThat().resideInAPackage("dev.idem.processor.validation..")
                .because("the model is built from input validation already accepted")
                .check(PROCESSOR);
    }

    @Test
    void baseDependsOnNoStage() {
        noClasses().that().resideInAPackage("dev.idem.processor.base..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.idem.processor.model..",
                        "dev.idem.processor.validation..", "dev.idem.processor.schema..", "dev.idem.processor.writing..",
                        "dev.idem.processor.processingstep..")
                .check(PROCESSOR);
    }

    @Test
    void everyProcessorPackageSaysWhatItIsFor() throws IOException {
        Path root = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(root)) {
            Set<Path> packages = files.filter(file -> file.toString().endsWith(".java"))
                    .map(Path::getParent)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(packages).isNotEmpty().allSatisfy(dir ->
                    assertThat(dir.resolve("package-info.java")).as(root.relativize(dir).toString()).exists());
        }
    }

    @Test
    void onlyValidationRaisesDiagnostics() {
        noClasses().that().resideInAnyPackage("dev.idem.processor.model..", "dev.idem.processor.schema..",
                        "dev.idem.processor.writing..")
                .should().dependOnClassesThat().belongToAnyOf(Diagnostic.class, Report.class)
                .because("every rule is raised in one place, by validation")
                .check(PROCESSOR);
    }
}
