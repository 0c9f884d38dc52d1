package dev.idem.mcp.gateway;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What others wrote, from the npm registry, pinned by {@code src/test/npm/package-lock.json}: the
 * MCP reference server {@code @modelcontextprotocol/server-everything}, the official TypeScript SDK
 * whose client {@code host.mjs} drives as a host, and the Node they run on. Installed once into
 * {@code target/npm} while the lock file is unchanged; tests that need them are skipped, with the
 * reason, where npm or its registry cannot be reached.
 */
final class NodeHost {

    private static final Path SOURCES = Path.of("src/test/npm");
    private static final Path WORK = Path.of("target/npm");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private NodeHost() {}

    /** Node 22 from the install. */
    static String node() throws Exception {
        install();
        return WORK.resolve("node_modules/.bin/node").toAbsolutePath().toString();
    }

    /** The reference server's stdio command. */
    static List<String> serverEverything() throws Exception {
        return List.of(node(), WORK.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
                .toAbsolutePath().toString(), "stdio");
    }

    /**
     * Runs {@code host.mjs}: it starts {@code server} over stdio, lists its tools, makes
     * {@code calls} (a JSON array of {@code {"name", "arguments", "_meta"}}) and prints what it saw.
     */
    static JsonNode host(String calls, List<String> server) throws Exception {
        List<String> command = new ArrayList<>(List.of(node(), "host.mjs", calls, "--"));
        command.addAll(server);
        Path out = WORK.resolve("host-out.json");
        Path err = WORK.resolve("host-err.log");
        Process process = new ProcessBuilder(command).directory(WORK.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("host.mjs did not end within 120 s; see " + err);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("host.mjs failed (" + process.exitValue() + "): " + Files.readString(err));
        }
        return JSON.readTree(out.toFile());
    }

    private static synchronized void install() throws Exception {
        Files.createDirectories(WORK);
        Files.copy(SOURCES.resolve("host.mjs"), WORK.resolve("host.mjs"), StandardCopyOption.REPLACE_EXISTING);
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
            File log = WORK.resolve("npm.log").toFile();
            Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(WORK.toFile())
                    .redirectErrorStream(true).redirectOutput(log).start();
            exit = npm.waitFor(240, TimeUnit.SECONDS) ? npm.exitValue() : -1;
        } catch (IOException notThere) {
            exit = -1;
        }
        Assumptions.assumeTrue(exit == 0, "npm or its registry cannot be reached: the tests against the MCP reference"
                + " server are skipped (see target/npm/npm.log)");
        Files.copy(lock, installed, StandardCopyOption.REPLACE_EXISTING);
    }
}
