package dev.idem.mcp.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.mcp.McpHttpServer;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance}, pinned with its
 * Node 22 in {@code src/test/conformance/package-lock.json}) against {@link ConformanceServer} over
 * Streamable HTTP. Every tool-server scenario must pass, and the table in docs/mcp.md must say what
 * this run saw ({@code -Didem.conformance.write=true} rewrites it). Skipped, with the reason, where
 * npm or its registry cannot be reached. npm's install is kept in {@code target/conformance}
 * between runs while the lock file is unchanged.
 */
class McpConformanceTest {

    /** The scenarios that apply to a tool server: all of them must pass. */
    static final List<String> TOOL_SERVER_SCENARIOS = List.of("server-initialize", "logging-set-level", "ping",
            "tools-list", "tools-call-simple-text", "tools-call-image", "tools-call-audio",
            "tools-call-embedded-resource", "tools-call-mixed-content", "tools-call-with-logging", "tools-call-error",
            "tools-call-with-progress", "tools-call-sampling", "tools-call-elicitation", "json-schema-2020-12",
            "elicitation-sep1034-defaults", "elicitation-sep1330-enums", "server-sse-polling",
            "server-sse-multiple-streams", "dns-rebinding-protection");

    private static final Path SOURCES = Path.of("src/test/conformance");
    private static final Path WORK = Path.of("target/conformance");
    private static final Path DOC = Path.of("../docs/mcp.md");
    private static final String TABLE_START = "<!-- conformance-table: written by McpConformanceTest -->";
    private static final String TABLE_END = "<!-- /conformance-table -->";

    @Test
    void everyToolServerScenarioOfTheOfficialSuitePassesAndTheDocsTableSaysSo() throws Exception {
        installSuite();
        Path results = WORK.resolve("results");
        deleteTree(results);
        try (McpHttpServer http = McpHttpServer.start(ConformanceServer.create(), 0)) {
            run(List.of(WORK.resolve("node_modules/.bin/node").toAbsolutePath().toString(),
                    "node_modules/@modelcontextprotocol/conformance/dist/index.js", "server", "--url",
                    http.endpoint().toString(), "--suite", "all", "-o", "results"), 300);
        }
        Map<String, String> outcomes = outcomes(results);

        assertThat(outcomes.keySet()).containsAll(TOOL_SERVER_SCENARIOS);
        for (String scenario : TOOL_SERVER_SCENARIOS) {
            assertThat(outcomes.get(scenario)).as(scenario).startsWith("pass");
        }
        String table = table(outcomes);
        String doc = Files.readString(DOC);
        int start = doc.indexOf(TABLE_START) + TABLE_START.length();
        int end = doc.indexOf(TABLE_END);
        String documented = doc.substring(start, end);
        if (Boolean.getBoolean("idem.conformance.write")) {
            Files.writeString(DOC, doc.substring(0, start) + "\n" + table + doc.substring(end));
        } else {
            assertThat(documented.strip()).as("docs/mcp.md's conformance table (-Didem.conformance.write=true rewrites it)")
                    .isEqualTo(table.strip());
        }
    }

    /** Each scenario's outcome: {@code pass}, {@code pass (n warnings)} or {@code FAIL: first failure}. */
    private static Map<String, String> outcomes(Path results) throws IOException {
        Map<String, String> outcomes = new TreeMap<>();
        JsonMapper json = JsonMapper.builder().build();
        try (Stream<Path> dirs = Files.list(results)) {
            for (Path dir : dirs.toList()) {
                String scenario = dir.getFileName().toString().replaceFirst("^server-", "")
                        .replaceFirst("-\\d{4}-\\d\\d-\\d\\dT.*$", "");
                Path checks = dir.resolve("checks.json");
                if (!Files.exists(checks)) {
                    outcomes.put(scenario, "FAIL: no result");
                    continue;
                }
                int warnings = 0;
                String failure = null;
                for (JsonNode check : json.readTree(checks.toFile())) {
                    String status = check.path("status").asString("");
                    if (status.equals("FAILURE") && failure == null) {
                        failure = check.path("errorMessage").asString(check.path("id").asString(""));
                    } else if (status.equals("WARNING")) {
                        warnings++;
                    }
                }
                outcomes.put(scenario, failure != null ? "FAIL: " + failure.replace('|', '/').replace('\n', ' ')
                        : warnings > 0 ? "pass (" + warnings + " warning" + (warnings > 1 ? "s" : "") + ")" : "pass");
            }
        }
        return outcomes;
    }

    private static String table(Map<String, String> outcomes) {
        StringBuilder table = new StringBuilder("| scenario | tool server | result |\n|---|---|---|\n");
        List<String> order = new ArrayList<>(TOOL_SERVER_SCENARIOS);
        outcomes.keySet().stream().filter(scenario -> !order.contains(scenario)).forEach(order::add);
        for (String scenario : order) {
            table.append("| `").append(scenario).append("` | ")
                    .append(TOOL_SERVER_SCENARIOS.contains(scenario) ? "yes" : "no (SDK specifications)").append(" | ")
                    .append(outcomes.getOrDefault(scenario, "not run")).append(" |\n");
        }
        return table.toString();
    }

    /** {@code npm ci} into target/conformance, unless the lock file installed there is this one. */
    private static void installSuite() throws Exception {
        Files.createDirectories(WORK);
        Path lock = SOURCES.resolve("package-lock.json");
        Path installed = WORK.resolve("node_modules/.idem-lock");
        if (Files.exists(installed) && Files.mismatch(lock, installed) == -1
                && Files.exists(WORK.resolve("node_modules/.bin/node"))) {
            return;
        }
        Files.copy(SOURCES.resolve("package.json"), WORK.resolve("package.json"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(lock, WORK.resolve("package-lock.json"), StandardCopyOption.REPLACE_EXISTING);
        int exit;
        try {
            exit = run(List.of("npm", "ci", "--no-audit", "--no-fund"), 240);
        } catch (IOException notThere) {
            exit = -1;
        }
        Assumptions.assumeTrue(exit == 0, "npm or its registry cannot be reached: the MCP conformance suite is skipped"
                + " (see target/conformance/npm.log)");
        Files.copy(lock, installed, StandardCopyOption.REPLACE_EXISTING);
    }

    private static int run(List<String> command, long seconds) throws IOException, InterruptedException {
        File log = WORK.resolve(command.get(0).equals("npm") ? "npm.log" : "suite.log").toFile();
        Process process = new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true)
                .redirectOutput(log).start();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command + " did not end within " + seconds + " s; see " + log);
        }
        return process.exitValue();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
