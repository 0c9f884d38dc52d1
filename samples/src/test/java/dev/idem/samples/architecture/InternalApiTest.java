package dev.idem.samples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * User code, which the samples stand for, never imports the runtime's internal packages; only the
 * code the processor generates for it ({@code *_ToolSet} and its nested factory) calls
 * {@code dev.idem.generated}, which exists for it, and no internal package either.
 */
class InternalApiTest {
    private static final String GENERATED = ".*_ToolSet(\\$.*)?";
    private static final JavaClasses SAMPLES = new ClassFileImporter().importPath(Path.of("target", "classes"));

    @Test
    void handWrittenCodeNeverImportsTheRuntimesInternalPackages() {
        noClasses().that().haveNameNotMatching(GENERATED)
                .should().dependOnClassesThat().resideInAPackage("dev.idem.internal..")
                .because("dev.idem.internal.. has no compatibility promise")
                .check(SAMPLES);
    }

    @Test
    void generatedCodeUsesTheGeneratedContractAndNoInternalPackage() {
        classes().that().haveNameMatching(".*_ToolSet")
                .should().dependOnClassesThat().resideInAPackage("dev.idem.generated")
                .because("generated binders read arguments and encode results through it")
                .check(SAMPLES);
        noClasses().that().haveNameMatching(GENERATED)
                .should().dependOnClassesThat().resideInAPackage("dev.idem.internal..")
                .because("dev.idem.generated is the one contract between generated code and the runtime")
                .check(SAMPLES);
    }
}
