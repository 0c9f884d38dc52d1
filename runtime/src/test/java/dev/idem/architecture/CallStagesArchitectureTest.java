package dev.idem.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A tool call is data handed from stage to stage (DESIGN.md section 3): the preparation makes a
 * prepared call, the journal step its claim, the claim an answer with the call's lease, the
 * attempts a result. Each stage knows the
 * values it is given and the stages after it, never the run or the stage that called it, and keeps
 * nothing of the call in fields it could change. Reads the runtime's own main classes.
 */
class CallStagesArchitectureTest {
    private static final JavaClasses RUNTIME = new ClassFileImporter().importPath(Path.of("target", "classes"));
    private static final String TOOL = "dev.idem.tool.";
    private static final String ENGINE = "dev.idem.internal.call.";

    /** What runs one call, and the values its stages hand on: every class on the route. */
    private static final Set<String> STAGES = Set.of("CallExecution", "CallPreparation", "Preparation",
            "CallRefusals", "CallAttempts", "AttemptHistory", "BodyRun", "JournalStep",
            "JournalAccess", "JournalCall", "CallClaim", "Lease", "InProcessLease", "RenewedLease",
            "TransactionLease", "TransactionalCall", "AbandonedBodies", "OutcomeVerification", "VerifierRun",
            "UnwrittenOutcomes", "RunMemory", "ExecutorSettings", "CallEvents");
    /**
     * What the stages use without being one: per-executor guards and budgets, the call's context and
     * client exchange, keys and ids, the formatter and the decision log.
     */
    private static final Set<String> STAGE_HELPERS = Set.of("AttemptContext", "CallExchange", "CallConnection",
            "CircuitBreaker", "RetryBudget", "RepetitionGuard", "IdempotencyKey", "IntentKeys", "IntentIds",
            "ToolArguments", "JsonSyntax", "JacksonRequirement", "ToolResultFormatter", "ToolDecisionLog",
            "DefaultThreads", "TransactionalTools");
    /** Who starts calls: the executor and its runs. */
    private static final Set<String> CALLERS = Set.of("ToolExecutor", "ToolRun", "IntentRuns");
    /** The one stage that keeps mutable state: the lease renewed while attempts and backoff run. */
    private static final Set<String> MUTABLE_STAGES = Set.of("RenewedLease");
    /** Where the kind of call is chosen, once: the journal step picks its claim's holding and lease. */
    private static final Set<String> CHOOSES_THE_LEASE = Set.of("JournalStep");

    @Test
    void executorStagesDoNotReferToTheirCaller() {
        noClasses().that(topLevelIn(STAGES)).should().dependOnClassesThat(topLevelIn(CALLERS))
                .because("a stage gets the values it needs (the run's memory, the prepared call), not the run")
                .check(RUNTIME);
        noClasses().that(topLevelIn(Set.of("CallClaim", "Lease", "InProcessLease", "RenewedLease", "TransactionLease")))
                .should().dependOnClassesThat(topLevelIn(Set.of("JournalStep", "CallAttempts")))
                .because("the journal step makes claims and the attempts use their leases; they share values, not stages")
                .check(RUNTIME);
    }

    @Test
    void noCycleBetweenCallStages() {
        slices().assignedFrom(eachTopLevelClassOf(union(STAGES, CALLERS))).should().beFreeOfCycles()
                .because("a call's route runs one way: executor, run, preparation, journal, attempts")
                .check(RUNTIME);
    }

    @Test
    void callStagesHoldNoMutableFieldsButTheRenewedLease() {
        fields().that().areDeclaredInClassesThat(topLevelIn(STAGES)).and().areDeclaredInClassesThat(
                        DescribedPredicate.not(topLevelIn(MUTABLE_STAGES))).and().areNotStatic()
                .should().beFinal()
                .because("a call's route is values handed on, not fields set step by step; the renewed lease alone"
                        + " changes while the call runs")
                .check(RUNTIME);
    }

    @Test
    void theKindOfCallIsChosenOnceAsItsLeaseNotReadBackAsAFlag() {
        noClasses().that(topLevelIn(STAGES)).and(DescribedPredicate.not(topLevelIn(CHOOSES_THE_LEASE)))
                .should().callMethod(TOOL + "ToolDescriptor", "transactional")
                .because("a transactional call is a lease (TransactionLease) chosen by the journal step, not a branch")
                .check(RUNTIME);
    }

    @Test
    void oneStageWritesTheRunsMemoryOfUnknownOutcomes() {
        for (String write : List.of("rememberUnknownOutcome", "forgetUnknownOutcome")) {
            noClasses().that(DescribedPredicate.not(topLevelIn(Set.of("CallAttempts", "RunMemory"))))
                    .should().callMethod(ENGINE + "RunMemory", write, "java.lang.String")
                    .because("the attempts, which see every claim answer, verdict and end, decide what the run remembers")
                    .check(RUNTIME);
        }
    }

    @Test
    void everyClassOfTheCallEngineIsAStageOrAHelperThisTestNames() {
        Set<String> named = union(STAGES, STAGE_HELPERS);
        classes().that().resideInAPackage("dev.idem.internal.call").and().areTopLevelClasses()
                .and().doNotHaveSimpleName("package-info")
                .should(ArchConditions.be(DescribedPredicate.describe("named here",
                        (JavaClass type) -> named.contains(type.getSimpleName()))))
                .because("a class added to the call's route is checked by these rules only once it is named here")
                .check(RUNTIME);
    }

    @Test
    void eventsLeaveACallOnlyThroughItsCallEvents() {
        Set<String> vocabulary = Set.of(TOOL + "ToolCallObservation", TOOL + "ToolExecutionListener",
                ENGINE + "ToolDecisionLog");
        noClasses().that(DescribedPredicate.not(topLevelIn(Set.of("CallEvents", "ToolDecisionLog"))))
                .should().callMethodWhere(DescribedPredicate.describe("an event of the call's vocabulary",
                        call -> vocabulary.contains(call.getTargetOwner().getName())))
                .because("each retry, stop, verdict and outcome is told once, to the decision log and the observations"
                        + " alike; a second path would tell some of them and not the others")
                .check(RUNTIME);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * The top-level class of {@code javaClass} in the API (dev.idem.tool) or the engine
     * (dev.idem.internal.call), without the package; empty elsewhere.
     */
    private static String topLevelName(JavaClass javaClass) {
        String name = javaClass.getName();
        String pkg = name.startsWith(TOOL) ? TOOL : name.startsWith(ENGINE) ? ENGINE : null;
        if (pkg == null || name.indexOf('.', pkg.length()) >= 0) {
            return "";
        }
        int nested = name.indexOf('$');
        return name.substring(pkg.length(), nested < 0 ? name.length() : nested);
    }

    private static DescribedPredicate<JavaClass> topLevelIn(Set<String> names) {
        return DescribedPredicate.describe("belong to the call's route " + names,
                javaClass -> names.contains(topLevelName(javaClass)));
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
