package dev.idem.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A tool call is data handed from stage to stage (DESIGN.md section 3): the preparation makes a
 * prepared call, the journal step a journaled call, the attempts a result. Each stage knows the
 * values it is given and the stages after it, never the run or the stage that called it, and keeps
 * nothing of the call in fields it could change. Reads the runtime's own main classes.
 */
class CallStagesArchitectureTest {
    private static final JavaClasses RUNTIME = new ClassFileImporter().importPath(Path.of("target", "classes"));
    private static final String TOOL = "dev.idem.tool.";

    /** What runs one call, and the values its stages hand on. */
    private static final Set<String> STAGES = Set.of("CallExecution", "CallPreparation", "Preparation", "PreparedCall",
            "CallRefusals", "CallAttempts", "AttemptHistory", "AttemptOutcome", "BodyRun", "JournalStep",
            "JournalAccess", "JournaledCall", "RunMemory", "ExecutorSettings");
    /** Who starts calls: the executor and its runs. */
    private static final Set<String> CALLERS = Set.of("ToolExecutor", "ToolRun", "IntentRuns");
    /**
     * Stages that hold nothing the call could change: the journaled call alone keeps state, the
     * lease it holds while attempts and backoff run (epoch, renewal, lost, ended).
     */
    private static final Set<String> IMMUTABLE_STAGES = Set.of("CallExecution", "CallPreparation", "PreparedCall",
            "CallRefusals", "CallAttempts", "AttemptHistory", "AttemptOutcome", "BodyRun", "JournalStep",
            "JournalAccess", "RunMemory", "ExecutorSettings");

    @Test
    void executorStagesDoNotReferToTheirCaller() {
        noClasses().that(topLevelIn(STAGES)).should().dependOnClassesThat(topLevelIn(CALLERS))
                .because("a stage gets the values it needs (the run's memory, the prepared call), not the run")
                .check(RUNTIME);
        noClasses().that(topLevelIn(Set.of("JournaledCall"))).should().dependOnClassesThat(topLevelIn(Set.of("JournalStep")))
                .because("the journal step makes journaled calls; they share its access, not the step")
                .check(RUNTIME);
    }

    @Test
    void noCycleBetweenCallStages() {
        slices().assignedFrom(eachTopLevelClassOf(union(STAGES, CALLERS))).should().beFreeOfCycles()
                .because("a call's route runs one way: executor, run, preparation, journal, attempts")
                .check(RUNTIME);
    }

    @Test
    void callStagesHoldNoMutableFields() {
        fields().that().areDeclaredInClassesThat(topLevelIn(IMMUTABLE_STAGES)).and().areNotStatic()
                .should().beFinal()
                .because("a call's route is values handed on, not fields set step by step")
                .check(RUNTIME);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    /** The top-level class of {@code javaClass} in dev.idem.tool, without the package; empty elsewhere. */
    private static String topLevelName(JavaClass javaClass) {
        String name = javaClass.getName();
        if (!name.startsWith(TOOL) || name.indexOf('.', TOOL.length()) >= 0) {
            return "";
        }
        int nested = name.indexOf('$');
        return name.substring(TOOL.length(), nested < 0 ? name.length() : nested);
    }

    private static DescribedPredicate<JavaClass> topLevelIn(Set<String> names) {
        return DescribedPredicate.describe("belong to dev.idem.tool." + names, javaClass -> names.contains(topLevelName(javaClass)));
    }

    private static SliceAssignment eachTopLevelClassOf(Set<String> names) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = topLevelName(javaClass);
                return names.contains(name) ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "one slice per class of a call's route";
            }
        };
    }
}
