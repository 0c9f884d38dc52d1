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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code docs/spring-boot.md} works as written: its project, made of the page's blocks (the
 * {@code pom.xml}, the integrations' {@code Ledger.java}, {@code LedgerApplication.java} and
 * {@code application.yml}), builds with Maven as a project of its own (no Idem parent, Spring
 * Boot's and Idem's BOMs imported) against the reactor's artifacts, and the application starts:
 * a real Spring Boot context in which the starter serves the ledger bean's tool. Once as written
 * (a file journal), once with the page's PostgreSQL block added, against a real PostgreSQL the test
 * starts, through the application's {@code DataSource}; and once with the page's web block added, a
 * web application on a random port whose {@code idem} Actuator endpoint a real HTTP client calls.
 */
class SpringBootProjectTest {

    private static final Path WORK = Path.of("target", "readme-projects").toAbsolutePath();
    private static final String DRIVER = "ReadmeToolCall";
    /** The key of the unknown outcome the HTTP driver leaves in the journal. */
    private static final String KEY = "idem-ticket-7-credit";
    /** The key of the credit the HTTP driver leaves awaiting approval. */
    private static final String AWAITING = "idem-ticket-9-credit";

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
        String output = buildAndRun("spring-boot", pages.project("spring-boot"), DRIVER);

