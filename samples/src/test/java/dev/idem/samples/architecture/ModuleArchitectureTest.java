package dev.idem.samples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import dev.idem.Tool;
import dev.idem.agent.Agent;
import dev.idem.approvals.Approvals;
import dev.idem.config.PolicyConfiguration;
import dev.idem.journal.postgres.PostgresCallJournal;
import dev.idem.langchain4j.IdemToolProvider;
import dev.idem.mcp.McpToolServer;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.opentelemetry.IdemTelemetry;
import dev.idem.regex.EcmaRegex;
import dev.idem.spring.boot.IdemAutoConfiguration;
import dev.idem.springai.IdemToolCallbackProvider;
import dev.idem.testkit.OpenAiWireServer;
import dev.idem.tool.ToolExecutor;
import java.net.URL;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The modules build on each other in one direction, their packages form no cycle, and only the
 * runtime and the modules it names in its descriptor reach into {@code dev.idem.internal..}.
 * Imports each published module's main classes from where the build put them (one class of each
 * names its jar or folder), so a rule sees exactly what users get. Each rule is also run on the
 * same classes plus a deliberate violation from this test tree and must fail there: a rule that
 * matches nothing cannot pass unseen.
 */
class ModuleArchitectureTest {
    private static final Class<?>[] ONE_CLASS_OF_EACH_MODULE = {
        Tool.class, EcmaRegex.class, ToolExecutor.class, PolicyConfiguration.class, Approvals.class, Agent.class,
        OpenAiChatModel.class, OpenAiWireServer.class, PostgresCallJournal.class, McpToolServer.class, IdemToolProvider.class,
        IdemToolCallbackProvider.class, IdemTelemetry.class, IdemAutoConfiguration.class,
    };
    private static final JavaClasses MODULES = importing();
    private static final JavaClasses WITH_VIOLATIONS = withViolations();

    private static final ArchRule MODULES_BUILD_ON_THE_ONES_BELOW = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("annotations").definedBy("dev.idem")
            .layer("regex").definedBy("dev.idem.regex..")
            .layer("runtime").definedBy("dev.idem.tool..", "dev.idem.retry..", "dev.idem.journal", "dev.idem.state..",
                    "dev.idem.internal..", "dev.idem.generated..")
            .layer("config").definedBy("dev.idem.config..")
            .layer("approvals").definedBy("dev.idem.approvals..")
            .layer("agent").definedBy("dev.idem.llm..", "dev.idem.agent..", "dev.idem.task..")
            .layer("openai").definedBy("dev.idem.openai..")
            .layer("testkit").definedBy("dev.idem.testkit..")
            .layer("opentelemetry").definedBy("dev.idem.opentelemetry..")
            .layer("tool adapters").definedBy("dev.idem.mcp..", "dev.idem.langchain4j..", "dev.idem.springai..",
                    "dev.idem.journal.postgres..")
            .layer("spring boot starter").definedBy("dev.idem.spring.boot..")
            .whereLayer("annotations").mayNotAccessAnyLayer()
            .whereLayer("regex").mayNotAccessAnyLayer()
            .whereLayer("runtime").mayOnlyAccessLayers("annotations", "regex")
            .whereLayer("config").mayOnlyAccessLayers("runtime", "annotations")
            .whereLayer("approvals").mayOnlyAccessLayers("runtime", "annotations")
            .whereLayer("agent").mayOnlyAccessLayers("approvals", "runtime", "annotations")
            .whereLayer("openai").mayOnlyAccessLayers("agent", "runtime", "annotations")
            .whereLayer("testkit").mayOnlyAccessLayers("agent", "runtime", "annotations")
            .whereLayer("opentelemetry").mayOnlyAccessLayers("agent", "runtime", "annotations")
            .whereLayer("tool adapters").mayOnlyAccessLayers("approvals", "runtime", "regex", "annotations")
            .whereLayer("spring boot starter").mayOnlyAccessLayers("tool adapters", "config", "approvals", "runtime",
                    "annotations")
            .because("a module never builds on one that builds on it, idem-config and idem-approvals need the "
                    + "runtime alone, a tool adapter the runtime (and idem-regex it brings, for remote tools' "
                    + "schemas) and (for approvals) idem-approvals, and the starter"
                    + " its adapters, idem-config and (for the endpoint's calls awaiting approval) idem-approvals");

