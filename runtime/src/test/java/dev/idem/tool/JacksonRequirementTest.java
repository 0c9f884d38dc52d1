package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.call.JacksonRequirement;
import dev.idem.internal.call.ToolArguments;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.Version;
import tools.jackson.core.util.JsonRecyclerPools;

/** docs/setup.md, "Jackson versions": which Jackson Idem runs on, and what it says when it cannot. */
class JacksonRequirementTest {

    @ParameterizedTest
    @ValueSource(strings = {"3.0.0", "3.0.3", "3.1.4", "3.1.5", "3.3.0", "3.3.1-SNAPSHOT", "3.12.7"})
    void everyJackson3ReleaseFromTheFloorOnIsSupported(String version) {
        assertThat(JacksonRequirement.problem(version(version), version(version))).isNull();
    }

    @Test
    void coreAndDatabindAreJudgedEachOnItsOwnSoSpringAisMixIsSupported() {
        // Spring AI 2.0.1 without Spring Boot: jackson-core 3.0.3 beside jackson-databind 3.1.5.
        assertThat(JacksonRequirement.problem(version("3.0.3"), version("3.1.5"))).isNull();
    }

    @Test
    void aPreReleaseOfTheFloorIsRefusedNamingTheVersionsFoundTheOneNeededAndTheFix() {
        String problem = JacksonRequirement.problem(version("3.0.0-rc9"), version("3.1.5"));

        assertThat(problem)
                .contains("found jackson-core 3.0.0-rc9 and jackson-databind 3.1.5")
                .contains("Idem needs Jackson " + JacksonRequirement.FLOOR + " or newer")
                .contains("import tools.jackson:jackson-bom")
                .contains("<dependencyManagement>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.21.0", "4.0.0"})
    void aMajorOtherThanThreeIsRefused(String version) {
        assertThat(JacksonRequirement.problem(version("3.3.0"), version(version)))
                .contains("and jackson-databind " + version + " on the class path");
    }

    @Test
    void theJacksonOfThisBuildIsSupported() {
        JacksonRequirement.check();
    }

    @Test
    void argumentBuffersComeFromTheHybridPoolFromJackson33OnAndFromTheThreadLocalPoolBefore() {
        // Chosen once, at start-up, by the Jackson found: never a NoSuchMethodError per call. This
        // suite runs on the newest Jackson in runtime/ and on the floor in compat/jackson-floor.
        Version core = tools.jackson.core.json.PackageVersion.VERSION;
        boolean hybridPoolExists = core.getMajorVersion() > 3 || core.getMinorVersion() >= 3;

        assertThat(ToolArguments.BUFFER_POOL).isSameAs(hybridPoolExists
                ? JsonRecyclerPools.sharedHybridPool() : JsonRecyclerPools.threadLocalPool());
    }

    @Test
    void withoutJackson3BuildingAnExecutorFailsOnceNamingTheFix() throws Exception {
        String withoutJackson3 = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.replace('\\', '/').contains("/tools/jackson/"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(withoutJackson3).isNotEqualTo(System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-cp", withoutJackson3,
                BuildExecutorChild.class.getName()).redirectErrorStream(true).start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(child.exitValue()).as(output).isEqualTo(3);
        assertThat(output).contains("found no Jackson 3 on the class path").contains("import tools.jackson:jackson-bom");
    }

    private static Version version(String text) {
        String[] parts = text.split("-", 2);
        String[] numbers = parts[0].split("\\.");
        return new Version(Integer.parseInt(numbers[0]), Integer.parseInt(numbers[1]), Integer.parseInt(numbers[2]),
                parts.length > 1 ? parts[1] : null, "tools.jackson.core", "jackson-databind");
    }
}
