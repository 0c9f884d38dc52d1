package dev.idem.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The runtime must never need {@code java.lang.reflect}: tools are called by generated code. */
class RuntimeReflectionTest {
    private static final JavaClasses RUNTIME = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.idem");

    @Test
    void runtimeMainCodeNeverTouchesJavaLangReflect() {
        noClasses().should().dependOnClassesThat().resideInAPackage("java.lang.reflect..")
                .because("tools are invoked by generated code, never reflectively")
                .check(RUNTIME);
    }

    @Test
    void runtimeMainCodeNeverLoadsClassesByName() {
        noClasses().should().callMethod(Class.class, "forName", String.class)
                .orShould().callMethod(Class.class, "forName", String.class, boolean.class, ClassLoader.class)
                .orShould().callMethod(Class.class, "getMethod", String.class, Class[].class)
                .orShould().callMethod(Class.class, "getDeclaredMethod", String.class, Class[].class)
                .orShould().callMethod(Class.class, "getDeclaredConstructor", Class[].class)
                .because("discovery goes through ServiceLoader only")
                .check(RUNTIME);
    }
}
