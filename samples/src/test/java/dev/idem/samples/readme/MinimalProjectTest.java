package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: the README's "Use it in your project" works as written, from an empty directory, on
 * JDK 17 and on the JDK 25 beside it: its {@code pom.xml} and {@code Hello.java} build with Maven
 * (also with another processor in {@code annotationProcessorPaths}) and with plain
 * {@code javac -processorpath}, and the result prints what the README says it prints. Maven runs
 * against the private repository under {@code target} that the README's other projects share,
 * filled from the local one; nothing is installed into {@code ~/.m2}, and this project needs
 * nothing the reactor's build did not already fetch.
 */
class MinimalProjectTest {

    private static final Path WORK = Path.of("target", "minimal-project").toAbsolutePath();
    private static final String MAIN = "com.example.Hello";

    private static DocPages readme;
    private static Map<String, String> files;

    @BeforeAll
    static void readTheReadme() throws IOException {
        readme = DocPages.of(DocPages.README);
        files = readme.minimalProject();
        Files.createDirectories(WORK);
    }

    @Test
    void theReadmeNamesTheVersionThisReactorBuilds() {
        assertThat(files.get("pom.xml")).contains("<idem.version>" + Reactor.version() + "</idem.version>");
        assertThat(readme.blocks()).anySatisfy(block -> assertThat(block.text()).contains("mvn -B install -DskipTests"));
    }

    @Test
    void theReadmePomBuildsWithMavenAndRunsOnJdk17() {
        Path jdk = jdk(17);
        Path project = project("maven-17", files);

        maven(project, jdk);

        assertPrintsWhatTheReadmeSays(jdk, project.resolve("target/classes"));
    }

    @Test
    void theReadmePomBuildsWithMavenBesideAnotherProcessorAndRunsOnJdk25() {
        Path jdk = jdk(25);
        Map<String, String> withAutoService = new java.util.LinkedHashMap<>(files);
        String pom = files.get("pom.xml");
        Matcher marker = Pattern.compile("<!-- your other processors, if any, go here.*?-->", Pattern.DOTALL).matcher(pom);
        assertThat(marker.find()).as("the README pom's comment where other processors go").isTrue();
        // Another processor in the same list: on JDK 25 implicit discovery is off, so only the list counts.
        withAutoService.put("pom.xml", marker.replaceFirst("<path><groupId>com.google.auto.service</groupId>"
                + "<artifactId>auto-service</artifactId><version>1.1.1</version></path>"));
        Path project = project("maven-25", withAutoService);

        maven(project, jdk);

        assertPrintsWhatTheReadmeSays(jdk, project.resolve("target/classes"));
    }

    @Test
    void theReadmeRunCommandShowsIdemsDecisionLogThoughMavenIsQuiet() throws IOException {
        Path jdk = jdk(17);
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the README's run command was not tried");
        Matcher written = Pattern.compile("`(mvn -q compile exec:java [^`]*)`\\s+prints:")
                .matcher(Files.readString(Reactor.root().resolve("README.md")));
        assertThat(written.find()).as("the README's command that runs Hello").isTrue();
        List<String> arguments = List.of(written.group(1).split("\\s+"));
        assertThat(arguments.subList(0, 2)).containsExactly("mvn", "-q"); // mvn(...) below adds -q itself
        List<String> goals = new ArrayList<>();
        for (String argument : arguments.subList(2, arguments.size())) {
            // the exec plugin version this reactor pins (a private repository resolves no plugin prefix),
            // and a main whose tool fails once, so there is a decision to log
            goals.add(argument.equals("exec:java") ? "org.codehaus.mojo:exec-maven-plugin:" + execPluginVersion() + ":java"
                    : argument.replace(MAIN, "com.example.Flaky"));
        }
        Path project = project("exec-17", files);
        writeToolThatFailsOnce(project);

        Command run = PrivateMavenRepository.shared()
                .mvn(maven.get(), project, jdk, goals.toArray(String[]::new)).succeeded();

        assertThat(run.output()).contains("INFO dev.idem.tool.ToolExecutor - tool 'ping' call call_1 attempt 1/3 failed"
                + " with CONNECTION_ERROR: retrying").contains("pong")
                // exec:java waits 15 s for each thread that outlives main and its interrupt: Idem's idle ones end
                .doesNotContain("still alive after waiting").doesNotContain("will linger");
    }

    @Test
    void plainJavacWithTheProcessorPathBuildsAndRunsOnJdk17AndJdk25() {
        for (int feature : new int[] {17, 25}) {
            Optional<Path> jdk = Jdks.find(feature);
            if (jdk.isEmpty()) {
                System.out.println("MinimalProjectTest: no JDK " + feature + " on this machine; plain javac not tried on it");
                continue;
            }
            Path project = project("javac-" + feature, files);
            Path out = project.resolve("out");
            writeToolWithRetryOn(project);

            javac(jdk.get(), project, out, "-processorpath", Reactor.joined(Reactor.processorPath(WORK))).succeeded();

            assertPrintsWhatTheReadmeSays(jdk.get(), out);
        }
    }