        assertThat(output).contains("result: {\"id\":\"E1\",\"account\":\"ACC-1\",\"cents\":4200}")
                .contains("entries: [Entry[id=E1, account=ACC-1, cents=4200]]")
                .contains("journal: FileCallJournal")
                .contains("recorded: SUCCEEDED")
                .contains("max-attempts: 2 from application.yml idem.tool.credit.retry.max-attempts");
    }

    /**
     * The page's application with a misspelt {@code idem.} key in its {@code application.yml}, started
     * by its own {@code main} on the class path Maven resolved (the installed starter jar, whose
     * {@code META-INF/spring.factories} registers the failure analyzer): it stops with Boot's one
     * failure summary, naming the file, the key and the suggestion, and no stack trace.
     */
    @Test
    void aMisspeltIdemKeyInApplicationYamlStopsTheApplicationWithBootsFailureSummary() {
        Map<String, String> files = new LinkedHashMap<>(pages.project("spring-boot"));
        String yaml = "src/main/resources/application.yml";
        files.put(yaml, files.get(yaml).replace("  journal:\n    directory:", "  jurnal:\n    type: file\n"
                + "  journal:\n    directory:"));
        assertThat(files.get(yaml)).contains("jurnal:");

        Command run = buildAndStart("spring-boot-misspelt", files, DRIVER, "com.example.LedgerApplication");

        assertThat(run.exitCode()).as("the application must not start:%n%s", run.output()).isNotZero();
        assertThat(run.output()).as("Boot's failure summary, once:%n%s", run.output())
                .containsOnlyOnce("APPLICATION FAILED TO START")
                .contains("application.yml idem.jurnal.type is not a known key; did you mean idem.journal?")
                .contains("Action:").contains("Correct or remove the idem.* keys named above")
                .doesNotContain("\tat ");
    }

    /**
     * The page's Spring AI example passes the intent id in every prompt's {@code toolContext}: without
     * it each call is an intent of its own and a user's retry runs the tools again.
     */
    @Test
    void everyChatClientPromptOnThePageCarriesTheIntentIdThatMakesARetrySafe() {
        String page = Reactor.read(Reactor.root().resolve("docs/spring-boot.md"));
        int prompts = 0;
        for (int at = page.indexOf(".tools("); at >= 0; at = page.indexOf(".tools(", at + 1)) {
            int end = page.indexOf(".call()", at);
            String prompt = page.substring(at, end < 0 ? Math.min(page.length(), at + 200) : end);
            assertThat(prompt).as("a prompt of docs/spring-boot.md").contains(
                    ".toolContext(Map.of(IdemToolCallbackProvider.INTENT_ID, ");
            prompts++;
        }
        assertThat(prompts).as("the page's ChatClient prompts").isPositive();
    }

    @Test
    void withThePostgresBlockTheJournalIsPostgresThroughTheApplicationsDataSource() throws IOException {
        Map<String, String> files = new LinkedHashMap<>(pages.project("spring-boot"));
        String added = pages.dependencies("spring-boot-postgres");
        files.put("pom.xml", files.get("pom.xml").replace("  </dependencies>\n\n  <build>", added + "  </dependencies>\n\n  <build>"));
        assertThat(files.get("pom.xml")).contains("idem-journal-postgres");

        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            String output = buildAndRun("spring-boot-postgres", files, DRIVER,
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

    @Test
    void exposedAsThePageSaysTheIdemEndpointListsAndResolvesUnknownOutcomesOverHttp() {
        Map<String, String> files = new LinkedHashMap<>(pages.project("spring-boot"));
        files.put("pom.xml", files.get("pom.xml").replace("  </dependencies>\n\n  <build>",
                pages.dependencies("spring-boot-web") + "  </dependencies>\n\n  <build>"));
        String yaml = "src/main/resources/application.yml";
        files.put(yaml, files.get(yaml) + pages.addition("spring-boot-web", yaml));
        assertThat(files.get("pom.xml")).contains("spring-boot-starter-actuator");
        assertThat(files.get(yaml)).contains("include: idem");

        String notApplied = pages.blocks().stream().filter(block -> block.language().equals("http"))
                .flatMap(block -> block.text().lines()).filter(line -> line.contains("\"NOT_APPLIED\""))
                .map(line -> line.substring(line.indexOf("{\""))).findFirst()
                .orElseThrow(() -> new AssertionError("the page shows no NOT_APPLIED resolution"));

        String approved = pages.blocks().stream().filter(block -> block.language().equals("http"))
                .flatMap(block -> block.text().lines()).filter(line -> line.contains("\"APPROVED\""))
                .map(line -> line.substring(line.indexOf("{\""))).findFirst()
                .orElseThrow(() -> new AssertionError("the page shows no APPROVED decision"));

        String output = buildAndRun("spring-boot-web", files, "IdemOverHttp", notApplied, approved);

        assertThat(output).as("the application started").contains("Exposing 1 endpoint beneath base path '/actuator'")
                .containsPattern("Tomcat started on port \\d+ ").contains("Started IdemOverHttp in");
        JsonNode policies = answer(output, "GET /actuator/idem", 200);
        assertThat(policies.at("/tools/credit/settings/retry.max-attempts/value").asString()).isEqualTo("2");
        assertThat(policies.at("/tools/credit/settings/retry.max-attempts/origin").asString())
                .isEqualTo("application.yml idem.tool.credit.retry.max-attempts");
        assertThat(policies.at("/journal").asString()).isEqualTo("FileCallJournal");
        assertThat(policies.at("/unresolved/records/0/key").asString()).isEqualTo(KEY);

        JsonNode filtered = answer(output,
                "GET /actuator/idem/unresolved?tool=credit&intent=ticket-7&olderThan=PT0S&limit=20", 200);
        assertThat(filtered.at("/records")).hasSize(1);
        assertThat(filtered.at("/records/0/status").asString()).isEqualTo("OUTCOME_UNKNOWN");
        assertThat(filtered.at("/records/0/errorType").asString()).isEqualTo("TIMEOUT");
        assertThat(filtered.at("/records/0/owner").asString()).isEqualTo("replica-1");
        assertThat(filtered.at("/truncated").asBoolean()).isFalse();
        assertThat(answer(output, "GET /actuator/idem/unresolved?tool=entries", 200).at("/records")).isEmpty();
        assertThat(answers(output, "GET /actuator/idem/archived")).extracting(Answer::status)
                .as("any other path than unresolved and awaiting-approval").containsExactly(404);

        List<Answer> posts = answers(output, "POST /actuator/idem/unresolved/" + KEY);
        assertThat(posts).extracting(Answer::status).as("a wrong verdict, then NOT_APPLIED").containsExactly(400, 200);
        JsonNode resolved = posts.get(1).json();
        assertThat(resolved.at("/resolved").asBoolean()).isTrue();
        assertThat(resolved.at("/status").asString()).isEqualTo("FAILED");
        assertThat(resolved.at("/by").asString()).isEqualTo("ana@ops");
        assertThat(resolved.at("/reason").asString()).isEqualTo("no such transfer at the bank");
        assertThat(answer(output, "GET /actuator/idem/unresolved", 200).at("/records")).isEmpty();

        JsonNode awaiting = answer(output, "GET /actuator/idem/awaiting-approval?tool=credit", 200);
        assertThat(awaiting.at("/records")).hasSize(1);
        assertThat(awaiting.at("/records/0/key").asString()).isEqualTo(AWAITING);
        assertThat(awaiting.at("/records/0/intent").asString()).isEqualTo("ticket-9");
        assertThat(awaiting.at("/records/0/arguments").asString()).contains("ACC-9");
        assertThat(awaiting.at("/records/0/approvers/0").asString()).isEqualTo("ana@ops");
        List<Answer> decisions = answers(output, "POST /actuator/idem/awaiting-approval/" + AWAITING);
        assertThat(decisions).extracting(Answer::status).as("a wrong verdict, APPROVED, then DECLINED")
                .containsExactly(400, 200, 200);
        assertThat(decisions.get(1).json().at("/decided").asBoolean()).isTrue();
        assertThat(decisions.get(1).json().at("/verdict").asString()).isEqualTo("APPROVED");
        assertThat(decisions.get(1).json().at("/by").asString()).isEqualTo("ana@ops");
        assertThat(decisions.get(2).json().at("/decided").asBoolean()).as("the other verdict after it").isFalse();
        assertThat(decisions.get(2).json().at("/refused").asString()).isEqualTo("already APPROVED by ana@ops");
        assertThat(answer(output, "GET /actuator/idem/awaiting-approval", 200).at("/records")).isEmpty();
        assertThat(output).contains("decision: APPROVED by ana@ops");
    }

    /** One HTTP exchange the driver printed ({@code http: METHOD path -> status body}). */
    private record Answer(int status, String body) {
        JsonNode json() {
            return JsonMapper.builder().build().readTree(body);
        }
    }

    /** The answers to {@code request}, in the order the driver sent it. */
    private static List<Answer> answers(String output, String request) {
        String prefix = "http: " + request + " -> ";
        return output.lines().filter(line -> line.startsWith(prefix)).map(line -> line.substring(prefix.length()))
                .map(answer -> new Answer(Integer.parseInt(answer.substring(0, answer.indexOf(' '))),
                        answer.substring(answer.indexOf(' ') + 1)))
                .toList();
    }

    /** The JSON body of the one answer to {@code request}, whose status must be {@code status}. */
    private static JsonNode answer(String output, String request, int status) {
        List<Answer> answers = answers(output, request);
        assertThat(answers).as("the answers to %s in:%n%s", request, output).hasSize(1);
        assertThat(answers.get(0).status()).as("the status of %s: %s", request, answers.get(0).body()).isEqualTo(status);
        return answers.get(0).json();
    }

    /** Builds the project with Maven on JDK 17 and runs the driver on the test class path Maven resolved. */
    private static String buildAndRun(String name, Map<String, String> projectFiles, String driver,
            String... arguments) {
        Command run = buildAndStart(name, projectFiles, driver, "com.example." + driver, arguments);

        assertThat(run.exitCode()).as("the %s application:%n%s", name, run.output()).isZero();
        return run.output();
    }

    /** Builds the project (with the driver among its test classes) and runs {@code mainClass}, whatever its exit. */
    private static Command buildAndStart(String name, Map<String, String> projectFiles, String driver,
            String mainClass, String... arguments) {
        Optional<Path> jdk = Jdks.find(17);
        assumeTrue(jdk.isPresent(), "no JDK 17 on this machine: the Spring Boot project was not built");
        Optional<Path> maven = PrivateMavenRepository.maven();
        assumeTrue(maven.isPresent(), "no mvn on the PATH: the Spring Boot project was not built");
        Map<String, String> files = new LinkedHashMap<>(projectFiles);
        files.put("src/test/java/com/example/" + driver + ".java", driver(driver));
        Path project = ConsumerProject.write(WORK, name, files);

        Command build = PrivateMavenRepository.shared().mvn(maven.get(), project, jdk.get(), "-X", "test-compile");
        assertThat(build.exitCode()).as("mvn test-compile of the %s project:%n%s", name,
                IntegrationProjectsTest.errors(build.output())).isZero();
        List<String> java = new ArrayList<>(List.of(jdk.get().resolve("bin/java").toString()));
        java.addAll(List.of(PrivateMavenRepository.QUICK_JVM.split(" ")));
        java.addAll(List.of("-cp", String.join(File.pathSeparator,
                IntegrationProjectsTest.testClasspath(build.output(), project)), mainClass));
        java.addAll(List.of(arguments));
        return Command.run(project, Map.of(), java);
    }

    private static String driver(String name) {
        String resource = "drivers/spring-boot/" + name + ".java";
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
