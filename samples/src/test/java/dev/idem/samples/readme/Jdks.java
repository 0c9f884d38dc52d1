package dev.idem.samples.readme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The JDKs to prove the README on: 17 (this JVM when it is one) and 25 (Temurin beside it, or
 * {@code -Didem.jdk25=/path}). Found by their {@code release} file, never guessed from a name alone.
 */
final class Jdks {

    private static final Path JVMS = Path.of("/usr/lib/jvm");

    private Jdks() {}

    /** A JDK of that feature release, when this machine has one. */
    static Optional<Path> find(int feature) {
        String configured = System.getProperty("idem.jdk" + feature);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(home -> is(home, feature));
        }
        Path current = Path.of(System.getProperty("java.home"));
        if (Runtime.version().feature() == feature && Files.isExecutable(current.resolve("bin/javac"))) {
            return Optional.of(current);
        }
        Path temurin = JVMS.resolve("temurin-" + feature + "-jdk-amd64");
        if (is(temurin, feature)) {
            return Optional.of(temurin);
        }
        if (!Files.isDirectory(JVMS)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(JVMS)) {
            return homes.filter(home -> is(home, feature)).sorted().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static boolean is(Path home, int feature) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin/javac"))) {
            return false;
        }
        try {
            String text = Files.readString(release);
            return text.contains("JAVA_VERSION=\"" + feature + ".") || text.contains("JAVA_VERSION=\"" + feature + "\"");
        } catch (IOException e) {
            return false;
        }
    }
}
