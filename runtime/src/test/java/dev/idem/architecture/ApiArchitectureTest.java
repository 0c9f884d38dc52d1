package dev.idem.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.constructors;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The API and the engine apart (docs/building.md, "The public API"): what users write and read
 * lives in the exported packages, what runs a call in {@code dev.idem.internal.call}, which no
 * module exports. Public types take values users have, never the engine's parts. Reads the
 * runtime's own main classes.
 */
class ApiArchitectureTest {
    private static final JavaClasses RUNTIME = new ClassFileImporter().importPath(Path.of("target", "classes"));
    private static final String TOOL = "dev.idem.tool";
    /** The packages the runtime exports to everyone, but the generated code's contract. */
    private static final Set<String> API = Set.of(TOOL, TOOL + ".content", TOOL + ".exchange", "dev.idem.journal",
            "dev.idem.state", "dev.idem.retry");

    @Test
    void theToolPackageHoldsOnlyWhatUsersWriteAndRead() {
        classes().that().resideInAPackage(TOOL).and().areTopLevelClasses()
                .and().doNotHaveSimpleName("package-info").should().bePublic()
                .because("a class users cannot name is the engine's: it lives in dev.idem.internal.call, not beside"
                        + " the API")
                .check(RUNTIME);
    }

    @Test
    void publicApiTakesAndGivesNoEngineType() {
        DescribedPredicate<JavaClass> engine = DescribedPredicate.describe("of the engine",
                type -> type.getPackageName().startsWith("dev.idem.internal")
                        || type.getPackageName().equals("java.util.concurrent.atomic"));
        methods().that().areDeclaredInClassesThat(inTheApi()).and().arePublic()
                .should(notMention(engine)).check(RUNTIME);
        constructors().that().areDeclaredInClassesThat(inTheApi()).and().arePublic()
                .should(notMention(engine)).check(RUNTIME);
        fields().that().areDeclaredInClassesThat(inTheApi()).and().arePublic()
                .should().notHaveRawType(engine).check(RUNTIME);
    }

    @Test
    void aToolDescriptorIsMadeByItsBuilderAlone() {
        constructors().that().areDeclaredIn("dev.idem.tool.ToolDescriptor").should().bePrivate()
                .because("a descriptor grows by named builder methods, never by position: generated code and users"
                        + " build it the same way")
                .check(RUNTIME);
    }

    @Test
    void aToolContextIsImmutable() {
        fields().that().areDeclaredInClassesThat().areAssignableTo("dev.idem.tool.ToolContext").and().areNotStatic()
                .should().beFinal()
                .because("a body's context is one value per body run; a transaction's connection is a new context")
                .check(RUNTIME);
        assertThat(RUNTIME.get("dev.idem.tool.ToolContext").isInterface()).isTrue();
    }

    @Test
    void aToolCallCarriesNoLiveHandle() {
        noClasses().that().haveFullyQualifiedName("dev.idem.tool.ToolCall").should()
                .dependOnClassesThat().resideInAPackage(TOOL + ".exchange")
                .because("a call is the model's request, a value; the client's exchange travels beside it")
                .check(RUNTIME);
    }

    @Test
    void resultFactoriesSayWhatTheyMeanWithoutFlags() {
        methods().that().areDeclaredIn("dev.idem.tool.ToolResult").and().arePublic().and().areStatic()
                .should(takeNoBooleans())
                .because("ToolResult.error(..., true, false, ...) cannot be read; outcomeUnknown(...) and"
                        + " stillRunning(...) can")
                .check(RUNTIME);
    }

    private static DescribedPredicate<JavaClass> inTheApi() {
        return DescribedPredicate.describe("are public types of the API", type -> API.contains(type.getPackageName())
                && type.getModifiers().contains(JavaModifier.PUBLIC));
    }

    private static ArchCondition<JavaCodeUnit> notMention(DescribedPredicate<JavaClass> engine) {
        return new ArchCondition<>("take and return no type " + engine.getDescription()) {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                Set<JavaClass> mentioned = new java.util.HashSet<>(unit.getRawParameterTypes());
                mentioned.add(unit.getRawReturnType());
                for (JavaClass type : mentioned) {
                    if (engine.test(type)) {
                        events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " mentions " + type.getName()));
                    }
                }
            }
        };
    }

    private static ArchCondition<JavaCodeUnit> takeNoBooleans() {
        return new ArchCondition<>("take no boolean parameter") {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                if (unit.getRawParameterTypes().stream().anyMatch(type -> type.getName().equals("boolean"))) {
                    events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " takes a boolean"));
                }
            }
        };
    }
}
