package dev.idem.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The testkit stands outside the runtime: it uses the runtime's API, never its internals. */
class TestkitArchitectureTest {
    private static final JavaClasses TESTKIT = new ClassFileImporter().importPath(Path.of("target", "classes"));

    @Test
    void theTestkitNeverImportsTheRuntimesInternalPackages() {
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.idem.internal..")
                .because("dev.idem.internal.. has no compatibility promise, and the testkit ships on its own")
                .check(TESTKIT);
    }

    @Test
    void theTestkitNeverReachesIntoTheClientItServes() {
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.idem.openai..")
                .because("the server speaks the wire format itself, so a round trip tests both sides")
                .check(TESTKIT);
    }
}
