package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The OpenTelemetry project of {@code docs/opentelemetry.md} works as written: made of the page's
 * own blocks, it builds with Maven as a project of its own (no parent POM, Idem's BOM imported) on
 * JDK 17 against the reactor's artifacts in the shared {@link PrivateMavenRepository}, and its agent
 * traced on the real OpenTelemetry SDK gives each run an {@code invoke_agent} span whose children are
 * the run's {@code chat} and {@code execute_tool} spans, with {@code run} and {@code runAsync} alike.
 * The only file the test adds is a driver in {@code src/test/java}, run on the class path Maven
 * resolved for the project (as {@link IntegrationProjectsTest} does).
 */
class OpenTelemetryProjectTest {

    private static final Path WORK = Path.of("target", "readme-projects").toAbsolutePath();
    private static final String NAME = "opentelemetry";
    private static final String DRIVER = "com.example.ReadmeToolCall";

    private final DocPages page = DocPages.of("docs/opentelemetry.md");

    @Test
    void theOpenTelemetryProjectPomStandsAloneAndImportsIdemsBomWithThePagesDependencies() {
        Path project = ConsumerProject.write(WORK.resolve("poms"), NAME, page.project(NAME));
        ConsumerPom pom = ConsumerPom.read(project.resolve("pom.xml"));
        ConsumerPom listed = ConsumerPom.fragment(page.dependencies(NAME));

        assertThat(pom.hasParent()).isFalse();
        assertThat(pom.property("maven.compiler.release")).isEqualTo("17");
        assertThat(pom.property("idem.version")).isEqualTo(Reactor.version());
        assertThat(pom.managedDependencies()).containsExactly("dev.idem:idem-bom:${idem.version}:pom:import")
                .containsExactlyElementsOf(listed.managedDependencies());
        assertThat(pom.dependencies()).containsExactlyElementsOf(listed.dependencies())
                .filteredOn(dependency -> dependency.startsWith("dev.idem:"))
                .isNotEmpty().allSatisfy(dependency -> assertThat(dependency).matches("dev\\.idem:[\\w-]+:\\?(:.*)?"));
        assertThat(pom.dependencies()).anySatisfy(dependency -> assertThat(dependency)
                .startsWith("io.opentelemetry:opentelemetry-sdk:" + System.getProperty("opentelemetry.version", "1.68.0")));
    }

    @Test
    void theOpenTelemetryProjectsAgentRunsAreInvokeAgentSpansParentOfTheirChatAndToolSpansOnTheRealSdk() {
        String output = buildAndRun();

        assertThat(output).contains("status: ANSWERED ANSWERED")
                .contains("sent: [4200 to ACC-1, 4200 to ACC-1]")
                .contains("run ticket-1: invoke_agent payments <- [chat, execute_tool pay, chat]")
                .contains("run ticket-2: invoke_agent payments <- [chat, execute_tool pay, chat]")
                .contains("spans: 8");
    }

    private String buildAndRun() {
        Optional<Path> jdk = Jdks.find(17);
        assumeTrue(jdk.isPresent(), "no JDK 17 on this machine: the page's project was not built");
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the page's project was not built");
        Map<String, String> files = new LinkedHashMap<>(page.project(NAME));
        files.put("src/test/java/com/example/ReadmeToolCall.java", driver());
        Path project = ConsumerProject.write(WORK, NAME, files);

        Command build = PrivateMavenRepository.shared().mvn(maven.get(), project, jdk.get(), "-X", "test-compile");
        assertThat(build.exitCode()).as("mvn test-compile of the page's project:%n%s",
                IntegrationProjectsTest.errors(build.output())).isZero();
        List<String> classpath = IntegrationProjectsTest.testClasspath(build.output(), project);
        List<String> java = new ArrayList<>(List.of(jdk.get().resolve("bin/java").toString()));
        java.addAll(List.of(PrivateMavenRepository.QUICK_JVM.split(" ")));
        java.addAll(List.of("-cp", String.join(File.pathSeparator, classpath), DRIVER));
        Command run = Command.run(project, Map.of(), java);

        assertThat(run.exitCode()).as("the driver of the page's project:%n%s", run.output()).isZero();
        return run.output();
    }

    private static String driver() {
        String resource = "drivers/" + NAME + "/ReadmeToolCall.java";
        try (InputStream in = OpenTelemetryProjectTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no driver " + resource + " beside " + OpenTelemetryProjectTest.class);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
