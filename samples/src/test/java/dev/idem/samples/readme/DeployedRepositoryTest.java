package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Publishing, ready: {@code mvn deploy} of the reactor (the BOM, the parent and the modules the
 * README's minimal project needs) to a file repository, the stand-in for Maven Central, and the
 * README's project built against that repository alone for Idem: a fresh local repository, the
 * deployed one, and Maven Central for third parties (which has no {@code dev.idem} snapshot).
 * About a minute (a nested reactor build, a cold local repository), so it runs with
 * {@code -Didem.deploy.test=true} (docs/building.md, "Published artifacts").
 */
class DeployedRepositoryTest {

    private static final Path WORK = Path.of("target", "deploy-test").toAbsolutePath();
    private static final List<String> MODULES = List.of("annotations", "regex", "runtime", "processor");

    @Test
    void theReadmeProjectBuildsAgainstTheDeployedRepositoryAlone() throws IOException {
        assumeTrue(Boolean.getBoolean("idem.deploy.test"), "mvn deploy to a file repository: run with -Didem.deploy.test=true");
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH");
        Path jdk = Path.of(System.getProperty("java.home"));
        Path deployed = empty(WORK.resolve("repository"));
        String version = Reactor.version();

        Command.run(Reactor.root(), Map.of("JAVA_HOME", jdk.toString(), "MAVEN_OPTS", PrivateMavenRepository.QUICK_JVM),
                List.of(maven.get().toString(), "-B", "-q", "deploy", "-DskipTests", "-Dmaven.install.skip=true",
                        "-Dmaven.repo.local=" + Reactor.localRepository(), "-pl", "bom,runtime,processor", "-am",
                        "-Didem.deploy.url=" + deployed.toUri())).succeeded();

        for (String module : MODULES) {
            Path dir = deployed.resolve("dev/idem/idem-" + module + "/" + version);
            assertThat(names(dir)).as("idem-%s deployed", module).anyMatch(name -> name.endsWith(".pom"))
                    .anyMatch(name -> name.endsWith("-sources.jar")).anyMatch(name -> name.matches(".*-\\d+\\.jar"));
        }
        assertThat(names(deployed.resolve("dev/idem/idem-bom/" + version))).anyMatch(name -> name.endsWith(".pom"));

        Path local = empty(WORK.resolve("consumer-m2"));
        Path settings = WORK.resolve("settings.xml");
        Files.writeString(settings, "<settings><profiles><profile><id>deployed</id><repositories><repository>"
                + "<id>idem-deployed</id><url>" + deployed.toUri() + "</url><snapshots><enabled>true</enabled></snapshots>"
                + "</repository></repositories></profile></profiles>"
                + "<activeProfiles><activeProfile>deployed</activeProfile></activeProfiles></settings>");
        Path project = ConsumerProject.write(WORK, "minimal", DocPages.of(DocPages.README).minimalProject());

        Command.run(project, Map.of("JAVA_HOME", jdk.toString(), "MAVEN_OPTS", PrivateMavenRepository.QUICK_JVM),
                List.of(maven.get().toString(), "-B", "-q", "-s", settings.toString(), "-Dmaven.repo.local=" + local,
                        "compile")).succeeded();

        assertThat(project.resolve("target/classes/com/example/Hello_ToolSet.class")).exists();
        for (String artifact : List.of("idem-bom", "idem-runtime", "idem-processor")) {
            assertThat(local.resolve("dev/idem/" + artifact + "/" + version + "/maven-metadata-idem-deployed.xml"))
                    .as("%s resolved from the deployed repository", artifact).exists();
        }
    }

    private static List<String> names(Path dir) throws IOException {
        assertThat(dir).isDirectory();
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).toList();
        }
    }

    private static Path empty(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> old = Files.walk(dir)) {
                old.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
        return Files.createDirectories(dir);
    }
}
