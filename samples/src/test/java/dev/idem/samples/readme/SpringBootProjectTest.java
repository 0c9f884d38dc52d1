package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/spring-boot.md} works as written: its project, made of the page's blocks (the
 * {@code pom.xml}, the integrations' {@code Ledger.java}, {@code LedgerApplication.java} and
 * {@code application.yml}), builds with Maven as a project of its own (no Idem parent, Spring
 * Boot's and Idem's BOMs imported) against the reactor's artifacts, and the application starts:
 * a real Spring Boot context in which the starter serves the ledger bean's tool. Once as written
 * (a file journal), once with the page's PostgreSQL block added, against a real PostgreSQL the test
 * starts, through the application's {@code DataSource}.
 */
class SpringBootProjectTest {

    private static final Path WORK = Path.of("target", "readme-projects").toAbsolutePath();
    private static final String DRIVER = "com.example.ReadmeToolCall";

    private static DocPages pages;

    @BeforeAll
    static void readThePages() {
        pages = DocPages.of(DocPages.README, "docs/integrations.md", "docs/spring-boot.md");
    }

    @Test
    void theSpringBootProjectUsesTheBomsWithThePagesDependenciesInTheirOrder() {
        ConsumerPom pom = ConsumerPom.read(ConsumerProject.write(WORK.resolve("poms"), "spring-boot",
                pages.project("spring-boot")).resolve("pom.xml"));
        ConsumerPom listed = ConsumerPom.fragment(pages.dependencies("spring-boot"));

        assertThat(pom.hasParent()).isFalse();
        assertThat(pom.property("idem.version")).isEqualTo(Reactor.version());
        assertThat(pom.dependencies()).containsExactlyElementsOf(listed.dependencies())
                .containsExactly("org.springframework.boot:spring-boot-starter:?", "dev.idem:idem-spring-boot-starter:?");
        assertThat(pom.managedDependencies()).containsExactlyElementsOf(listed.managedDependencies())
                .containsExactly("org.springframework.boot:spring-boot-dependencies:4.0.7:pom:import",
                        "dev.idem:idem-bom:${idem.version}:pom:import");
    }

    @Test
    void theSpringBootApplicationServesTheLedgerBeanWithAFileJournal() {
        String output = buildAndRun("spring-boot", pages.project("spring-boot"));

        assertThat(output).contains("result: {\"id\":\"E1\",\"account\":\"ACC-1\",\"cents\":4200}")
                .contains("entries: [Entry[id=E1, account=ACC-1, cents=4200]]")
                .contains("journal: FileCallJournal")
                .contains("recorded: SUCCEEDED")
                .contains("max-attempts: 2 from application.yml idem.tool.credit.retry.max-attempts");
    }

    @Test
    void withThePostgresBlockTheJournalIsPostgresThroughTheApplicationsDataSource() throws IOException {
        Map<String, String> files = new LinkedHashMap<>(pages.project("spring-boot"));
        String added = pages.dependencies("spring-boot-postgres");
        files.put("pom.xml", files.get("pom.xml").replace("  </dependencies>\n\n  <build>", added + "  </dependencies>\n\n  <build>"));
        assertThat(files.get("pom.xml")).contains("idem-journal-postgres");

        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            String output = buildAndRun("spring-boot-postgres", files,
                    "--spring.datasource.url=jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres",
                    "--spring.datasource.username=postgres");

            assertThat(output).contains("entries: [Entry[id=E1, account=ACC-1, cents=4200]]")
                    .contains("journal: PostgresCallJournal")
                    .contains("recorded: SUCCEEDED");
            try (var connection = postgres.getPostgresDatabase().getConnection();
                    var rows = connection.createStatement().executeQuery(
                            "SELECT tool, status FROM idem_call_journal")) {
                assertThat(rows.next()).as("a row in the application's database").isTrue();
                assertThat(rows.getString(1) + " " + rows.getString(2)).isEqualTo("credit SUCCEEDED");
            } catch (java.sql.SQLException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Builds the project with Maven on JDK 17 and runs the driver on the test class path Maven resolved. */
    private static String buildAndRun(String name, Map<String, String> projectFiles, String... arguments) {
        Optional<Path> jdk = Jdks.find(17);
        assumeTrue(jdk.isPresent(), "no JDK 17 on this machine: the Spring Boot project was not built");
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the Spring Boot project was not built");
        Map<String, String> files = new LinkedHashMap<>(projectFiles);
        files.put("src/test/java/com/example/ReadmeToolCall.java", driver());
        Path project = ConsumerProject.write(WORK, name, files);

        Command build = PrivateMavenRepository.shared().mvn(maven.get(), project, jdk.get(), "-X", "test-compile");
        assertThat(build.exitCode()).as("mvn test-compile of the %s project:%n%s", name,
                IntegrationProjectsTest.errors(build.output())).isZero();
        List<String> java = new ArrayList<>(List.of(jdk.get().resolve("bin/java").toString()));
        java.addAll(List.of(PrivateMavenRepository.QUICK_JVM.split(" ")));
        java.addAll(List.of("-cp", String.join(File.pathSeparator,
                IntegrationProjectsTest.testClasspath(build.output(), project)), DRIVER));
        java.addAll(List.of(arguments));
        Command run = Command.run(project, Map.of(), java);

        assertThat(run.exitCode()).as("the %s application:%n%s", name, run.output()).isZero();
        return run.output();
    }

    private static String driver() {
        String resource = "drivers/spring-boot/ReadmeToolCall.java";
        try (InputStream in = SpringBootProjectTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no driver " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
