package dev.idem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The built jar, run as its users run it: {@code java -jar target/idem-cli-*.jar ...} in a process
 * of its own, its output and exit status read back.
 */
final class CliJar {

    private CliJar() {}

    /** What one run printed, and its exit status. */
    record Run(int status, String out, String err) {
        @Override
        public String toString() {
            return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** The one jar {@code target/idem-cli-*.jar} names (the sources jar is elsewhere). */
    static Path jar() {
        List<Path> matches = new ArrayList<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of(System.getProperty("idem.cli.target",
                "target")), "idem-cli-*.jar")) {
            jars.forEach(matches::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(matches).as("target/idem-cli-*.jar names one jar").hasSize(1);
        return matches.get(0);
    }

    static Run run(String... args) {
        return run(Map.of(), args);
    }

    static Run run(Map<String, String> environment, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar().toString()));
        command.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("idem-cli", ".out");
            Path err = Files.createTempFile("idem-cli", ".err");
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().remove(JournalLocation.PASSWORD_VARIABLE);
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("java -jar idem-cli.jar " + List.of(args) + " did not end in 120 s");
            }
            Run run = new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
