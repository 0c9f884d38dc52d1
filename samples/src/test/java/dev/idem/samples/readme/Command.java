package dev.idem.samples.readme;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command run to its end, with its output: what a user types in a shell.
 *
 * @param command  what ran
 * @param exitCode its exit code
 * @param output   standard output and error, interleaved
 */
record Command(List<String> command, int exitCode, String output) {

    /** Generous: a cold Maven on a shared 2-core machine. */
    private static final long TIMEOUT_SECONDS = 300;

    /** Runs {@code command} in {@code dir} with these extra environment variables. */
    static Command run(Path dir, Map<String, String> environment, List<String> command) {
        try {
            Path log = Files.createTempFile(dir, "command", ".log");
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out after " + TIMEOUT_SECONDS + " s: " + command);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            Files.delete(log);
            return new Command(command, process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** This command, asserting it succeeded. */
    Command succeeded() {
        if (exitCode != 0) {
            throw new AssertionError("exit " + exitCode + ": " + String.join(" ", command) + "\n" + output);
        }
        return this;
    }
}