    /** One slice per package, the runtime's call engine (dev.idem.internal.call) in its tool package's. */
    private static final ArchRule NO_PACKAGE_CYCLES = slices().assignedFrom(new SliceAssignment() {
                @Override
                public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                    String name = javaClass.getPackageName();
                    return !name.startsWith("dev.idem.") ? SliceIdentifier.ignore()
                            : SliceIdentifier.of(name.equals("dev.idem.internal.call") ? "dev.idem.tool" : name);
                }

                @Override
                public String getDescription() {
                    return "Idem's packages, the call engine in the tool package's slice";
                }
            }).should().beFreeOfCycles()
            .because("each package builds on the ones below it, never on one above");

    private static final ArchRule INTERNALS_STAY_INSIDE = noClasses()
            .that().resideOutsideOfPackages("dev.idem.tool..", "dev.idem.retry..", "dev.idem.journal",
                    "dev.idem.state..", "dev.idem.internal..", "dev.idem.generated..", "dev.idem.llm..",
                    "dev.idem.agent..", "dev.idem.openai..", "dev.idem.config..")
            .should().dependOnClassesThat().resideInAPackage("dev.idem.internal..")
            .because("dev.idem.internal.. is shared by the runtime, the agent, the OpenAI client and idem-config only "
                    + "(their module descriptors export it to them alone)");

    private static final ArchRule PROVIDER_CLIENTS_NEED_ONLY_THE_SPI = noClasses()
            .that().resideInAnyPackage("dev.idem.openai..", "dev.idem.llm.scripted..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.idem.llm.failover..", "dev.idem.agent..")
            .because("a provider reports failures with the SPI's exceptions; deciding about them is the driver's job");

    @Test
    void providerClientsNeedOnlyTheProviderSpi() {
        PROVIDER_CLIENTS_NEED_ONLY_THE_SPI.check(MODULES);
        assertThatThrownBy(() -> PROVIDER_CLIENTS_NEED_ONLY_THE_SPI.check(WITH_VIOLATIONS))
                .hasMessageContaining("DeliberateDriverUse");
    }

    @Test
    void modulesBuildOnlyOnTheModulesBelowThem() {
        MODULES_BUILD_ON_THE_ONES_BELOW.check(MODULES);
        assertThatThrownBy(() -> MODULES_BUILD_ON_THE_ONES_BELOW.check(WITH_VIOLATIONS))
                .hasMessageContaining("DeliberateBackArrow").hasMessageContaining("dev.idem.agent.Agent")
                .hasMessageContaining("DeliberateConfigUse").hasMessageContaining("dev.idem.config.PolicyConfiguration")
                .hasMessageContaining("DeliberateApprovalsUse").hasMessageContaining("dev.idem.approvals.Approvals");
    }

    @Test
    void theModulesPackagesHaveNoCycles() {
        NO_PACKAGE_CYCLES.check(MODULES);
        assertThatThrownBy(() -> NO_PACKAGE_CYCLES.check(WITH_VIOLATIONS)).hasMessageContaining("DeliberateBackArrow");
    }

    @Test
    void onlyTheRuntimeTheAgentAndTheOpenAiClientUseTheInternals() {
        INTERNALS_STAY_INSIDE.check(MODULES);
        assertThatThrownBy(() -> INTERNALS_STAY_INSIDE.check(WITH_VIOLATIONS))
                .hasMessageContaining("DeliberateInternalImport");
    }

    private static JavaClasses importing() {
        return new ClassFileImporter().importLocations(moduleLocations());
    }

    private static JavaClasses withViolations() {
        Set<Location> locations = moduleLocations();
        Stream.of("dev/idem/journal/DeliberateBackArrow.class", "dev/idem/tool/DeliberateConfigUse.class",
                        "dev/idem/journal/DeliberateApprovalsUse.class", "dev/idem/mcp/DeliberateInternalImport.class",
                        "dev/idem/openai/DeliberateDriverUse.class")
                .map(ModuleArchitectureTest::classFile).forEach(url -> locations.add(Location.of(url)));
        return new ClassFileImporter().importLocations(locations);
    }

    private static Set<Location> moduleLocations() {
        Set<Location> locations = new LinkedHashSet<>();
        for (Class<?> type : ONE_CLASS_OF_EACH_MODULE) {
            locations.add(Location.of(type.getProtectionDomain().getCodeSource().getLocation()));
        }
        return locations;
    }

    private static URL classFile(String name) {
        URL url = ModuleArchitectureTest.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new AssertionError("the deliberate violation " + name + " is not on the test class path");
        }
        return url;
    }
}