    @Test
    void onJdk25TheProcessorOnTheClassPathRunsOnlyWithProcFull() {
        Path jdk = jdk(25);
        Path project = project("provided-25", files);
        List<Path> withProcessor = new ArrayList<>(Reactor.runtimeClasspath(WORK));
        withProcessor.addAll(Reactor.processorPath(WORK));

        Command implicit = javac(jdk, project, project.resolve("implicit"), "-cp", Reactor.joined(withProcessor));
        Command full = javac(jdk, project, project.resolve("full"), "-proc:full", "-cp", Reactor.joined(withProcessor));

        assertThat(implicit.exitCode()).isNotZero();
        assertThat(implicit.output()).contains("cannot find symbol").contains("Hello_ToolSet");
        full.succeeded();
        assertThat(project.resolve("full/com/example/Hello_ToolSet.class")).exists();
    }

    private static Path jdk(int feature) {
        Optional<Path> jdk = Jdks.find(feature);
        assumeTrue(jdk.isPresent(), "no JDK " + feature + " on this machine (looked for -Didem.jdk" + feature
                + ", this JVM, /usr/lib/jvm): skipped");
        return jdk.get();
    }

    private static void maven(Path project, Path jdk) {
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the Maven build of the README project was skipped");
        PrivateMavenRepository repository = PrivateMavenRepository.shared();
        repository.mvn(maven.get(), project, jdk, "compile").succeeded();
        assertThat(project.resolve("target/classes/com/example/Hello_ToolSet.class")).exists();
    }

    /** Compiles the project's sources with the JDK's own javac; the runtime and its dependencies on the class path. */
    /**
     * A tool that names {@code retryOn}: the processor then judges each entry with {@code ErrorType}'s
     * own flags, which must come from the processor jar alone (the README's processor path).
     */
    private static void writeToolWithRetryOn(Path project) {
        Path source = project.resolve("src/main/java/com/example/Payments.java");
        try {
            Files.createDirectories(source.getParent());
            Files.writeString(source, String.join("\n",
                    "package com.example;",
                    "import dev.idem.ErrorType;",
                    "import dev.idem.Retry;",
                    "import dev.idem.Tool;",
                    "public class Payments {",
                    "    /** Pays. @param cents how much */",
                    "    @Tool(restartSafe = false, idempotent = true,",
                    "          retryPolicy = @Retry(retryOn = {ErrorType.TIMEOUT, ErrorType.CONNECTION_ERROR}))",
                    "    public String pay(long cents) { return \"paid \" + cents; }",
                    "}",
                    ""));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Command javac(Path jdk, Path project, Path out, String... options) {
        List<String> command = new ArrayList<>(List.of(jdk.resolve("bin/javac").toString(), "-d", out.toString()));
        command.addAll(List.of(options));
        if (!List.of(options).contains("-cp")) {
            command.addAll(List.of("-cp", Reactor.joined(Reactor.runtimeClasspath(WORK))));
        }
        try (Stream<Path> sources = Files.walk(project.resolve("src"))) {
            sources.filter(path -> path.toString().endsWith(".java")).forEach(path -> command.add(path.toString()));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return Command.run(project, Map.of(), command);
    }

    private static void assertPrintsWhatTheReadmeSays(Path jdk, Path classes) {
        List<Path> classpath = new ArrayList<>(List.of(classes));
        classpath.addAll(Reactor.runtimeClasspath(WORK));
        classpath.add(Reactor.testClasspathEntry("/slf4j-simple-")); // as the README's pom has it
        Command run = Command.run(classes.getParent(), Map.of(),
                List.of(jdk.resolve("bin/java").toString(), "-cp", Reactor.joined(classpath), MAIN)).succeeded();
        assertThat(run.output()).isEqualToIgnoringNewLines(readme.outputAfter("public class Hello"));
    }

    private static String execPluginVersion() throws IOException {
        Matcher version = Pattern.compile("<artifactId>exec-maven-plugin</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Reactor.root().resolve("pom.xml")));
        assertThat(version.find()).as("the parent POM pins exec-maven-plugin").isTrue();
        return version.group(1);
    }

    /** A tool whose first call fails with a refused connection: the executor retries it, and logs why. */
    private static void writeToolThatFailsOnce(Path project) throws IOException {
        Files.writeString(project.resolve("src/main/java/com/example/Flaky.java"), String.join("\n",
                "package com.example;",
                "import dev.idem.Retry;",
                "import dev.idem.Tool;",
                "import dev.idem.tool.ToolCall;",
                "import dev.idem.tool.ToolExecutor;",
                "import dev.idem.tool.ToolRegistry;",
                "public class Flaky {",
                "    private int calls;",
                "    /** Answers pong, after one refused connection. */",
                "    @Tool(readOnly = true, retryPolicy = @Retry(initialDelayMs = 10))",
                "    public String ping() throws java.net.ConnectException {",
                "        if (calls++ == 0) { throw new java.net.ConnectException(\"refused\"); }",
                "        return \"pong\";",
                "    }",
                "    public static void main(String[] args) {",
                "        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Flaky_ToolSet.of(new Flaky()))).build();",
                "        System.out.println(executor.execute(new ToolCall(\"call_1\", \"ping\", \"{}\")).textForModel());",
                "    }",
                "}"));
    }

    /** The README's files written into a fresh directory. */
    private static Path project(String name, Map<String, String> content) {
        return ConsumerProject.write(WORK, name, content);
    }
}
