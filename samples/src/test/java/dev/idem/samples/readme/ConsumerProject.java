package dev.idem.samples.readme;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/** A project a user makes from the README: its files written into a fresh directory. */
final class ConsumerProject {

    private ConsumerProject() {}

    /** Writes {@code files} (relative path to content) into {@code work}/{@code name}, emptied first. */
    static Path write(Path work, String name, Map<String, String> files) {
        Path project = work.resolve(name);
        try {
            if (Files.exists(project)) {
                try (Stream<Path> old = Files.walk(project)) {
                    old.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                }
            }
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = project.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return project;
    }
}
