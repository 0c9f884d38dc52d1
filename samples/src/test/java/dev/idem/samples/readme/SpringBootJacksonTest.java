package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Jackson a Spring Boot application resolves with Idem, as {@code docs/setup.md} says, in the
 * two shapes Boot projects come in: Boot's BOM imported in {@code dependencyManagement} (the Spring
 * Boot page's project), and Boot's parent POM (what start.spring.io generates). Each is a project of
 * its own with the page's dependencies, against the reactor's artifacts, asked by
 * {@code mvn dependency:list} what it resolves.
 */
class SpringBootJacksonTest {

    private static final Path WORK = Path.of("target", "readme-projects", "jackson").toAbsolutePath();
    /** What Boot 4.0.7 manages, as docs/setup.md says. */
    private static final String BOOT_JACKSON = "3.1.4";
    private static final String BOOT_ANNOTATIONS = "2.21";
    /** What idem-bom manages, as docs/setup.md says. */
    private static final String IDEM_JACKSON = "3.3.0";
    private static final String IDEM_ANNOTATIONS = "2.23";
    private static final Pattern JACKSON = Pattern.compile(
            "(?m)^\\s*(?:tools\\.jackson\\.core|com\\.fasterxml\\.jackson\\.core):([\\w-]+):jar:([^:\\s]+):");

    private static DocPages pages;

    @BeforeAll
    static void readThePages() {
        pages = DocPages.of("docs/spring-boot.md", "docs/setup.md");
    }

    @Test
    void withBootsBomImportedBeforeIdemsTheApplicationKeepsBootsJackson() {
        Map<String, String> jackson = resolvedJackson("boot-bom", pages.project("spring-boot").get("pom.xml"));

        assertThat(jackson).containsEntry("jackson-databind", BOOT_JACKSON).containsEntry("jackson-core", BOOT_JACKSON)
                .containsEntry("jackson-annotations", BOOT_ANNOTATIONS);
    }

    @Test
    void withBootsParentIdemsBomAloneReplacesBootsJacksonAsTheSetupPageWarns() {
        String management = "<dependencyManagement>\n  <dependencies>\n"
                + "    <dependency><groupId>dev.idem</groupId><artifactId>idem-bom</artifactId><version>${idem.version}</version><type>pom</type><scope>import</scope></dependency>\n"
                + "  </dependencies>\n</dependencyManagement>\n";

        Map<String, String> jackson = resolvedJackson("boot-parent-idem-bom", bootParentPom(management));

        assertThat(jackson).containsEntry("jackson-databind", IDEM_JACKSON).containsEntry("jackson-core", IDEM_JACKSON)
                .containsEntry("jackson-annotations", IDEM_ANNOTATIONS);
    }

    @Test
    void withBootsParentAndTheSetupPagesImportsTheApplicationKeepsBootsJackson() {
        Map<String, String> jackson = resolvedJackson("boot-parent",
                bootParentPom(pages.dependencies("spring-boot-parent")));

        assertThat(jackson).containsEntry("jackson-databind", BOOT_JACKSON).containsEntry("jackson-core", BOOT_JACKSON)
                .containsEntry("jackson-annotations", BOOT_ANNOTATIONS);
    }

    @Test
    void theSetupPageStatesTheVersionsTheseTestsResolve() {
        String page = Reactor.read(Reactor.root().resolve("docs/setup.md"));

        assertThat(page).contains("Boot 4.0.7 manages Jackson " + BOOT_JACKSON + " and jackson-annotations\n  "
                + BOOT_ANNOTATIONS).contains("replaces Boot's Jackson by\n  " + IDEM_JACKSON
                + " and jackson-annotations by " + IDEM_ANNOTATIONS);
    }

    /** A project with Boot's parent, {@code management} and the Spring Boot page's two dependencies. */
    private static String bootParentPom(String management) {
        String page = pages.project("spring-boot").get("pom.xml");
        String dependencies = page.substring(page.indexOf("\n  <dependencies>\n") + 1,
                page.indexOf("\n  </dependencies>\n") + 1) + "  </dependencies>\n";
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
                + "  <modelVersion>4.0.0</modelVersion>\n"
                + "  <parent>\n    <groupId>org.springframework.boot</groupId>\n"
                + "    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>4.0.7</version>\n"
                + "    <relativePath/>\n  </parent>\n"
                + "  <groupId>com.example</groupId>\n  <artifactId>ledger-boot-parent</artifactId>\n  <version>1.0</version>\n"
                + "  <properties>\n    <java.version>17</java.version>\n"
                + "    <idem.version>" + Reactor.version() + "</idem.version>\n  </properties>\n"
                + management.indent(2) + dependencies + "</project>\n";
    }

    /** Artifact id to version of every Jackson artifact {@code mvn dependency:list} resolves for {@code pom}. */
    private static Map<String, String> resolvedJackson(String name, String pom) {
        Optional<Path> jdk = Jdks.find(17);
        assumeTrue(jdk.isPresent(), "no JDK 17 on this machine: the project was not resolved");
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the project was not resolved");
        Path project = ConsumerProject.write(WORK, name, Map.of("pom.xml", pom));
        Path listing = project.resolve("target/dependencies.txt");

        Command list = PrivateMavenRepository.shared().mvn(maven.get(), project, jdk.get(),
                "org.apache.maven.plugins:maven-dependency-plugin:3.9.0:list",
                "-DincludeGroupIds=tools.jackson.core,com.fasterxml.jackson.core", "-DoutputFile=" + listing);

        assertThat(list.exitCode()).as("mvn dependency:list of the %s project:%n%s", name,
                IntegrationProjectsTest.errors(list.output())).isZero();
        String text;
        try {
            text = Files.readString(listing);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> versions = new TreeMap<>();
        Matcher artifact = JACKSON.matcher(text);
        while (artifact.find()) {
            versions.put(artifact.group(1), artifact.group(2));
        }
        System.out.println("SpringBootJacksonTest: the " + name + " project resolves " + versions);
        assertThat(versions).as("the Jackson of the %s project:%n%s", name, text).containsKey("jackson-databind");
        return versions;
    }
}
