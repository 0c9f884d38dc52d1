package dev.idem.samples.readme;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Maven repository under {@code target} that holds this reactor's artifacts as {@code mvn install}
 * would put them, and gets every other artifact by copying it from the local repository this build
 * used (a {@code file:} repository, asked first; the shared repository is only read). A Maven build
 * against it is what a user sees after installing Idem.
 *
 * <p>Maven Central, Maven's own default, stays behind it, for the few artifacts this reactor never
 * fetched: a README project without Idem's parent POM resolves the versions its frameworks ask for
 * (Spring AI's Jackson 3.1, the MCP SDK's json-schema-validator 3.0.6), which the reactor's
 * {@code dependencyManagement} replaced. Whatever is fetched lands here, under {@code target}.
 */
final class PrivateMavenRepository {

    /** The integration modules, installed too: the README's MCP, LangChain4j and Spring AI projects use them. */
    private static final List<String> ADAPTERS = List.of("mcp", "langchain4j", "spring-ai", "journal-postgres",
            "spring-boot-starter", "opentelemetry");
    /** Where the README's projects share one repository (each test class used to fill its own). */
    private static final Path SHARED = Path.of("target", "readme-projects").toAbsolutePath();

    private static PrivateMavenRepository shared;

    /** JVM options for a short run (Maven's, a driver's): no optimising JIT, the simplest collector. */
    static final String QUICK_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

    private final Path repository;
    private final Path settings;

    private PrivateMavenRepository(Path repository, Path settings) {
        this.repository = repository;
        this.settings = settings;
    }

    /** The one repository every README project of this test run builds against, filled on first use. */
    static synchronized PrivateMavenRepository shared() {
        if (shared == null) {
            shared = create(SHARED.resolve("m2"), SHARED);
        }
        return shared;
    }

    /** Installs the reactor's artifacts into {@code dir}/repository, jars made in {@code work} when needed. */
    static PrivateMavenRepository create(Path dir, Path work) {
        try {
            Path repository = Files.createDirectories(dir.resolve("repository"));
            String version = Reactor.version();
            Path root = Reactor.root();
            install(repository, "idem-parent", version, root.resolve("pom.xml"), null);
            install(repository, "idem-bom", version, root.resolve("bom/pom.xml"), null);
            install(repository, "idem-annotations", version, root.resolve("annotations/pom.xml"),
                    Reactor.moduleJar("annotations", work));
            // The shaded jar goes with the POM the shade plugin reduced (JavaPoet is inside); plain classes with the real one.
            boolean shaded = Reactor.shadedProcessorIsCurrent();
            install(repository, "idem-processor", version, root.resolve(shaded
                    ? "processor/target/dependency-reduced-pom.xml" : "processor/pom.xml"),
                    Reactor.moduleJar("processor", work));
            for (String module : List.of("regex", "runtime", "config", "approvals", "agent", "openai")) {
                install(repository, "idem-" + module, version, root.resolve(module).resolve("pom.xml"),
                        Reactor.moduleJar(module, work));
            }
            for (String adapter : ADAPTERS) {
                install(repository, artifact(adapter), version, root.resolve(adapter).resolve("pom.xml"),
                        Reactor.moduleJar(adapter, work));
            }
            Path settings = dir.resolve("settings.xml");
            String local = "<id>local-repository</id><url>" + Reactor.localRepository().toUri() + "</url>";
            Files.writeString(settings, "<settings>\n  <profiles>\n    <profile>\n      <id>local-first</id>\n"
                    + "      <repositories><repository>" + local + "</repository></repositories>\n"
                    + "      <pluginRepositories><pluginRepository>" + local + "</pluginRepository></pluginRepositories>\n"
                    + "    </profile>\n  </profiles>\n"
                    + "  <activeProfiles><activeProfile>local-first</activeProfile></activeProfiles>\n</settings>\n");
            return new PrivateMavenRepository(repository, settings);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code mvn} on the PATH (or under {@code MAVEN_HOME}), when there is one. */
    static Optional<Path> maven() {
        List<Path> candidates = new ArrayList<>();
        String home = System.getenv("MAVEN_HOME");
        if (home != null) {
            candidates.add(Path.of(home, "bin", "mvn"));
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                candidates.add(Path.of(dir, "mvn"));
            }
        }
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** Runs {@code mvn -B -q <goals>} in {@code project} on the JDK at {@code jdk}, against this repository. */
    Command mvn(Path maven, Path project, Path jdk, String... goals) {
        List<String> command = new ArrayList<>(List.of(maven.toString(), "-B", "-q", "-s", settings.toString(),
                "-Dmaven.repo.local=" + repository));
        command.addAll(List.of(goals));
        return Command.run(project, Map.of("JAVA_HOME", jdk.toString(), "MAVEN_OPTS", QUICK_JVM), command);
    }

    /** The artifact id of a module folder: {@code idem-} and the folder's name. */
    private static String artifact(String module) {
        return "idem-" + module;
    }

    private static void install(Path repository, String artifact, String version, Path pom, Path jar) throws IOException {
        Path dir = Files.createDirectories(repository.resolve("dev/idem").resolve(artifact).resolve(version));
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            Files.copy(jar, dir.resolve(artifact + "-" + version + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
