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
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The integrations of {@code docs/integrations.md} work as written: its MCP, LangChain4j and Spring AI projects, each
 * made of the page's own blocks (the {@code pom.xml}, {@code Ledger.java} and the framework
 * class), build with Maven as projects of their own (no parent POM) on JDK 17 against the
 * reactor's artifacts in the shared {@link PrivateMavenRepository}, and make one real tool call
 * through their framework. So does the remote-tools project of {@code docs/mcp-remote.md} (its
 * {@code pom.xml}, {@code RemotePayments.java} and {@code remote-tools.properties}), calling a
 * {@link PaymentsMcpServer} this test starts. The only file the test adds is a small driver in
 * {@code src/test/java} (from this class's resources): the MCP SDK's client starting the page's
 * server over stdio, a scripted model of the framework passed to the page's {@code creditFor}, or
 * the page's program run against the payments server's address. The driver runs on the class
 * path Maven resolved for the project, read from the compiler plugin's debug log (no
 * plugin the reactor's own build does not use): a dependency conflict the page's dependencies
 * cause shows here as it would for a user.
 */
class IntegrationProjectsTest {

    private static final Path WORK = Path.of("target", "readme-projects").toAbsolutePath();
    private static final List<String> INTEGRATIONS = List.of("mcp", "langchain4j", "spring-ai", "remote-tools");
    private static final String DRIVER = "com.example.ReadmeToolCall";

    private static DocPages readme;

    @BeforeAll
    static void readTheReadme() {
        readme = DocPages.of(DocPages.README, "docs/integrations.md", "docs/mcp-remote.md");
    }

    @Test
    void everyReadmeProjectPomStandsAloneAndImportsIdemsBomWithTheReadmesDependenciesInTheirOrder() {
        List<String> projects = new ArrayList<>(List.of("minimal"));
        projects.addAll(INTEGRATIONS);
        SoftAssertions softly = new SoftAssertions();
        for (String name : projects) {
            Path project = ConsumerProject.write(WORK.resolve("poms"), name, readme.project(name));
            ConsumerPom pom = ConsumerPom.read(project.resolve("pom.xml"));

            softly.assertThat(pom.hasParent()).as(name + " project: has a <parent>").isFalse();
            softly.assertThat(pom.property("maven.compiler.release")).as(name + " project: release").isEqualTo("17");
            softly.assertThat(pom.property("idem.version")).as(name + " project: idem.version")
                    .isEqualTo(Reactor.version());
            softly.assertThat(pom.annotationProcessorPaths()).as(name + " project: annotationProcessorPaths")
                    .contains("dev.idem:idem-processor:${idem.version}");
            softly.assertThat(pom.managedDependencies()).as(name + " project: Idem's BOM imported")
                    .contains("dev.idem:idem-bom:${idem.version}:pom:import");
            softly.assertThat(pom.dependencies()).as(name + " project: Idem's artifacts without versions, the BOM's")
                    .filteredOn(dependency -> dependency.startsWith("dev.idem:"))
                    .isNotEmpty().allSatisfy(dependency -> assertThat(dependency).matches("dev\\.idem:[\\w-]+:\\?(:.*)?"));
            if (!name.equals("minimal")) {
                ConsumerPom listed = ConsumerPom.fragment(readme.dependencies(name));
                softly.assertThat(pom.dependencies()).as(name + " project: dependencies, in the README's order")
                        .isNotEmpty().containsExactlyElementsOf(listed.dependencies());
                softly.assertThat(pom.managedDependencies()).as(name + " project: dependencyManagement")
                        .containsExactlyElementsOf(listed.managedDependencies());
            }
        }
        softly.assertAll();
    }

    @Test
    void theReadmeMcpProjectMakesOneRealToolCall() {
        String output = buildAndCall("mcp");

        assertThat(output).contains("isError: false")
                .contains("structuredContent: {id=E1, account=ACC-1, cents=4200}");
    }

    @Test
    void theReadmeLangChain4jProjectMakesOneRealToolCall() {
        String output = buildAndCall("langchain4j");

        assertToolRanOnceAndTheAnswerCarriesTheEntry(output);
    }

    @Test
    void theReadmeSpringAiProjectMakesOneRealToolCall() {
        String output = buildAndCall("spring-ai");

        assertToolRanOnceAndTheAnswerCarriesTheEntry(output);
    }

    @Test
    void theMcpRemoteToolsProjectChargesOnceAtARealServerAndReplaysAReissuedIntentWithoutSendingIt() {
        try (PaymentsMcpServer server = PaymentsMcpServer.start()) {
            String output = buildAndCall("remote-tools", server.address());

            // the page's program, run as a user runs it: order-4711 charged once, its receipt back, the JVM ended
            assertThat(output).contains("program exit: 0");
            assertThat(line(output, "program: {")).contains("\"paymentId\":\"pay_1\"").contains("order 4711");
            // then the driver issues order-4712 twice
            List<PaymentsMcpServer.Received> charges = server.received("charge");
            assertThat(charges).as("tools/call charge requests the server received").hasSize(2);
            assertThat(server.charges()).isEqualTo(2);
            PaymentsMcpServer.Received pageCall = charges.get(0);
            assertThat(pageCall.meta()).containsEntry("dev.idem/intentId", "order-4711");
            assertThat(pageCall.arguments()).containsEntry("cents", 1200).containsEntry("memo", "order 4711")
                    .as("the policy's key-argument carries the call's key")
                    .containsEntry("idempotency_key", pageCall.meta().get("dev.idem/idempotencyKey"));
            assertThat(charges.get(1).meta()).containsEntry("dev.idem/intentId", "order-4712");
            String key = String.valueOf(charges.get(1).arguments().get("idempotency_key"));
            assertThat(line(output, "first: ")).contains("isError=false replayed=false key=" + key)
                    .contains("pay_2");
            assertThat(line(output, "again: ")).contains("isError=false replayed=true key=" + key);
            assertThat(output).contains("same text: true");
            assertThat(server.received("refund")).isEmpty();
        }
    }

    /** The driver prints the answer and the ledger afterwards: one entry, the first, in the answer too. */
    private static void assertToolRanOnceAndTheAnswerCarriesTheEntry(String output) {
        assertThat(output).contains("entries: [Entry[id=E1, account=ACC-1, cents=4200]]");
        assertThat(line(output, "answer: ")).startsWith("answer: Booked: ").contains("E1").contains("ACC-1")
                .contains("4200").doesNotContain("Error");
    }

    /**
     * Writes the README's project and the driver, builds it with Maven and runs the driver on JDK 17
     * (with {@code driverArguments}) on the test class path Maven resolved for it: what its own tests would run on.
     */
    private static String buildAndCall(String name, String... driverArguments) {
        Optional<Path> jdk = Jdks.find(17);
        assumeTrue(jdk.isPresent(), "no JDK 17 on this machine: the README's " + name + " project was not built");
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the README's " + name + " project was not built");
        Map<String, String> files = new LinkedHashMap<>(readme.project(name));
        files.put("src/test/java/com/example/ReadmeToolCall.java", driver(name));
        Path project = ConsumerProject.write(WORK, name, files);

        // -X: the compiler plugin then logs the class path it compiled the tests with, one entry a line.
        Command build = PrivateMavenRepository.shared().mvn(maven.get(), project, jdk.get(), "-X", "test-compile");
        assertThat(build.exitCode()).as("mvn test-compile of the README's %s project:%n%s", name, errors(build.output()))
                .isZero();
        List<String> classpath = testClasspath(build.output(), project);
        List<String> java = new ArrayList<>(List.of(jdk.get().resolve("bin/java").toString()));
        java.addAll(List.of(PrivateMavenRepository.QUICK_JVM.split(" ")));
        java.addAll(List.of("-cp", String.join(File.pathSeparator, classpath), DRIVER));
        java.addAll(List.of(driverArguments));
        Command run = Command.run(project, Map.of(), java);

        assertThat(run.exitCode()).as("the driver of the README's %s project:%n%s", name, run.output()).isZero();
        return run.output();
    }

    /** The class path of the test compilation, from the compiler plugin's debug log: its first entry is target/test-classes. */
    static List<String> testClasspath(String log, Path project) {
        List<String> lines = log.lines().toList();
        String testClasses = project.resolve("target/test-classes").toString();
        for (int i = 0; i < lines.size() - 1; i++) {
            if (lines.get(i).equals("[DEBUG] Classpath:") && lines.get(i + 1).strip().endsWith(testClasses)) {
                List<String> entries = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("[DEBUG]  "); j++) {
                    entries.add(lines.get(j).substring("[DEBUG]  ".length()).strip());
                }
                return entries;
            }
        }
        throw new AssertionError("the compiler plugin logged no test class path; the log ends:\n" + errors(log));
    }

    /** The error lines of a Maven log, or its last lines when it has none: what explains a failed build. */
    static String errors(String log) {
        List<String> errors = log.lines().filter(line -> line.startsWith("[ERROR]")).toList();
        if (!errors.isEmpty()) {
            return String.join("\n", errors);
        }
        List<String> lines = log.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private static String driver(String name) {
        String resource = "drivers/" + name + "/ReadmeToolCall.java";
        try (InputStream in = IntegrationProjectsTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no driver " + resource + " beside " + IntegrationProjectsTest.class);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String line(String output, String prefix) {
        return output.lines().filter(line -> line.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starting with '" + prefix + "' in:\n" + output));
    }
}
